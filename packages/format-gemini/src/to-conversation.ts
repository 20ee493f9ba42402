import type {
  CompactionNotice,
  Conversation,
  ConversationMetadata,
  Fidelity,
  NoticePart,
  Part,
  TokenCounts,
  ToolCallPart,
  Turn
} from '@chatmark/core/model'
import {
  commandNotice,
  isRecord,
  isString,
  modelParticipant,
  stringOf,
  sumTokens,
  timeOf,
  userParticipant
} from '@chatmark/core/model'
import type {FunctionResponse} from './content-parts.js'
import {contentParts, thoughtPart} from './content-parts.js'
import {injectedModelText} from './injected-text.js'
import {shellModeCall} from './shell-mode.js'
import type {InjectedText} from './message-kind.js'
import {isModelType, splitInjected, userMessageKind} from './message-kind.js'
import type {NoteEntry} from './note-history.js'
import {withReferencedFiles} from './referenced-files.js'
import type {Replay} from './replay-jsonl.js'
import {responseResult, toolCallPart} from './tool-calls.js'
import type {ToolResponses} from './tool-responses.js'
import {responseIdFor, toolResponses} from './tool-responses.js'
import {contextDirectories, hashedDirectory, parentSessionOf} from './project-root.js'
import {tokenCounts} from './tokens.js'
import type {MessageLine} from './types.js'

/** Which history a note shows. */
export type View = 'note' | 'resume'

/** Options for {@link toConversation}. */
export interface ToConversationOptions {
  view: View
  variant: 'gemini-json' | 'gemini-jsonl' | 'gemini-checkpoint' | 'gemini-restore-point'
  /** Show injected text as `meta` notices (it is counted either way). */
  keepMeta: boolean
  path?: string
  /** Id when the file names no `sessionId`. */
  fallbackId: string
}

const user = userParticipant()
const model = modelParticipant('gemini', 'Gemini')

/** Builds the conversation from a replayed session. */
export function toConversation(replay: Replay, options: ToConversationOptions): Conversation {
  const {metadata} = replay
  const fidelity: Fidelity = {...replay.fidelity}
  const count = (reason: string): void => {
    fidelity[reason] = (fidelity[reason] ?? 0) + 1
  }

  // The replay's records are handed over and each is dropped once converted,
  // so a long session is not held twice (raw records and conversation) at once.
  const resume = options.view === 'resume' ? resumeEntries(replay) : undefined
  const entries: Array<NoteEntry | undefined> = resume ?? replay.note.release()
  if (resume) replay.note.release()
  replay.loaded = []
  const responses = toolResponses(entries.flatMap((entry) => (entry?.kind === 'message' ? [entry.record] : [])))
  const state: TurnState = {
    responses,
    answered: new Set(),
    keepMeta: options.keepMeta,
    count,
    prompts: new Map(),
    directories: []
  }
  const turns: Turn[] = []
  const tokens: TokenCounts[] = []
  const models: string[] = []
  let qwenFork = false

  for (let index = 0; index < entries.length; index++) {
    const entry = entries[index]
    entries[index] = undefined
    if (!entry) continue
    if (entry.kind === 'compression') {
      turns.push(compressionTurn(entry.summary, entry.timestamp))
      continue
    }
    const record = entry.record
    state.modelAnswers = record['type'] === 'user' && modelAnswersNext(entries, index)
    turns.push(...messageTurns(record, state))
    if (isModelType(record['type'])) {
      if (record['type'] === 'qwen') qwenFork = true
      const counts = tokenCounts(record['tokens'])
      if (counts) tokens.push(counts)
      const name = stringOf(record['model'])
      if (name && !models.includes(name)) models.push(name)
    }
  }

  const conversation: Conversation = {
    id: stringOf(metadata['sessionId']) ?? options.fallbackId,
    source: {format: 'gemini', variant: options.variant, ...(options.path ? {path: options.path} : {})},
    // Qwen Code v0.1.x wrote these files as a fork of Gemini CLI: its answers are named after it.
    participants: [{...user}, qwenFork ? {...model, name: 'Qwen Code'} : {...model}],
    metadata: conversationMetadata(metadata, models, tokens, replay.resumes, options.path, state.directories),
    turns: turns.filter((turn) => turn.parts.length > 0),
    fidelity
  }
  const title = stringOf(metadata['summary'])?.trim()
  // Subagent sessions store their JSON result as `summary`: only one line makes a title.
  if (title && !title.includes('\n')) conversation.title = title
  const createdAt = timeOf(replay.startTime) ?? timeOf(metadata['startTime'])
  if (createdAt) conversation.createdAt = createdAt
  const updatedAt = timeOf(metadata['lastUpdated'])
  if (updatedAt) conversation.updatedAt = updatedAt
  return conversation
}

function resumeEntries(replay: Replay): NoteEntry[] {
  const entries: NoteEntry[] = []
  for (const record of replay.loaded) {
    const role = replay.note.compressionIds.get(record.id)
    if (role === 'acknowledgement') continue
    if (role === 'summary') {
      const summary = contentParts(record['content'])
        .parts.flatMap((part) => (part.type === 'text' ? [part.text] : []))
        .join('\n\n')
        .trim()
      const timestamp = timeOf(record['timestamp'])
      entries.push({
        kind: 'compression',
        ids: [record.id],
        ...(summary ? {summary} : {}),
        ...(timestamp ? {timestamp} : {})
      })
      continue
    }
    entries.push({kind: 'message', ids: [record.id], record})
  }
  return entries
}

function compressionTurn(summary: string | undefined, timestamp: string | undefined, id?: string): Turn {
  const notice: CompactionNotice = {type: 'notice', level: 'info', kind: 'compaction'}
  if (summary) notice.summary = summary
  return {...(id ? {id} : {}), role: 'system', ...(timestamp ? {timestamp} : {}), parts: [notice]}
}

/** What {@link messageTurns} carries from one message to the next. */
interface TurnState {
  responses: ToolResponses
  answered: Set<string>
  keepMeta: boolean
  count(reason: string): void
  /** The text of each prompt the user typed, and of what the CLI sent for it. */
  prompts: Map<string, string>
  /** The absolute paths the injected context names, in order. */
  directories: string[]
  /** Whether the model's answer is the next message of the user's (or the CLI's) one being converted. */
  modelAnswers?: boolean
}

/**
 * Whether the next message after `index` that is the user's or the model's
 * (info, warning and error lines of the CLI between them are skipped) is the
 * model's: then what was typed at `index` went to the model.
 */
function modelAnswersNext(entries: ReadonlyArray<NoteEntry | undefined>, index: number): boolean {
  for (let next = index + 1; next < entries.length; next++) {
    const entry = entries[next]
    if (entry === undefined) continue
    if (entry.kind !== 'message') return false
    const type = entry.record['type']
    if (isModelType(type)) return true
    if (type === 'user') return false
  }
  return false
}

function messageTurns(record: MessageLine, state: TurnState): Turn[] {
  const type = record['type']
  const base: Turn = {id: record.id, role: 'other', parts: []}
  const timestamp = timeOf(record['timestamp'])
  if (timestamp) base.timestamp = timestamp
  const {count} = state

  if (type === 'user') {
    const kind = userMessageKind(record)
    const split = splitInjected(record['content'])
    if (kind === 'empty') {
      count('empty-message')
      return []
    }
    if (kind === 'injected-context') return injectedTurns(base, split.injected, state)
    if (kind === 'compression-summary') {
      return [compressionTurn(textOf(contentParts(split.items).parts), timestamp, record.id)]
    }
    if (kind === 'tool-response') {
      // Calls come before their responses, so `answered` already holds every call this pairs with.
      const orphans = contentParts(record['content']).responses.filter(
        (response) => response.id === undefined || !state.answered.has(response.id)
      )
      if (orphans.length === 0) {
        count('tool-response-message')
        return []
      }
      return [{...base, role: 'tool', parts: orphans.map(orphanPart)}]
    }
    const display = contentParts(record['displayContent']).parts
    const content = contentParts(split.items).parts
    const displayText = textOf(display)
    const contentText = textOf(content)
    // The CLI sends its own requests (a hook's continue reason, loop feedback,
    // `Please continue.`) with the `displayContent` of the prompt they continue
    // (`sendMessageStream` in `core/client.ts`, v0.28+): same display, new content.
    const sent = state.prompts.get(displayText)
    if (display.length > 0 && sent !== undefined && contentText !== sent && contentText !== displayText) {
      return injectedTurns(base, [{label: 'Continuation request', text: contentText}], state)
    }
    const before =
      split.injected.length > 0 ? injectedTurns({...base, id: `${record.id}-context`}, split.injected, state) : []
    const parts = withReferencedFiles(content, display) ?? (display.length > 0 ? display : content)
    if (kind === 'command' && !state.modelAnswers) {
      // The CLI sends its own commands to no model; they are shown as what they did, not as prose. What the model
      // answered was a prompt (a `?` question, a custom command expanded to one), and stays the user's.
      const text = parts.flatMap((part) => (part.type === 'text' ? [part.text.trim()] : [])).join(' ')
      return [...before, {...base, role: 'system', parts: [commandNotice(text)]}]
    }
    state.prompts.set(display.length > 0 ? displayText : contentText, contentText)
    const shell = display.length === 0 && content.length === 1 ? shellModeCall(contentText) : undefined
    return [...before, authoredTurn(base, 'user', user.id, shell ? [shell] : parts)]
  }

  if (isModelType(type)) {
    const parts = modelParts(record, state.responses, state.answered)
    if (parts.length === 0) {
      count('empty-message')
      return []
    }
    const text = parts.every((part) => part.type === 'text') ? textOf(parts) : ''
    const label = injectedModelText(text)
    if (label) return injectedTurns(base, [{label, text}], state)
    const turn = authoredTurn(base, 'assistant', model.id, parts)
    const name = stringOf(record['model'])
    if (name) turn.model = name
    const tokens = tokenCounts(record['tokens'])
    if (tokens) turn.tokens = tokens
    return [turn]
  }

  if (type === 'info' || type === 'warning' || type === 'error') {
    const {parts} = contentParts(record['content'])
    const text = parts
      .flatMap((part) => (part.type === 'text' ? [part.text] : []))
      .join('\n')
      .trim()
    const rest = parts.filter((part) => part.type !== 'text')
    if (!text && rest.length === 0) {
      count('empty-message')
      return []
    }
    return [
      {
        ...base,
        role: 'system',
        parts: [...(text ? [{type: 'notice', level: type, kind: 'system', text} satisfies NoticePart] : []), ...rest]
      }
    ]
  }

  const {parts} = contentParts(record['content'])
  if (parts.length === 0) return []
  count('unknown-message-type')
  return [{...base, parts}]
}

/**
 * `base` as a turn of `role` by `author`, made in one piece: a turn spread from `base` with a field `base` lacks
 * had a hidden class of its own in V8 (about 250 bytes each: a session of 200,000 short lines held 100,000), and
 * parts gathered by `push` hold room for seventeen (`slice` keeps what they hold).
 */
function authoredTurn(base: Turn, role: Turn['role'], author: string, parts: Part[]): Turn {
  const {id, timestamp} = base
  if (id !== undefined && timestamp !== undefined) return {id, role, parts: parts.slice(), timestamp, author}
  const turn: Turn = id === undefined ? {role, parts: parts.slice()} : {id, role, parts: parts.slice()}
  if (timestamp !== undefined) turn.timestamp = timestamp
  turn.author = author
  return turn
}

// Injected text is counted as such, and shown as `meta` notices only when asked.
function injectedTurns(base: Turn, injected: InjectedText[], state: TurnState): Turn[] {
  for (const {label, text} of injected) {
    state.count('injected-context')
    // The directories the CLI told the model about: the project's is among them.
    if (label === 'Session context' || label === 'Directory context')
      state.directories.push(...contextDirectories(text))
  }
  if (!state.keepMeta || injected.length === 0) return []
  const parts = injected.map(
    ({label, text}): NoticePart => ({type: 'notice', level: 'info', kind: 'meta', text: label, details: text.trim()})
  )
  return [{...base, role: 'system', parts}]
}

function textOf(parts: Part[]): string {
  return parts
    .flatMap((part) => (part.type === 'text' ? [part.text] : []))
    .join('\n\n')
    .trim()
}

// A response no recorded call asked for stays visible, as a call known only by its result.
function orphanPart(response: FunctionResponse): ToolCallPart {
  const part: ToolCallPart = {
    type: 'tool-call',
    text: response.name,
    name: response.name,
    input: undefined,
    result: responseResult(response)
  }
  if (response.id) part.id = response.id
  return part
}

// The UI's order (`convertSessionToHistoryFormats`): thoughts, then text, then tool calls.
function modelParts(record: MessageLine, responses: ToolResponses, answered: Set<string>): Part[] {
  const parts: Part[] = []
  if (Array.isArray(record['thoughts'])) {
    for (const thought of record['thoughts']) {
      if (!isRecord(thought)) continue
      const part = thoughtPart(stringOf(thought['description']) ?? '', stringOf(thought['subject']) ?? '')
      if (part) parts.push(part)
    }
  }
  parts.push(...contentParts(record['content']).parts)

  const calls = Array.isArray(record['toolCalls']) ? record['toolCalls'] : []
  for (const call of calls) {
    const part = toolCallPart(call)
    if (!part) continue
    // The same call may also be a `functionCall` part of the content (API-form copies).
    const inline = parts.findIndex(
      (candidate) =>
        candidate.type === 'tool-call' &&
        candidate.result === undefined &&
        (part.id ? candidate.id === part.id : candidate.name === part.name)
    )
    if (inline === -1) parts.push(part)
    else parts.splice(inline, 1, part)
  }

  for (const part of parts) {
    if (part.type !== 'tool-call' || part.id !== undefined || part.result !== undefined) continue
    const id = responseIdFor(responses, part.name, answered)
    if (id !== undefined) part.id = id
  }
  for (const [at, part] of [...parts.entries()].reverse()) {
    if (part.type !== 'tool-call' || part.id === undefined) continue
    const response = responses.byId.get(part.id)
    if (!response) continue
    answered.add(part.id)
    // A call that has its own result never needs the response again.
    if (part.result) responses.byId.delete(part.id)
    part.result ??= responseResult(response)
    const media = responses.media.get(part.id)
    if (media) {
      parts.splice(at + 1, 0, ...media)
      // The response's media are shown after the call: the result does not carry them a second time.
      delete part.result.attachments
    }
  }
  return parts
}

function conversationMetadata(
  metadata: Record<string, unknown>,
  models: string[],
  tokens: TokenCounts[],
  resumes: number,
  path: string | undefined,
  contextDirectories: readonly string[]
): ConversationMetadata {
  const result: ConversationMetadata = {}
  if (models.length > 0) result.models = models
  const parent = path !== undefined && metadata['kind'] === 'subagent' ? parentSessionOf(path) : undefined
  if (parent) result.parent = {id: parent, relation: 'subagent'}
  // The SHA-256 of the project's directory is no project: the directory is, when the session names it.
  const projectHash = stringOf(metadata['projectHash'])
  const listed = Array.isArray(metadata['directories']) ? metadata['directories'].filter(isString) : []
  const project = projectHash ? hashedDirectory(projectHash, [...listed, ...contextDirectories]) : undefined
  if (project) result.project = project
  const total = sumTokens(tokens)
  if (total) result.tokens = total
  const extra: Record<string, string | number | boolean> = {}
  if (projectHash) extra['projectHash'] = projectHash
  const kind = stringOf(metadata['kind'])
  if (kind && kind !== 'main') extra['kind'] = kind
  const directories = Array.isArray(metadata['directories']) ? metadata['directories'].filter(isString) : []
  if (directories.length > 0) extra['directories'] = directories.join(', ')
  if (resumes > 0) extra['resumes'] = resumes
  // A `/chat save` checkpoint's tag (from its file name) and the auth type it records.
  const tag = stringOf(metadata['checkpointTag'])
  if (tag) extra['checkpoint'] = tag
  const authType = stringOf(metadata['authType'])
  if (authType) extra['authType'] = authType
  const tool = stringOf(metadata['restoreToolCall'])
  if (tool) extra['restoreToolCall'] = tool
  const commit = stringOf(metadata['restoreCommit'])
  if (commit) extra['restoreCommit'] = commit
  if (Object.keys(extra).length > 0) result.extra = extra
  return result
}
