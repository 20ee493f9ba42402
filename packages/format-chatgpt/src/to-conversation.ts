import type {Conversation, Fidelity, NoticePart, Part, Turn} from '@chatmark/core/model'
import {modelParticipant, numberBranches, stringOf, userParticipant} from '@chatmark/core/model'
import {shorten} from '@chatmark/core/read'
import {epochToIso} from './epoch.js'
import type {TreeNode} from './message-tree.js'
import {activePath, branchFrom, messageTree, newestLeaves} from './message-tree.js'
import type {MessageView} from './message-view.js'
import {messageView} from './message-view.js'
import type {RawConversation} from './types.js'

/** Which branches a note shows. */
export type Branches = 'current' | 'all'

/** What {@link toConversation} needs besides the raw conversation. */
export interface ConversationSettings {
  branches: Branches
  variant: string
  path?: string
  /** Records a problem on the file; `reason` is a whole sentence. */
  report(reason: string, ruleId: string): void
}

const user = userParticipant()
const model = modelParticipant('chatgpt', 'ChatGPT')

/**
 * Reads one conversation of the export: the active branch (from
 * `current_node` up to the root), its messages grouped into turns (an
 * assistant's thoughts, tool calls, tool outputs and answer are one turn),
 * and, with `branches: 'all'`, every other branch as a branch part (in a
 * system turn of its own) where it forks, a branch's own branches nested in
 * it, numbered in the order a note shows them. Returns `undefined` when
 * nothing in it is shown.
 */
export function toConversation(
  raw: RawConversation,
  index: number,
  settings: ConversationSettings
): Conversation | undefined {
  const id = stringOf(raw['id']) || stringOf(raw['conversation_id']) || `conversation-${index + 1}`
  const title = stringOf(raw['title'])?.trim()
  const label = `Conversation ${index + 1} (${title ? `“${shorten(title)}”, ` : ''}id ${shorten(id)})`
  const fidelity: Fidelity = {}
  const count = (reason: string): void => {
    fidelity[reason] = (fidelity[reason] ?? 0) + 1
  }
  const ignore = (): void => {}

  const tree = messageTree(raw.mapping)
  const active = activePath(tree, stringOf(raw['current_node']))
  for (const problem of [...tree.problems, ...active.problems])
    settings.report(`${label}: ${problem.reason}`, problem.ruleId)

  const onPath = new Set(active.path.map((node) => node.id))
  for (const node of tree.nodes.values()) {
    if (!onPath.has(node.id) && node.message && messageView(node.message, ignore)) count('abandoned-branch-message')
  }

  const leaves = settings.branches === 'all' ? newestLeaves(tree) : undefined
  const shown = new Set(onPath)
  const models: string[] = []

  const turns: Turn[] = []
  if (active.leaf === 'newest-leaf') {
    turns.push(
      noticeTurn({
        type: 'notice',
        level: 'warning',
        kind: 'current-branch-unknown',
        text:
          'The export does not say which branch was current (no usable current_node): the branch of the newest ' +
          'message is shown'
      })
    )
  }
  // Not `push(...)`: a branch of 300,000 messages is as many arguments, past the stack's room.
  for (const turn of branchTurns(active.path, true)) turns.push(turn)
  numberBranches(turns, 0)
  if (!turns.some((turn) => turn.parts.some((part) => part.type !== 'notice'))) return undefined

  const conversation: Conversation = {
    id,
    source: {format: 'chatgpt', variant: settings.variant, ...(settings.path ? {path: settings.path} : {})},
    participants: [{...user}, {...model}],
    metadata: {},
    turns,
    fidelity
  }
  if (title) conversation.title = title
  const createdAt = epochToIso(raw['create_time'])
  const updatedAt = epochToIso(raw['update_time'])
  if (createdAt) conversation.createdAt = createdAt
  if (updatedAt) conversation.updatedAt = updatedAt
  const fallbackModel = stringOf(raw['default_model_slug'])
  if (models.length > 0) conversation.metadata.models = models
  else if (fallbackModel) conversation.metadata.models = [fallbackModel]
  const gizmo = stringOf(raw['gizmo_id'])
  if (gizmo) conversation.metadata.extra = {gizmo_id: gizmo}
  return conversation

  /** The turns of one branch, with a branch part where each branch forks off it (`branches: 'all'`). */
  function branchTurns(path: readonly TreeNode[], main: boolean): Turn[] {
    const list: Turn[] = []
    let group: Turn | undefined
    for (const [position, node] of path.entries()) {
      const view = node.message ? messageView(node.message, main ? count : ignore) : undefined
      if (view) {
        if (main && view.model && !models.includes(view.model)) models.push(view.model)
        group = add(list, group, view, main ? count : ignore)
      }
      if (!leaves) continue
      const next = path[position + 1]
      for (const child of tree.children.get(node.id) ?? []) {
        if (child === next || shown.has(child.id)) continue
        const branch = branchFrom(tree, child, leaves)
        for (const member of branch) shown.add(member.id)
        const inner = branchTurns(branch, false)
        if (!inner.some((turn) => turn.parts.some((part) => part.type !== 'notice'))) continue
        group = undefined
        const origin =
          branch[0]?.message && messageView(branch[0].message, ignore)?.role === 'user'
            ? 'edited-prompt'
            : 'regenerated-answer'
        list.push({role: 'system', parts: [{type: 'branch', number: 0, origin, turns: inner}]})
      }
    }
    return list
  }
}

/** Adds a message to the turns; returns the open assistant turn, if any. */
function add(
  list: Turn[],
  group: Turn | undefined,
  view: MessageView,
  count: (reason: string) => void
): Turn | undefined {
  if (view.role === 'user' || view.role === 'system') {
    const turn: Turn =
      view.role === 'user' ? {role: 'user', author: user.id, parts: view.parts} : {role: 'system', parts: view.parts}
    stamp(turn, view)
    list.push(turn)
    return undefined
  }
  let turn = group
  if (!turn) {
    turn = {role: 'assistant', author: model.id, parts: []}
    stamp(turn, view)
    list.push(turn)
  }
  if (!turn.model && view.model) turn.model = view.model
  if (view.result) {
    const last = turn.parts.at(-1)
    if (last?.type === 'tool-call' && !last.result) last.result = view.result
    else if (view.result.text !== '') {
      const name = view.toolName ?? 'tool'
      turn.parts.push({type: 'tool-call', text: view.resultLabel ?? name, name, input: undefined, result: view.result})
    } else count('empty-tool-output')
  }
  if (view.recap && turn.parts.at(-1)?.type === 'thinking') return turn
  for (const part of view.parts) turn.parts.push(part)
  return turn
}

function stamp(turn: Turn, view: MessageView): void {
  if (view.id) turn.id = view.id
  if (view.timestamp) turn.timestamp = view.timestamp
  if (view.model && turn.role === 'assistant') turn.model = view.model
}

function noticeTurn(notice: NoticePart): Turn {
  const parts: Part[] = [notice]
  return {role: 'system', parts}
}
