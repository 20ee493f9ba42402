import type {Turn} from '@chatmark/core/model'

const maxTitle = 80

/**
 * A title from the first prompt, as Codex titles a thread (its first user
 * message without the IDE context, `codex-rs/state/src/extract.rs`): the first
 * line with text, as plain text: without the Markdown heading, quote or list
 * marker it may start with, cut at 80 characters.
 */
export function promptTitle(turns: readonly Turn[]): string | undefined {
  for (const turn of turns) {
    if (turn.role !== 'user') continue
    for (const part of turn.parts) {
      if (part.type !== 'text') continue
      for (const raw of part.text.split('\n')) {
        const line = plainLine(raw)
        if (line) return [...line].length > maxTitle ? `${[...line].slice(0, maxTitle - 1).join('')}…` : line
      }
    }
  }
  return undefined
}

function plainLine(line: string): string {
  return line
    .trim()
    .replace(/^(?:>\s*)+/, '')
    .replace(/^#{1,6}(?:\s+|$)/, '')
    .replace(/\s+#+\s*$/, '')
    .replace(/^(?:[-*+]|\d{1,9}[.)])\s+/, '')
    .trim()
}
