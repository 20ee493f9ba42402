import {isRecord, isString} from '@chatmark/core/model'

/*
 * The raw schema of Continue's session files, as `core/index.d.ts` of
 * continuedev/continue declares it (commit d0a3c0b6, 2026-06) and as
 * `@continuedev/cli` 1.5.47 writes it (`extensions/cli/src/session.ts`):
 *
 * ~/.continue/sessions/<sessionId>.json, one pretty-printed `Session`:
 *   {sessionId, title, workspaceDirectory, history: ChatHistoryItem[],
 *    mode?, chatModelTitle?, usage?: {totalCost, promptTokens, completionTokens,
 *    promptTokensDetails?: {cachedTokens, cacheWriteTokens}}}
 * ChatHistoryItem: {message: ChatMessage, contextItems: ContextItem[], editorState?,
 *   toolCallStates?: [{toolCallId, toolCall: {id, type, function: {name, arguments}},
 *   status: generating | generated | calling | errored | done | canceled, parsedArgs,
 *   output?: [{content, name, description}]}], reasoning?: {active, text, startAt, endAt?},
 *   conversationSummary?: string}
 * ChatMessage: {role: user | assistant | thinking | system | tool, content: string |
 *   [{type: 'text', text} | {type: 'imageUrl', imageUrl: {url}}], toolCalls?, usage?,
 *   toolCallId? (role tool)}
 *
 * ~/.continue/sessions/sessions.json, the index: [{sessionId, title, dateCreated
 * (epoch milliseconds as a string), workspaceDirectory, messageCount?}].
 *
 * Every value below is read through guards; these are only the names.
 */

/** Continue's default title, which says nothing about the session. */
export const untitled = 'Untitled Session'

/** A session document: the three fields every Continue version writes. */
export function isSessionDocument(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isString(value['sessionId']) && Array.isArray(value['history'])
}

/** One entry of the `sessions.json` index. */
export function isIndexEntry(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && isString(value['sessionId']) && 'dateCreated' in value && !('history' in value)
}

/** The `sessions.json` index: a non-empty array of index entries. */
export function isIndexDocument(value: unknown): value is unknown[] {
  return Array.isArray(value) && value.length > 0 && value.every(isIndexEntry)
}
