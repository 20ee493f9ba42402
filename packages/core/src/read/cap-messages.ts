import type {VFile} from 'vfile'
import type {VFileMessage} from 'vfile-message'

/**
 * The longest message text kept (characters); the middle of a longer one is
 * cut. Room for a reason from each of two dozen formats (a file no format
 * claimed), with their quotes of the input capped at {@link maxQuoteChars}.
 */
export const maxMessageChars = 3000

/** How many characters of untrusted text (a title, an id, a line) a message quotes. */
export const maxQuoteChars = 80

/** What the last message of a rule counts, in words, for the rules the readers report. */
const countedAs: Readonly<Record<string, string>> = {
  'malformed-line': 'malformed lines',
  'oversized-line': 'oversized lines',
  'malformed-json': 'malformed items',
  'too-deep': 'values nested too deep'
}

/**
 * Caps the messages of a file: the first `perRule` messages of each rule
 * (`source` and `ruleId`) are kept, and the rest are only counted, in one
 * more message of that rule that says how many were left out ("and 999,950
 * more malformed lines"). Memory stays flat however many problems an input
 * has. A message's text longer than {@link maxMessageChars} is cut in the
 * middle, so untrusted text quoted in it cannot flood a terminal.
 *
 * A message over the cap is still returned (callers may mark it fatal), but
 * it is not in `file.messages`. Returns the file.
 */
export function capMessages(file: VFile, perRule: number): VFile {
  // Any of vfile's overloads: (reason, options), (reason, place, origin), ...
  const add = file.message.bind(file) as (...args: unknown[]) => VFileMessage
  const rules = new Map<string, Rule>()
  const message = (...args: unknown[]): VFileMessage => {
    // The rule is read from the arguments, so a message over the cap is never made (a stack trace each).
    const key = ruleKey(args[1], args[2])
    let rule = rules.get(key)
    if (!rule) {
      rule = {kept: 0, more: 0}
      rules.set(key, rule)
    }
    if (rule.kept < perRule) {
      const created = add(...args)
      rule.kept++
      rule.last = created
      cutReason(created)
      return created
    }
    rule.more++
    if (!rule.over) {
      // The first message over the cap leaves the list; it stands for the rest (a caller may mark it fatal).
      rule.over = add(...args)
      file.messages.pop()
      summarise(rule.over, rule)
    }
    return rule.over
  }
  const summarise = (over: VFileMessage, rule: Rule): void => {
    const ruleId = over.ruleId ?? undefined
    const summary = add('', {
      ...(ruleId === undefined ? {} : {ruleId}),
      ...(over.source === undefined || over.source === null ? {} : {source: over.source})
    })
    summary.fatal = rule.last?.fatal ?? false
    const what = (ruleId && countedAs[ruleId]) ?? (ruleId ? `\`${ruleId}\` messages` : 'messages')
    // Counted lazily: a million further messages cost a number, not a million strings.
    const text = (): string => `and ${rule.more.toLocaleString('en-US')} more ${what}`
    Object.defineProperty(summary, 'reason', {get: text, configurable: true, enumerable: true})
    Object.defineProperty(summary, 'message', {get: text, configurable: true, enumerable: true})
  }
  file.message = message as VFile['message']
  return file
}

interface Rule {
  kept: number
  more: number
  /** The last message kept. */
  last?: VFileMessage
  /** The message returned for every message over the cap. */
  over?: VFileMessage
}

/** `source:ruleId` of a message, from `file.message`'s options or origin (`source:ruleId`, or a rule alone). */
function ruleKey(options: unknown, origin: unknown): string {
  if (typeof origin === 'string') return origin.includes(':') ? origin : `:${origin}`
  if (typeof options !== 'object' || options === null) return ':'
  const {ruleId, source} = options as {ruleId?: unknown; source?: unknown}
  return `${typeof source === 'string' ? source : ''}:${typeof ruleId === 'string' ? ruleId : ''}`
}

function cutReason(message: VFileMessage): void {
  if (message.reason.length <= maxMessageChars) return
  // Its head and its tail: a list of reasons keeps its first and last items, a path its file name.
  const tail = [...message.reason.slice(-maxMessageChars / 2)].slice(1).join('')
  const cut = `${shorten(message.reason, maxMessageChars / 2)} ${tail}`
  message.reason = cut
  message.message = cut
}

/**
 * Untrusted text as a message quotes it: at most `max` characters (default
 * {@link maxQuoteChars}), the rest replaced by `…`, never splitting a character.
 */
export function shorten(text: string, max = maxQuoteChars): string {
  if (text.length <= max) return text
  let end = max - 1
  // A surrogate pair is one character: never keep half of it.
  const last = text.charCodeAt(end - 1)
  if (last >= 0xd800 && last <= 0xdbff) end--
  return `${text.slice(0, end)}…`
}
