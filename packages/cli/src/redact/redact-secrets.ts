import type {Conversation} from '@chatmark/core'
import {attachmentsOf} from '@chatmark/core'
import {secretReadings} from './find-secrets.js'
import type {RedactedString} from './redact-string.js'
import {redactReadings} from './redact-string.js'
import {secretScanners} from './secret-scanners.js'

/** The fidelity key that counts the secrets {@link redactSecrets} replaced. */
export const redactedSecretKey = 'redacted-secret'

/** Object keys seen to hold no secret: a model's few keys (`type`, `text`) repeat millions of times in a session. */
const cleanKeys = new Set<string>()
/** Beyond this many, the set starts again: tool inputs may have keys of their own without end. */
const cleanKeysKept = 10_000

/**
 * Replaces every secret in a conversation (see the README's list of kinds), in every string of it and every
 * object key (text, thinking, tool inputs and results and their keys, code, quotes, notices, names, titles,
 * metadata; not the bytes of an attachment, `data`), with a marker naming its kind: `[redacted: GitHub token]`.
 * Each string is read as written and as a Markdown reader reads it (a reader that escaped `ghp_` as `ghp\_`
 * hides nothing), and base64 in it decoded. The conversation is changed in place (it is the reader's fresh
 * copy) and returned; the number of secrets is added to its fidelity as `redacted-secret`. Strings are walked
 * with a stack, not recursion, so deep tool inputs cannot overflow it.
 */
export async function redactSecrets(conversation: Conversation): Promise<Conversation> {
  let count = 0
  const attachments = new Set<object>(attachmentsOf(conversation))
  const stack: Record<string | number, unknown>[] = [conversation as unknown as Record<string, unknown>]
  for (let holder = stack.pop(); holder !== undefined; holder = stack.pop()) {
    // Arrays by index: the turns of a long session would make a long array of keys.
    const isArray = Array.isArray(holder)
    const keys: Iterable<string | number> = isArray ? (holder as unknown as unknown[]).keys() : Object.keys(holder)
    let renamed: Map<string, string> | undefined
    for (const key of keys) {
      const value = holder[key]
      // An attachment's bytes (base64, megabytes of a screenshot) are a file, not text: never scanned or changed.
      if (typeof value === 'string' && !(key === 'data' && attachments.has(holder))) {
        // Awaited only when there is something to wait for: most strings hold nothing, and an await each would
        // cost a tick each.
        const pending = redactedIfAny(value)
        const redacted = pending && (await pending)
        if (redacted) {
          holder[key] = redacted.text
          count += redacted.count
        }
      } else if (typeof value === 'object' && value !== null && value !== conversation.fidelity) {
        stack.push(value as Record<string | number, unknown>)
      }
      if (isArray || typeof key !== 'string' || cleanKeys.has(key)) continue
      const pending = redactedIfAny(key)
      const redacted = pending && (await pending)
      if (redacted === undefined) {
        if (cleanKeys.size >= cleanKeysKept) cleanKeys.clear()
        cleanKeys.add(key)
        continue
      }
      renamed ??= new Map()
      renamed.set(key, redacted.text)
      count += redacted.count
    }
    if (renamed) renameKeys(holder, renamed)
  }
  if (count > 0) conversation.fidelity[redactedSecretKey] = (conversation.fidelity[redactedSecretKey] ?? 0) + count
  return conversation
}

/** A string's redacted text, or `undefined` when it holds no secret (then without waiting for anything). */
function redactedIfAny(text: string): Promise<RedactedString | undefined> | undefined {
  const readings = secretReadings(text)
  if (readings.length === 0) return undefined
  return secretScanners().then((scanners) => {
    const redacted = redactReadings(text, readings, scanners)
    return redacted.count === 0 ? undefined : redacted
  })
}

/**
 * Gives an object's keys their redacted names, in their places (a tool input's keys keep their order); a name
 * already taken gets a number (two keys may hold two secrets of one kind).
 */
function renameKeys(holder: Record<string | number, unknown>, renamed: ReadonlyMap<string, string>): void {
  const entries = Object.entries(holder)
  for (const [key] of entries) delete holder[key]
  const taken = new Set(entries.map(([key]) => key).filter((key) => !renamed.has(key)))
  for (const [key, value] of entries) {
    let name = renamed.get(key) ?? key
    if (renamed.has(key)) {
      for (let number = 2; taken.has(name); number++) name = `${renamed.get(key)} (${number})`
      taken.add(name)
    }
    holder[name] = value
  }
}
