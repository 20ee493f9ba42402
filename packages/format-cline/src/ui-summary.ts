import type {NoticePart, TokenCounts} from '@chatmark/core/model'
import {numberOf, stringOf} from '@chatmark/core/model'
import type {UiMessage} from './ui-message.js'
import {textJson} from './ui-message.js'
import {uiNotice} from './ui-notices.js'

/** One model request as the ui recorded it (`api_req_started`): when, and what it cost. */
export interface UiRequest {
  ts?: number
  /** Its `conversationHistoryIndex`: the response is history message `index + 2`. */
  index?: number
  tokens?: TokenCounts
  cost?: number
}

/** What the ui messages add to the api history. */
export interface UiSummary {
  requests: UiRequest[]
  /** Notices, with the history index they were written at. */
  notices: Array<{index?: number; ts?: number; part: NoticePart}>
  /** The first `ts` of each `conversationHistoryIndex`. */
  times: Map<number, number>
  firstTs?: number
  lastTs?: number
  /** The working directory, from the environment details of the first request. */
  cwd?: string
  /** Checkpoints Cline took (shadow git commits: `checkpoint_created`); counted, not shown. */
  checkpoints: number
  /** Record kinds this reader does not know, with how many of each. */
  unknown: Map<string, number>
}

/**
 * The records the api history also holds, in another form: shown from it,
 * not again (`tool` / `command` / `command_output` are its tool calls and
 * results, `text` / `reasoning` / `completion_result` its answers,
 * `user_feedback` its `<feedback>` prompts); or what only the panel showed
 * (`task_progress`, the focus chain's checklist, also a tool parameter).
 */
export const mirrored: ReadonlySet<string> = new Set([
  'task',
  'text',
  'reasoning',
  'tool',
  'command',
  'command_output',
  'completion_result',
  'user_feedback',
  'user_feedback_diff',
  'followup',
  'plan_mode_respond',
  'act_mode_respond',
  'task_progress',
  'use_mcp_server',
  'mcp_server_response_status',
  'mcp_server_request_started',
  'browser_action',
  'browser_action_launch',
  'browser_action_result',
  'new_task',
  'shell_integration_warning',
  'api_req_retried',
  'api_req_finished',
  'deleted_api_reqs',
  'info',
  'hook',
  'hook_output',
  'load_mcp_documentation',
  'generate_explanation',
  'subagent',
  'codebase_search_result',
  'checkpoint_saved',
  'user_edit_todos',
  'too_many_tools_warning',
  'auto_approval_max_req_reached',
  'report_bug',
  'condense_context_error',
  'image',
  'api_req_deleted',
  'subtask_result',
  'mcp_server_response'
])

/** Reads the ui records for what they add: request times, tokens and cost, notices, the working directory. */
export function uiSummary(messages: readonly UiMessage[]): UiSummary {
  const summary: UiSummary = {requests: [], notices: [], times: new Map(), checkpoints: 0, unknown: new Map()}
  for (const message of messages) {
    if (message.ts !== undefined) {
      summary.firstTs ??= message.ts
      summary.lastTs = Math.max(summary.lastTs ?? message.ts, message.ts)
      if (message.index !== undefined && !summary.times.has(message.index)) summary.times.set(message.index, message.ts)
    }
    if (message.kind === 'api_req_started') {
      const data = textJson(message)
      summary.requests.push(request(message, data))
      const cwd = summary.cwd ?? workingDirectory(stringOf(data['request']) ?? '')
      if (cwd) summary.cwd = cwd
      continue
    }
    if (message.kind === 'checkpoint_created') {
      summary.checkpoints++
      continue
    }
    const notice = uiNotice(message)
    if (notice) {
      summary.notices.push({
        part: notice,
        ...(message.index === undefined ? {} : {index: message.index}),
        ...(message.ts === undefined ? {} : {ts: message.ts})
      })
    } else if (!mirrored.has(message.kind) && !isQuietAsk(message)) {
      const key = `${message.type} ${message.kind || '(none)'}`
      summary.unknown.set(key, (summary.unknown.get(key) ?? 0) + 1)
    }
  }
  return summary
}

/** Asks that only wait for the person (approve a tool, a command, finish): their answer is in the history. */
function isQuietAsk(message: UiMessage): boolean {
  return (
    message.type === 'ask' &&
    [
      'tool',
      'command',
      'command_output',
      'completion_result',
      'resume_task',
      'resume_completed_task',
      'followup',
      'plan_mode_respond',
      'act_mode_respond',
      'use_mcp_server',
      'browser_action_launch',
      'new_task',
      'condense',
      'summarize_task',
      'report_bug',
      'auto_approval_max_req_reached'
    ].includes(message.kind)
  )
}

/** `api_req_started`'s text: `{request, tokensIn, tokensOut, cacheWrites, cacheReads, cost}`. */
function request(message: UiMessage, data: Record<string, unknown>): UiRequest {
  const found: UiRequest = {}
  if (message.ts !== undefined) found.ts = message.ts
  if (message.index !== undefined) found.index = message.index
  const input = numberOf(data['tokensIn'])
  const output = numberOf(data['tokensOut'])
  const writes = numberOf(data['cacheWrites'])
  const reads = numberOf(data['cacheReads'])
  if (input !== undefined || output !== undefined) {
    // Cache writes are input the provider billed at its write rate: counted with the input.
    const tokens: TokenCounts = {input: (input ?? 0) + (writes ?? 0), output: output ?? 0}
    if (reads) tokens.cached = reads
    found.tokens = tokens
  }
  const cost = numberOf(data['cost'])
  if (cost !== undefined) found.cost = cost
  return found
}

/** `# Current Working Directory (/path) Files`, which Cline writes in the first request's environment details. */
function workingDirectory(text: string): string | undefined {
  const start = text.indexOf('# Current Working Directory (')
  if (start === -1) return undefined
  const from = start + '# Current Working Directory ('.length
  const end = text.indexOf(') Files', from)
  return end === -1 ? undefined : text.slice(from, end)
}
