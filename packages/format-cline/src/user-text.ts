/** What a text block of a user message in the api history is. */
export type UserText =
  /** A tool's result, `[read_file for 'a.cs'] Result:` (Cline's text results, and every result before native tools). */
  | {kind: 'result'; tool: string; text: string}
  /** `Tool [x] was not executed because...`: a call Cline refused (one tool per message). */
  | {kind: 'not-executed'; tool: string; text: string}
  /** Cline's own message to the model (`[ERROR] You did not use a tool...`, `[TASK RESUMPTION]...`). */
  | {kind: 'automated'; text: string}
  /** What the person wrote (the task, feedback, an answer), its wrapping tags removed. */
  | {kind: 'prompt'; text: string}
  /** Nothing left once the context Cline adds to every request is removed. */
  | {kind: 'empty'}

/**
 * Cline adds `<environment_details>` (open tabs, files, time, mode) to every
 * request and, from 3.x, reminders such as `# task_progress RECOMMENDED`; the
 * model saw them, the person never wrote them: they are left out of the note
 * and counted (`environment-details`). Cline's `src/core/prompts/responses.ts`
 * (formatResponse) writes the result headers and the automated messages.
 */
const environment = /<environment_details>[\s\S]*?(?:<\/environment_details>|$)/g
const reminder = /\n*# task_progress RECOMMENDED[\s\S]*?(?=\n*<environment_details>|$)/g
const result = /^\[([\w:.-]+)(?: for '[\s\S]*?')?\] Result:\s*/
const notExecuted = /^Tool \[([\w:.-]+)\] was not executed because/
const automated = /^(?:\[ERROR\]|\[TASK RESUMPTION\]|\[RESPONSE INTERRUPTED\]|\[Response interrupted)/
// `<user_input mode="act">` wraps every prompt in the SDK store (Cline CLI 3.x).
const wrappers = /^<(task|feedback|answer|user_message|user-message|user_input)(?: [^>]*)?>\n?([\s\S]*?)\n?<\/\1>\s*/

/** A text without the environment details and reminders Cline adds to a request, trimmed. */
export function withoutEnvironment(text: string): string {
  return text.replace(environment, '').replace(reminder, '').trim()
}

/** Reads a user text block; `counted` says whether environment details were removed from it. */
export function userText(raw: string): {value: UserText; counted: boolean} {
  const stripped = raw.replace(environment, '').replace(reminder, '')
  const counted = stripped.length !== raw.length
  const text = stripped.trim()
  if (!text) return {value: {kind: 'empty'}, counted}
  const isResult = result.exec(text)
  if (isResult?.[1]) return {value: {kind: 'result', tool: isResult[1], text: text.slice(isResult[0].length)}, counted}
  const refused = notExecuted.exec(text)
  if (refused?.[1]) return {value: {kind: 'not-executed', tool: refused[1], text}, counted}
  if (automated.test(text)) return {value: {kind: 'automated', text}, counted}
  return {value: {kind: 'prompt', text: unwrap(text)}, counted}
}

/** The text inside Cline's `<task>`, `<feedback>`, `<answer>` tags; text around them is kept. */
function unwrap(text: string): string {
  const parts: string[] = []
  let rest = text
  for (let match = wrappers.exec(rest); match; match = wrappers.exec(rest)) {
    if (match[2]?.trim()) parts.push(match[2].trim())
    rest = rest.slice(match[0].length)
  }
  if (rest.trim()) parts.push(rest.trim())
  return parts.join('\n\n')
}
