/** Where a copy of a message comes from: the model history or the UI event stream. */
export type CopySource = 'item' | 'event'

/**
 * Pairs the copies Codex writes of one message: a `response_item` and an
 * `event_msg` (`user_message`, `agent_message`, `agent_reasoning`, or an
 * `item_completed` item) with the same text, in either order. The first copy
 * is shown; its twin from the other source is not. Two copies from the same
 * source are two messages (the user may well say "continue" twice).
 * Cleared at every Codex turn, so the pool holds one turn's messages at most.
 */
export interface Duplicates {
  /** Whether this copy is the first of its message (show it). */
  claim(kind: string, text: string, source: CopySource): boolean
  /** Whether a message of this kind and text was shown in the current turn. */
  shown(kind: string, text: string): boolean
  clear(): void
}

export function createDuplicates(): Duplicates {
  // By kind, then by text: a `kind + text` key copied every message's text to look it up.
  let pool = new Map<string, Map<string, {item: number; event: number}>>()
  return {
    claim(kind, text, source) {
      const key = text.trim()
      let texts = pool.get(kind)
      if (!texts) {
        texts = new Map()
        pool.set(kind, texts)
      }
      let entry = texts.get(key)
      if (!entry) {
        entry = {item: 0, event: 0}
        texts.set(key, entry)
      }
      const other = source === 'item' ? 'event' : 'item'
      if (entry[other] > 0) {
        entry[other]--
        return false
      }
      entry[source]++
      return true
    },
    shown(kind, text) {
      return pool.get(kind)?.has(text.trim()) ?? false
    },
    clear() {
      if (pool.size > 0) pool = new Map()
    }
  }
}
