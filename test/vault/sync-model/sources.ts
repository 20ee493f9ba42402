import {appendFile, mkdir, rename, rm, writeFile} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {claudeProjectFolder, claudeRetitleLine, claudeTurnLines} from './claude-session.js'
import {topics, uuidFrom} from './conversation-text.js'
import {
  geminiFileName,
  geminiHeaderLine,
  geminiProjectHash,
  geminiRetitleLine,
  geminiTurnLines
} from './gemini-session.js'
import type {ConversationModel, SyncModel} from './model.js'
import type {SyncWorld} from './sync-world.js'

/** The tools whose sessions are generated. */
export type Tool = ConversationModel['tool']

/** Writes a new session of `tool` with `turns` turns where the tool keeps them, and adds it to the model. */
export async function addSource(model: SyncModel, world: SyncWorld, tool: Tool, turns: number): Promise<void> {
  const index = model.conversations.length + 1
  const topic = topics[index % topics.length] ?? 'garden'
  // Unique in the run and the same on a replay (fast-check's seed makes the same steps).
  const sessionId = uuidFrom(`${world.home}:${index}:${tool}`)
  let conversation: ConversationModel
  if (tool === 'claude') {
    const session = {index, sessionId, cwd: `/work/${topic}-${index}`, topic}
    const source = join(world.home, '.claude', 'projects', claudeProjectFolder(session), `${sessionId}.jsonl`)
    conversation = {...blank(index, sessionId, source), tool, session}
  } else {
    const session = {index, sessionId, projectHash: geminiProjectHash(`/work/${topic}-${index}`), topic}
    const source = join(world.home, '.gemini', 'tmp', session.projectHash, 'chats', geminiFileName(session))
    conversation = {...blank(index, sessionId, source), tool, session}
  }
  await mkdir(dirname(conversation.source ?? ''), {recursive: true})
  await writeFile(
    conversation.source ?? '',
    conversation.tool === 'gemini' ? geminiHeaderLine(conversation.session) : ''
  )
  model.conversations.push(conversation)
  await growSource(conversation, turns)
}

function blank(index: number, id: string, source: string): Omit<ConversationModel, 'tool' | 'session'> {
  return {
    index,
    id,
    source,
    turns: 0,
    synced: false,
    deletedByUser: false,
    unfindable: false,
    movedUnseen: false,
    changed: true
  }
}

/** Appends `turns` turns to the session, as the tool does while the person goes on with it. */
export async function growSource(conversation: ConversationModel, turns: number): Promise<void> {
  let lines = ''
  for (let turn = conversation.turns + 1; turn <= conversation.turns + turns; turn++) {
    lines +=
      conversation.tool === 'claude'
        ? claudeTurnLines(conversation.session, turn)
        : geminiTurnLines(conversation.session, turn)
  }
  await appendFile(sourceOf(conversation), lines)
  conversation.turns += turns
  conversation.changed = true
}

/** Renames the conversation in its tool (Claude Code's `/rename`, Gemini CLI's summary). */
export async function retitleSource(conversation: ConversationModel, title: string): Promise<void> {
  const line =
    conversation.tool === 'claude' ? claudeRetitleLine(conversation.session, title) : geminiRetitleLine(title)
  await appendFile(sourceOf(conversation), line)
  conversation.changed = true
}

/**
 * Moves the session file to another folder of its tool, as when the project folder was renamed (Claude Code and
 * Gemini CLI name the session's folder after the project): the same conversation in another file.
 */
export async function moveSource(world: SyncWorld, conversation: ConversationModel, move: number): Promise<void> {
  const from = sourceOf(conversation)
  const name = from.slice(from.lastIndexOf('/') + 1)
  const to =
    conversation.tool === 'claude'
      ? join(world.home, '.claude', 'projects', `${claudeProjectFolder(conversation.session)}-moved-${move}`, name)
      : join(world.home, '.gemini', 'tmp', geminiProjectHash(`${from}:${move}`), 'chats', name)
  await mkdir(dirname(to), {recursive: true})
  await rename(from, to)
  conversation.source = to
  conversation.changed = true
}

/** Deletes the session file (the person cleared the tool's history). */
export async function removeSource(conversation: ConversationModel): Promise<void> {
  await rm(sourceOf(conversation))
  conversation.source = undefined
}

function sourceOf(conversation: ConversationModel): string {
  if (conversation.source === undefined) throw new Error(`conversation ${conversation.index} has no source any more`)
  return conversation.source
}
