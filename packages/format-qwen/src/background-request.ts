import {isString, stringOf} from '@chatmark/core/model'

/**
 * Prompt ids of requests Qwen Code makes beside the conversation. From 0.15
 * `logApiError` (`packages/core/src/telemetry/loggers.ts`) leaves those of
 * `isInternalPromptId` (`packages/core/src/utils/internalPromptIds.ts`:
 * `prompt_suggestion`, `forked_query`, `speculation`, and from 0.21
 * `side-query:<purpose>` of `sideQuery.ts`, e.g. `side-query:session-title`)
 * out of the session, so they rarely reach a file; 0.15's title generation
 * used `session_title`, which is not internal and is recorded.
 */
const backgroundIds: ReadonlySet<string> = new Set([
  'prompt_suggestion',
  'forked_query',
  'speculation',
  'session_title',
  'side-query'
])

/**
 * Whether a `ui_telemetry` event belongs to a background request, not to the
 * conversation. A subagent's requests (the managed memory and skill agents
 * that run after each turn, on by default; a task agent) carry
 * `subagent_name` (0.15 on; `subagent_id` by 0.24) and the prompt id
 * `<sessionId>#<subagentId>#<n>` (0.10's `subagents/subagent.ts`, later
 * `agents/runtime/agent-core.ts`); the conversation's own are
 * `<sessionId>########<n>` (a bare hex id in 0.10). A next-speaker check
 * reuses its turn's prompt id, so it cannot be told apart and is shown.
 */
export function isBackgroundRequest(event: Record<string, unknown>): boolean {
  if (isString(event['subagent_name']) || isString(event['subagent_id'])) return true
  const id = stringOf(event['prompt_id'])
  if (id === undefined) return false
  if (backgroundIds.has(id) || id.startsWith('side-query:')) return true
  return /^[^#]+#[^#]+#\d+$/.test(id)
}
