import type {PhrasingContent} from 'mdast'

/**
 * Characters that mean nothing to Markdown, GFM or HTML inside a line:
 * letters, digits, spaces and plain punctuation (with the dashes, the
 * ellipsis and the `×` of an attachment's `1024×768`). Everything that can
 * start or end a construct (`*_[]<>&!#~|\\=+@%` and backticks) is absent,
 * and so is what Obsidian reads as its own (`#`, `%%`, `==`).
 */
const inert = /^[\p{L}\p{N} ,.:;()·'"?/×–—…-]*$/u
/** GFM turns `www.` and `scheme://` into links even without brackets. */
const autolink = /www\.|:\/\//i
/** What may follow emphasis or a code span directly, for the run to close as written. */
const closingNeighbour = /^(?:$|[\n :,.;)])/
/** What may precede emphasis directly, for the run to open as written. */
const openingNeighbour = /(?:^|[\n ])$/
/** Emphasis opens and closes as written around text that neither starts nor ends with a space. */
const solidEdges = /^\S(?:[\s\S]*\S)?$/

/**
 * Whether a text needs no escaping where it stands: short, inert, not at the
 * start of a line (where `-`, `1.` or `1)` would start a list), and not
 * ending a line with a space.
 */
export function isInertText(value: string, before: string, after: string): boolean {
  if (value.length === 0 || value.length > 200) return false
  if (before === '' || before.endsWith('\n') || before.endsWith('\r') || /^[.)]/.test(value)) return false
  if ((after === '' || after.startsWith('\n') || after.startsWith('\r')) && /\s$/.test(value)) return false
  return inert.test(value) && !autolink.test(value)
}

/**
 * A line of phrasing written directly, when every piece of it is plain:
 * inert text (see {@link isInertText}), strong or emphasis around one inert
 * text that does not start or end with a space, with a space or line edge
 * before and a space, line edge or plain punctuation after, and code spans without backticks, line endings or
 * edge spaces. That is the text mdast-util-to-markdown would write for it (a
 * test compares the two), without its escaping and attention passes, which
 * were most of the time spent serialising a long session. Anything else:
 * `undefined`, and the caller uses the default handler.
 *
 * @param before The text before the line on its own line (`## ` for a heading).
 */
export function plainPhrasing(
  children: readonly PhrasingContent[],
  before: string,
  emphasisMarker: string,
  strongMarker: string
): string | undefined {
  let output = ''
  for (let index = 0; index < children.length; index++) {
    const child = children[index]
    if (!child) return undefined
    const prefix = before + output
    const after = firstCharacter(children[index + 1], emphasisMarker, strongMarker)
    if (after === undefined) return undefined
    if (child.type === 'text') {
      // A heading's text, or a line's, never starts with a space it keeps.
      if (output === '' && /^\s/.test(child.value)) return undefined
      if (!isInertText(child.value, prefix, after)) return undefined
      output += child.value
    } else if (child.type === 'strong' || child.type === 'emphasis') {
      const only = child.children.length === 1 ? child.children[0] : undefined
      if (only?.type !== 'text' || !solidEdges.test(only.value) || !inert.test(only.value)) return undefined
      if (autolink.test(only.value) || only.value.length > 200) return undefined
      if (!openingNeighbour.test(prefix) || !closingNeighbour.test(after)) return undefined
      const marker = child.type === 'strong' ? strongMarker.repeat(2) : emphasisMarker
      output += marker + only.value + marker
    } else if (child.type === 'inlineCode') {
      const value = child.value
      if (value.length === 0 || value.length > 200 || /[`\r\n]/.test(value) || value.trim() !== value) return undefined
      output += `\`${value}\``
    } else {
      return undefined
    }
  }
  return output
}

/** The first character a plain piece is written with: `''` at the end of the line, `undefined` when not plain. */
function firstCharacter(
  node: PhrasingContent | undefined,
  emphasisMarker: string,
  strongMarker: string
): string | undefined {
  if (node === undefined) return ''
  if (node.type === 'text') return node.value.charAt(0)
  if (node.type === 'strong') return strongMarker
  if (node.type === 'emphasis') return emphasisMarker
  if (node.type === 'inlineCode') return '`'
  return undefined
}
