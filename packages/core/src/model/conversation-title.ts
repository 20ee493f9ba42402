import type {Conversation, Turn} from './model.js'
import {safeTitle} from './safe-title.js'

const maxDerivedTitle = 80

/** Markdown block markers at the start of a line: a heading's `#`s, a quote's `>`, a list item's bullet or number. */
const blockMarker = /^(?:#{1,6}(?:[ \t]+|$)|>[ \t]?|[-*+](?:[ \t]+|$)|\d{1,9}[.)](?:[ \t]+|$))/

/**
 * The note's title, always one line and free of control characters (see
 * {@link safeTitle}): the conversation's own (its line breaks made spaces),
 * else its {@link promptTitle}, else the format name and id. An own title of
 * only line breaks, whitespace (`\r`) and control characters counts as none.
 * Every writer, file name and terminal line takes the title from here.
 */
export function conversationTitle(conversation: Conversation): string {
  const own = safeTitle(conversation.title ?? '')
  if (own) return own
  return promptTitle(conversation.turns) ?? safeTitle(`${conversation.source.format} conversation ${conversation.id}`)
}

/**
 * A title made from the turns: the first line of the first user message that
 * has words once its Markdown block markers are taken off (`# Fix the build`
 * gives `Fix the build`), cut at 80 characters; `undefined` when no user
 * message has any.
 */
export function promptTitle(turns: readonly Turn[]): string | undefined {
  for (const turn of turns) {
    if (turn.role !== 'user') continue
    for (const part of turn.parts) {
      if (part.type !== 'text') continue
      // A bare `\r` ends a line too: a title holding one would be a heading of two lines.
      const line = part.text
        .split(/\r\n?|\n/)
        .map((line) => withoutMarkers(safeTitle(line)))
        .find((candidate) => candidate !== '')
      if (line)
        return [...line].length > maxDerivedTitle ? `${[...line].slice(0, maxDerivedTitle - 1).join('')}…` : line
    }
  }
  return undefined
}

function withoutMarkers(line: string): string {
  let rest = line.trim()
  for (let marker = blockMarker.exec(rest); marker; marker = blockMarker.exec(rest)) {
    rest = rest.slice(marker[0].length).trim()
  }
  return rest
}
