import type {FormatPlugin} from './plugin.js'

/**
 * The built-in formats' dispatch order. Formats with the most specific
 * fingerprints come first; plain text is late because it accepts prose, and
 * Gemini is last (its JSONL header is distinctive, but `sessionId` alone is
 * shared with Claude Code, which must get the first look).
 */
export const defaultFormatOrder: readonly string[] = Object.freeze([
  'claude',
  'chatgpt',
  'codex',
  'slack',
  'plaintext',
  'gemini'
])

/** Sorts formats by {@link defaultFormatOrder}; unknown names keep their order, after the known ones. */
export function sortByDefaultOrder(formats: readonly FormatPlugin[]): FormatPlugin[] {
  const position = (format: FormatPlugin): number => {
    const index = defaultFormatOrder.indexOf(format.name)
    return index === -1 ? defaultFormatOrder.length : index
  }
  return [...formats].sort((a, b) => position(a) - position(b))
}
