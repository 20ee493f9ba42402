import type {NoticePart, Part, TokenCounts, Turn} from '@chatmark/core/model'
import {isNumber, isRecord, stringOf} from '@chatmark/core/model'
import {attachmentsOf} from './attachments.js'
import {responseParts} from './response-parts.js'

/** `ResponseModelState` (chatService.ts): 0 pending, 1 complete, 2 cancelled, 3 failed, 4 needs input. */
const cancelledState = 2

/** What one request of a chat became. */
export interface RequestTurns {
  turns: Turn[]
  fidelity: Record<string, number>
  /** The request's mode (`ask`, `edit`, `agent`, a custom mode's name), when recorded. */
  mode?: string
  /** The workspace folder the response's markdown was written against, when it names one. */
  baseFolder?: string
  /** When the response ended (ms), when recorded. */
  completedAt?: number
}

/**
 * One request (`ISerializableChatRequestData`) as the user's turn (the prompt,
 * its attachments) and the responder's (the response's parts, then a notice
 * when it failed or was cancelled), with the model, tokens and times VS Code
 * and the Copilot extension recorded.
 */
export function requestTurns(request: Record<string, unknown>, responderId: string): RequestTurns {
  const fidelity: Record<string, number> = {}
  const turns: Turn[] = []
  const timestamp = positive(request['timestamp'])

  const user: Turn = {role: 'user', author: 'user', parts: promptParts(request)}
  const requestId = stringOf(request['requestId'])
  if (requestId) user.id = requestId
  const asked = iso(timestamp)
  if (asked) user.timestamp = asked
  if (user.parts.length > 0) turns.push(user)

  const response = Array.isArray(request['response']) ? request['response'] : []
  const read = responseParts(response)
  for (const [reason, amount] of Object.entries(read.fidelity)) fidelity[reason] = (fidelity[reason] ?? 0) + amount
  const parts: Part[] = [...read.parts]
  const result = isRecord(request['result']) ? request['result'] : {}
  const ending = endingNotice(request, result)
  if (ending) parts.push(ending)
  const assistant: Turn = {role: 'assistant', author: responderId, parts}
  const responseId = stringOf(request['responseId'])
  if (responseId) assistant.id = responseId
  const started = iso(responseStart(request, result, timestamp))
  if (started) assistant.timestamp = started
  const model = modelOf(request, result)
  if (model) assistant.model = model
  const tokens = tokensOf(request, result)
  if (tokens) assistant.tokens = tokens
  if (parts.length > 0) turns.push(assistant)

  const built: RequestTurns = {turns, fidelity}
  const mode = modeOf(request)
  if (mode) built.mode = mode
  if (read.baseFolder) built.baseFolder = read.baseFolder
  const state = isRecord(request['modelState']) ? request['modelState'] : {}
  const completedAt = positive(state['completedAt'])
  if (completedAt) built.completedAt = completedAt
  else if (timestamp && isRecord(result['timings']) && isNumber(result['timings']['totalElapsed'])) {
    built.completedAt = timestamp + result['timings']['totalElapsed']
  }
  return built
}

/** The prompt (`message`: a string before v1's parsed form `{text, parts}`), then the attachments. */
function promptParts(request: Record<string, unknown>): Part[] {
  const message = request['message']
  const text = typeof message === 'string' ? message : isRecord(message) ? stringOf(message['text']) : undefined
  const parts: Part[] = []
  if (text?.trim()) parts.push({type: 'text', text})
  parts.push(...attachmentsOf(request['variableData']))
  return parts
}

/**
 * How a response ended when it did not end well: `result.errorDetails` (or the
 * pre-v1 `responseErrorDetails`) as a failed request, unless its code is
 * `canceled`; `isCanceled` (before 1.109) or a `modelState` of Cancelled as an
 * interruption.
 */
function endingNotice(request: Record<string, unknown>, result: Record<string, unknown>): NoticePart | undefined {
  const error = isRecord(result['errorDetails'])
    ? result['errorDetails']
    : isRecord(request['responseErrorDetails'])
      ? request['responseErrorDetails']
      : undefined
  const state = isRecord(request['modelState']) ? request['modelState']['value'] : undefined
  const cancelled = request['isCanceled'] === true || state === cancelledState || error?.['code'] === 'canceled'
  if (error && error['code'] !== 'canceled') {
    const notice: NoticePart = {
      type: 'notice',
      level: 'error',
      kind: 'api-error',
      // The message spans lines (a reason after the request id): one line, as the notice shows it.
      message: (stringOf(error['message']) ?? 'The request failed').replace(/\s*\n\s*/g, ' ')
    }
    const code = stringOf(error['code'])
    if (code) notice.errorType = code
    else if (error['isQuotaExceeded'] === true) notice.errorType = 'quota-exceeded'
    else if (error['isRateLimited'] === true) notice.errorType = 'rate-limited'
    else if (error['responseIsFiltered'] === true) notice.errorType = 'filtered'
    return notice
  }
  return cancelled ? {type: 'notice', level: 'warning', kind: 'interrupted'} : undefined
}

/** When the answer began: `responseTimestamp` (newer builds), else the request's time plus `timings.firstProgress`. */
function responseStart(
  request: Record<string, unknown>,
  result: Record<string, unknown>,
  timestamp: number | undefined
): number | undefined {
  const stored = positive(request['responseTimestamp'])
  if (stored) return stored
  const timings = isRecord(result['timings']) ? result['timings'] : {}
  const first = timings['firstProgress']
  return timestamp && isNumber(first) && first >= 0 ? timestamp + first : timestamp
}

/**
 * The model that answered: the extension's `resolvedModel`, else the model picked (`modelId`, the language model's
 * identifier, `copilot/claude-sonnet-4`), named without the `copilot/` vendor as `resolvedModel` names it.
 */
function modelOf(request: Record<string, unknown>, result: Record<string, unknown>): string | undefined {
  const metadata = isRecord(result['metadata']) ? result['metadata'] : {}
  const model = stringOf(metadata['resolvedModel']) || stringOf(request['modelId'])
  return model ? model.replace(/^copilot\//, '') || model : undefined
}

/**
 * Tokens: the Copilot extension's `result.metadata.promptTokens`/`outputTokens`
 * (2025), else VS Code's own usage kept on the request since 2026
 * (`promptTokens`, `completionTokens`), else a `usage` object.
 */
function tokensOf(request: Record<string, unknown>, result: Record<string, unknown>): TokenCounts | undefined {
  const metadata = isRecord(result['metadata']) ? result['metadata'] : {}
  const usage = isRecord(request['usage']) ? request['usage'] : {}
  const input = firstNumber(metadata['promptTokens'], request['promptTokens'], usage['promptTokens'])
  const output = firstNumber(metadata['outputTokens'], request['completionTokens'], usage['completionTokens'])
  const tokens: TokenCounts = {}
  if (input !== undefined) tokens.input = input
  if (output !== undefined) tokens.output = output
  const total = firstNumber(usage['totalTokens'])
  if (total !== undefined) tokens.total = total
  return Object.keys(tokens).length > 0 ? tokens : undefined
}

/** `modeInfo.kind` (ask, edit, agent), a custom mode's name, else the participant's single mode. */
function modeOf(request: Record<string, unknown>): string | undefined {
  const info = isRecord(request['modeInfo']) ? request['modeInfo'] : {}
  const mode = stringOf(info['telemetryModeName']) ?? stringOf(info['kind'])
  if (mode) return mode
  const agent = isRecord(request['agent']) ? request['agent'] : {}
  const modes = Array.isArray(agent['modes']) ? agent['modes'].filter((item) => typeof item === 'string') : []
  return modes.length === 1 ? modes[0] : undefined
}

function firstNumber(...values: unknown[]): number | undefined {
  return values.find((value): value is number => isNumber(value) && value >= 0)
}

function positive(value: unknown): number | undefined {
  return isNumber(value) && value > 0 ? value : undefined
}

/** A time in milliseconds as ISO-8601; `undefined` for none, or one no date can hold. */
export function iso(milliseconds: number | undefined): string | undefined {
  if (milliseconds === undefined) return undefined
  const date = new Date(milliseconds)
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString()
}
