import type {Element} from 'hast'

/** Characters that can start or end Markdown, GFM or HTML syntax anywhere in a line. */
const syntax = /[\\`*_~<>&[\]!|#=+@\t\r]|:\/\/|www\./i
/** Line starts that make a block other than a paragraph: a list item, indented code, a rule. */
const blockStart = /^ *(?:-|\d+[.)]| {4})/m
/** Two spaces before a line ending: a hard line break. */
const hardBreak = / {2,}\n/

/**
 * Message text that is only paragraphs of plain text, as the `p` elements
 * the Markdown parser would make of it; `undefined` for anything else. Most
 * messages of a long session are such prose, and parsing them with micromark
 * was most of the time spent writing a page (a test compares the two on
 * generated text).
 */
export function plainParagraphs(value: string): Element[] | undefined {
  if (syntax.test(value) || blockStart.test(value) || hardBreak.test(value)) return undefined
  const paragraphs: Element[] = []
  for (const block of value.split(/\n(?: *\n)+/)) {
    const lines = block
      .split('\n')
      // Markdown strips spaces (not other white space) around a paragraph's lines.
      .map((line) => line.replace(/^ +| +$/g, ''))
      .filter((line, index, all) => line !== '' || (index > 0 && index < all.length - 1))
    const text = lines.join('\n').replace(/^\n+|\n+$/g, '')
    if (text) paragraphs.push({type: 'element', tagName: 'p', properties: {}, children: [{type: 'text', value: text}]})
  }
  return paragraphs
}
