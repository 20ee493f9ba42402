import type {Conversation, ConversationMetadata, Turn} from '@chatmark/core/model'
import {
  forkNotice,
  modelParticipant,
  stringOf,
  sumTokens,
  timeOf,
  tokensInOrder,
  userParticipant
} from '@chatmark/core/model'
import type {SessionTotals} from './build-turns.js'
import {BranchTurns} from './build-turns.js'
import type {EntryTree} from './entry-tree.js'
import {sessionTurns} from './session-turns.js'
import type {PiEntry, PiSession} from './types.js'

/** Where a session was read from, and what the reader knows of it besides its lines. */
export interface SessionSource {
  format: string
  variant: string
  /** The input's name made an id, for a session whose header is lost. */
  fallbackId: string
  path?: string
  /** The tool's name for the participant that answers (`Pi`, `OpenClaw`). */
  tool: string
  /** Facts for the frontmatter from outside the lines (OpenClaw's session key). */
  extra?: Record<string, string | number | boolean>
  parent?: ConversationMetadata['parent']
}

/**
 * The conversation of one session: the current branch as its turns, the
 * other branches in their place, the header's `cwd` as the project, the
 * last `session_info` name as the title, and for a fork (`parentSession`)
 * the parent's id, the history copied from it left to the parent's note.
 */
export function toConversation(session: PiSession, tree: EntryTree, source: SessionSource): Conversation {
  const header = session.header?.record ?? {}
  const totals: SessionTotals = {
    models: [],
    cacheWrite: 0,
    cost: 0,
    fidelity: session.fidelity,
    labels: labelsOf(session.entries),
    calls: new Map()
  }
  const metadata: ConversationMetadata = {}
  const parent = source.parent ?? forkParent(header)
  const copied = parent?.relation === 'fork' ? copiedEntries(tree.current.path, header) : 0
  let copiedTurns = 0
  if (copied > 0) {
    const builder = new BranchTurns(totals, false)
    for (const entry of tree.current.path.slice(0, copied)) builder.add(entry)
    copiedTurns = builder.turns.filter((turn) => turn.role === 'user' || turn.role === 'assistant').length
    tree.current.path = tree.current.path.slice(copied)
  }
  const {turns} = sessionTurns(tree.current, totals)
  if (parent) {
    metadata.parent = parent
    if (parent.relation === 'fork') turns.unshift({role: 'system', parts: [forkNotice(parent.id, copiedTurns)]})
  }
  if (totals.models.length > 0) metadata.models = totals.models
  const project = stringOf(header['cwd'])
  if (project) metadata.project = project
  const tokens = sumTokens(mainTurns(turns).flatMap((turn) => (turn.tokens ? [turn.tokens] : [])))
  if (tokens) metadata.tokens = tokens
  const extra: Record<string, string | number | boolean> = {...source.extra}
  // The version of the session file's format, not of the tool.
  if (session.header) extra['fileVersion'] = session.header.version
  if (totals.cacheWrite > 0) metadata.tokens = tokensInOrder({...metadata.tokens, cacheCreation: totals.cacheWrite})
  if (totals.cost > 0) extra['cost'] = Number(totals.cost.toFixed(6))
  const thinking = lastOf(session.entries, 'thinking_level_change', 'thinkingLevel')
  if (thinking) extra['thinkingLevel'] = thinking
  if (Object.keys(extra).length > 0) metadata.extra = extra

  const conversation: Conversation = {
    id: stringOf(header['id']) ?? source.fallbackId,
    source: {format: source.format, variant: source.variant, ...(source.path ? {path: source.path} : {})},
    participants: [userParticipant(), modelParticipant('assistant', source.tool)],
    metadata,
    turns,
    fidelity: totals.fidelity
  }
  const title = lastOf(tree.current.path, 'session_info', 'name') ?? lastOf(session.entries, 'session_info', 'name')
  if (title) conversation.title = title
  const createdAt = timeOf(header['timestamp']) ?? timeOf(session.entries[0]?.record['timestamp'])
  if (createdAt) conversation.createdAt = createdAt
  const updatedAt = timeOf(session.entries.at(-1)?.record['timestamp'])
  if (updatedAt) conversation.updatedAt = updatedAt
  return conversation
}

/** The turns of the current branch, without those of the branches off it (their tokens are not the note's). */
function mainTurns(turns: readonly Turn[]): Turn[] {
  return turns.filter((turn) => !turn.parts.some((part) => part.type === 'branch'))
}

/**
 * `parentSession`: the path of the session file a fork (`--fork`, `/fork`) was copied from. Its id is the uuid
 * after the last `_` of the file's name (`<time>_<uuid>.jsonl`), else the name.
 */
function forkParent(header: Record<string, unknown>): ConversationMetadata['parent'] | undefined {
  const path = stringOf(header['parentSession']) ?? stringOf(header['branchedFrom'])
  if (!path) return undefined
  const name = path.split(/[/\\]/).at(-1) ?? path
  const id =
    name
      .replace(/\.jsonl$/, '')
      .split('_')
      .at(-1) || name
  return {id, relation: 'fork'}
}

/**
 * How many entries at the start of a fork's branch were copied from its parent: Pi copies them with their ids and
 * times (`SessionManager.forkFrom`, `createBranchedSession`), so they are older than the fork's header.
 */
function copiedEntries(path: readonly PiEntry[], header: Record<string, unknown>): number {
  const created = stringOf(header['timestamp'])
  if (!created) return 0
  let count = 0
  for (const entry of path) {
    const time = stringOf(entry.record['timestamp'])
    if (time === undefined || time >= created) break
    count++
  }
  return count
}

function labelsOf(entries: readonly PiEntry[]): Map<string, string> {
  const labels = new Map<string, string>()
  for (const entry of entries) {
    if (entry.type !== 'label') continue
    const target = stringOf(entry.record['targetId'])
    if (target === undefined) continue
    const label = stringOf(entry.record['label'])
    if (label) labels.set(target, label)
    else labels.delete(target)
  }
  return labels
}

function lastOf(entries: readonly PiEntry[], type: string, field: string): string | undefined {
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index]!
    const value = entry.type === type ? stringOf(entry.record[field]) : undefined
    if (value) return value
  }
  return undefined
}
