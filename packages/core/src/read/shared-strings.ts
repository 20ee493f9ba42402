/** At most this many distinct strings are kept: a file whose every record names another folder shares none. */
const maxShared = 1024

/**
 * Strings that repeat on the records of a session (its id, folder, branch,
 * version, model), each kept once however many records name them. `JSON.parse`
 * gives every record strings of its own, and a reader that keeps a long
 * session's records until its end (to thread them) kept thousands of copies
 * of each: in a session of short lines, a fifth of what its records held.
 */
export interface SharedStrings {
  /** The kept string equal to `value` (kept now if new), or `value` as it is when it is not a string. */
  share<T>(value: T): T
}

/** An empty {@link SharedStrings}. */
export function createSharedStrings(): SharedStrings {
  const kept = new Map<string, string>()
  return {
    share<T>(value: T): T {
      if (typeof value !== 'string') return value
      const known = kept.get(value)
      if (known !== undefined) return known as T
      if (kept.size < maxShared) kept.set(value, value)
      return value
    }
  }
}
