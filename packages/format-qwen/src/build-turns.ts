import type {NoticePart, Part, TokenCounts, ToolCallPart, ToolResult, Turn} from '@chatmark/core/model'
import {addTokens, forkNotice, isRecord, stringOf, timeOf} from '@chatmark/core/model'
import {withoutResumeTrailer} from './compression-summary.js'
import {contentParts} from './content-parts.js'
import type {ChatEntry} from './read-records.js'
import {withQwenReferencedFiles} from './referenced-files.js'
import {readSystemRecord} from './system-parts.js'
import {tokenCounts} from './tokens.js'
import {recordedResult, responseResult} from './tool-result.js'

/**
 * What a note shows: `note`, every turn said, with notices where the CLI
 * compressed, failed or forked (and a fork's copy of its parent's history
 * left out); `resume`, the history the CLI itself loads on
 * `--resume` (the last compression's history, then the turns after it).
 */
export type View = 'note' | 'resume'

/** The participant id of the model side. */
export const modelId = 'qwen'

/** The turns of a thread and what was read alongside them. */
export interface BuiltTurns {
  turns: Turn[]
  /** Model names in order of first use. */
  models: string[]
  tokens: TokenCounts
  title?: string
  /** The session a forked file was copied from (`forkedFrom.sessionId` of the last copied record). */
  forkedFrom?: string
  /** A fork's first own record, where its note begins (the `note` view). */
  ownStart?: ChatEntry
  fidelity: Record<string, number>
  /** System subtypes this reader does not know. */
  unknownSubtypes: Set<string>
}

/**
 * Builds the turns of a thread. Consecutive assistant records (a tool call,
 * its result, the answer) are one turn, as one model turn in the CLI; each
 * `tool_result` fills in the result of the call it answers. A failed request,
 * a compression checkpoint or a slash command is a notice where it happened:
 * compression never removes the turns before it.
 */
export function buildTurns(path: readonly ChatEntry[], view: View = 'note'): BuiltTurns {
  const built: BuiltTurns = {turns: [], models: [], tokens: {}, fidelity: {}, unknownSubtypes: new Set()}
  const calls = new Map<string, ToolCallPart>()
  let answer: Turn | undefined
  let copied = false
  const count = (reason: string): void => {
    built.fidelity[reason] = (built.fidelity[reason] ?? 0) + 1
  }
  const push = (turn: Turn, entry: ChatEntry): Turn => {
    const timestamp = timeOf(entry.record['timestamp'])
    if (timestamp) turn.timestamp = timestamp
    built.turns.push(turn)
    return turn
  }

  for (const entry of path) {
    const {record} = entry
    const fork = isRecord(record['forkedFrom']) ? stringOf(record['forkedFrom']['sessionId']) : undefined
    if (fork !== undefined) {
      copied = true
      built.forkedFrom = fork
    } else if (copied) {
      // The first record the fork wrote itself: the copied history ends here.
      copied = false
      answer = undefined
      if (view === 'note') leaveOutCopy(built, entry, push)
    }
    switch (record['type']) {
      case 'user': {
        const parts = userParts(record)
        if (parts === undefined) {
          count('meta-message')
          break
        }
        answer = undefined
        if (parts.length === 0) count('empty-message')
        else push({id: entry.uuid, role: 'user', author: 'user', parts}, entry)
        break
      }
      case 'assistant': {
        const parts = contentParts(record['message'])
        for (const part of parts) if (part.type === 'tool-call' && part.id) calls.set(part.id, part)
        const model = stringOf(record['model'])
        if (model && !built.models.includes(model)) built.models.push(model)
        const tokens = tokenCounts(record['usageMetadata'])
        if (tokens) addTokens(built.tokens, tokens)
        if (answer) {
          answer.parts.push(...parts)
          if (tokens) {
            answer.tokens ??= {}
            addTokens(answer.tokens, tokens)
          }
        } else if (parts.length > 0 || tokens) {
          answer = push({id: entry.uuid, role: 'assistant', author: modelId, parts}, entry)
          if (model) answer.model = model
          if (tokens) answer.tokens = {...tokens}
        } else count('empty-message')
        break
      }
      case 'tool_result': {
        const {callId, name, status, result} = recordedResult(record)
        const call = callId === undefined ? undefined : calls.get(callId)
        if (call) {
          call.result = result
          if (status) call.status = status
        } else {
          // A result whose call is not on the thread (cut from the file): kept, under its tool's name.
          const part: ToolCallPart = {type: 'tool-call', text: name ?? 'tool', name: name ?? 'tool', input: {}, result}
          if (callId) part.id = callId
          if (status) part.status = status
          count('orphan-tool-result')
          push({id: entry.uuid, role: 'tool', parts: [part]}, entry)
        }
        break
      }
      default: {
        const reading = readSystemRecord(record)
        if (view === 'resume' && record['subtype'] === 'chat_compression') {
          // On resume the CLI starts from the checkpoint's history (`buildApiHistoryFromConversation`).
          answer = undefined
          // The title stays the session's first prompt, not the summary that replaces it.
          const title = built.title ?? firstPrompt(built.turns)
          if (title) built.title = title
          built.turns = historyTurns(record['systemPayload'], calls)
        } else if (reading.kind === 'notices') {
          if (view === 'resume') break
          answer = undefined
          appendNotices(built.turns, reading.notices, entry, push)
        } else if (reading.kind === 'title') built.title = reading.title
        else if (reading.kind === 'counted') count(reading.reason)
        else if (reading.kind === 'unknown') {
          count('unknown-record')
          built.unknownSubtypes.add(reading.subtype)
        }
      }
    }
  }
  if (copied && view === 'note' && built.forkedFrom) {
    // Nothing of its own yet: the copy stays, the notice after it.
    built.turns.push({role: 'system', parts: [{...forkNotice(built.forkedFrom), onlyCopied: true}]})
  }
  if (built.forkedFrom && view === 'note' && built.title === undefined) {
    const prompt = firstPrompt(built.turns)
    built.title = prompt === undefined ? `Fork of session ${built.forkedFrom}` : `${prompt} (fork)`
  }
  return built
}

/**
 * Where a fork's own records begin, in the note: the turns copied from the
 * parent are left out (they are the parent's note) and counted, with the
 * models, tokens and counts read from them, and one notice takes their place.
 */
function leaveOutCopy(built: BuiltTurns, entry: ChatEntry, push: (turn: Turn, entry: ChatEntry) => Turn): void {
  const said = built.turns.filter((turn) => turn.role === 'user' || turn.role === 'assistant').length
  built.turns = []
  built.models = []
  built.tokens = {}
  built.fidelity = said > 0 ? {'parent-history-turn': said} : {}
  delete built.title
  built.ownStart = entry
  push({role: 'system', parts: [forkNotice(built.forkedFrom ?? 'unknown', said)]}, entry)
}

/**
 * Subtypes of `user` records that the CLI restores as notifications, not as
 * prompts (`recordNotificationLike` in `chatRecordingService.ts`): a cron-fired
 * prompt, a background task's or agent's notification.
 */
const notificationSubtypes: ReadonlySet<string> = new Set(['cron', 'notification', 'background_task_completed'])

/**
 * The parts of a `user` record; `undefined` for a notification the CLI wrote in
 * the user's place. A message typed while tools ran (`mid_turn_user_message`)
 * is sent to the model wrapped as `[User message received during tool
 * execution]: …`; the note shows what the user typed, its `displayText`.
 * Files named with `@path` are split off the prompt as attachments.
 */
function userParts(record: Record<string, unknown>): Part[] | undefined {
  const subtype = stringOf(record['subtype'])
  if (subtype !== undefined && notificationSubtypes.has(subtype)) return undefined
  const payload = isRecord(record['systemPayload']) ? record['systemPayload'] : {}
  const typed = stringOf(payload['displayText'])
  if (subtype === 'mid_turn_user_message' && typed?.trim()) return [{type: 'text', text: typed}]
  const parts = contentParts(record['message'])
  return withQwenReferencedFiles(parts, stringOf(record['cwd'])) ?? parts
}

/** The turns of a compression checkpoint's `compressedHistory` (Gemini `Content[]`). */
function historyTurns(payload: unknown, calls: Map<string, ToolCallPart>): Turn[] {
  const history = isRecord(payload) && Array.isArray(payload['compressedHistory']) ? payload['compressedHistory'] : []
  calls.clear()
  const turns: Turn[] = []
  for (const content of history) {
    if (!isRecord(content)) continue
    const model = content['role'] === 'model'
    for (const [id, result] of functionResults(content)) {
      const call = calls.get(id)
      if (call) call.result = result
    }
    // The summary without the fixed instruction the CLI appends to it: not the user's words.
    const parts = contentParts(content).flatMap((part): Part[] => {
      if (part.type !== 'text' || model) return [part]
      const text = withoutResumeTrailer(part.text)
      return text.trim() === '' ? [] : [{...part, text}]
    })
    for (const part of parts) if (part.type === 'tool-call' && part.id) calls.set(part.id, part)
    if (parts.length > 0) turns.push({role: model ? 'assistant' : 'user', author: model ? modelId : 'user', parts})
  }
  return turns
}

const maxTitle = 80

/** The first line of the first user prompt, cut as a derived title is (`conversationTitle` in core). */
function firstPrompt(turns: readonly Turn[]): string | undefined {
  for (const turn of turns) {
    if (turn.role !== 'user') continue
    const text = turn.parts.find((part) => part.type === 'text')?.text ?? ''
    const line = text
      .split('\n')
      .find((candidate) => /\S/.test(candidate))
      ?.trim()
    if (line) return [...line].length > maxTitle ? `${[...line].slice(0, maxTitle - 1).join('')}…` : line
  }
  return undefined
}

function functionResults(content: Record<string, unknown>): Array<[string, ToolResult]> {
  const parts = Array.isArray(content['parts']) ? content['parts'] : []
  return parts.flatMap((part): Array<[string, ToolResult]> => {
    const response = isRecord(part) && isRecord(part['functionResponse']) ? part['functionResponse'] : undefined
    const id = response ? stringOf(response['id']) : undefined
    return response && id ? [[id, responseResult(response['response'], undefined)]] : []
  })
}

/**
 * Notices of consecutive system records share one system turn. Qwen Code
 * records `/compress` after the checkpoint it made, so the command is put
 * before its compaction notice, in the order the user saw them happen.
 */
function appendNotices(
  turns: Turn[],
  notices: NoticePart[],
  entry: ChatEntry,
  push: (turn: Turn, entry: ChatEntry) => Turn
): void {
  const last = turns.at(-1)
  if (last?.role !== 'system' || !last.parts.every((part) => part.type === 'notice')) {
    push({role: 'system', parts: notices}, entry)
    return
  }
  const previous = last.parts.at(-1)
  const command = notices.length === 1 && notices[0]!.kind === 'command' ? notices[0] : undefined
  if (command && previous?.type === 'notice' && previous.kind === 'compaction') last.parts.splice(-1, 0, command)
  else last.parts.push(...notices)
}
