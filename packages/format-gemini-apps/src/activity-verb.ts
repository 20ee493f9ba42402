/**
 * What an activity's `title` says was done. The English verbs of the exports
 * peers describe (issue 27 research §5: a 2,061-record export counted
 * `Prompted` 1,972, `Created` 68, `Used` 6, `Selected preferred draft` 8,
 * `Gave feedback` 7; older exports `Asked`, and rows split as `You said:` /
 * `Gemini said:`). A title of another verb (a localized export, a new
 * activity) is `other`: kept in the note as it is, never dropped.
 */
export type ActivityVerb =
  | {kind: 'prompt'; text: string}
  | {kind: 'answer'; text: string}
  | {kind: 'created'; text: string}
  | {kind: 'event'; text: string}
  | {kind: 'other'; text: string}

const prompts = ['Prompted', 'Asked', 'You said:']
const answers = ['Gemini said:', 'Bard said:']
const events = ['Used', 'Selected preferred draft', 'Gave feedback']

/** The verb of a title and the text after it (the prompt of `Prompted <prompt>`). */
export function activityVerb(title: string): ActivityVerb {
  for (const verb of prompts) {
    const text = after(title, verb)
    if (text !== undefined) return {kind: 'prompt', text}
  }
  for (const verb of answers) {
    const text = after(title, verb)
    if (text !== undefined) return {kind: 'answer', text}
  }
  const created = after(title, 'Created')
  if (created !== undefined) return {kind: 'created', text: created}
  if (events.some((verb) => after(title, verb) !== undefined)) return {kind: 'event', text: title.trim()}
  return {kind: 'other', text: title.trim()}
}

/** Whether a title starts with one of the verbs this reader knows (for detection). */
export function knownVerb(title: string): boolean {
  return activityVerb(title).kind !== 'other'
}

// Takeout separates the verb from the text with a no-break space in HTML (`Prompted&nbsp;`), a space in JSON.
function after(title: string, verb: string): string | undefined {
  if (!title.startsWith(verb)) return undefined
  const rest = title.slice(verb.length)
  if (rest === '') return ''
  if (!/^[\s\u00a0:]/.test(rest) && !verb.endsWith(':')) return undefined
  return rest.replace(/^[\s\u00a0]+/, '')
}
