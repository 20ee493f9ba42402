import {overParseBudget} from '@chatmark/core'
import type {Element, ElementContent} from 'hast'

/**
 * Characters that start Markdown, GFM or HTML syntax anywhere in a line's text (outside code spans): emphasis,
 * strikethrough, escapes, HTML and autolinks, brackets, email and web addresses, tabs. What is only syntax at a
 * line's start (`#`, `>`, `|`, `+`, `=`, `-`, digits) is checked there ({@link lineStart}); character references
 * (`&amp;`) are checked on their own, as `&` alone is text.
 */
const inlineSyntax = /[\\*_~<[\]@\t]|:\/\/|www\./i
/** A character reference (`&amp;`, `&#123;`, `&#x1F;`): decoded by the parser. */
const characterReference = /&#?[A-Za-z0-9]+;/
/** Characters that are not read anywhere in a message taken by this path: NUL, a lone CR, a byte order mark. */
const refusedAnywhere = /[\0\r\uFEFF]/
/**
 * A line's start that makes it something other than paragraph text, or that this path leaves to the parser:
 * white space (indented code, a lazy line), a block quote, a list marker or rule, a heading, a setext underline,
 * a table's pipe or delimiter, HTML, a fence, emphasis.
 */
const lineStart = /^(?:\s|[-+*>#=<|~_:]|\d{1,9}[.)]|``)/
/** A line of `=` (a setext underline) is not text. */
const setextEquals = /^=+$/
/** A fence's opening line: three backticks and at most a language of word characters (no meta). */
const fenceOpen = /^```([\w+.#-]*)$/
/** Any line that would close a backtick fence (only the plain "```" is taken here). */
const fenceClose = /^ {0,3}`{3,}[ \t]*$/
/** An ATX heading whose text starts and ends with something other than white space or `#`. */
const atxHeading = /^(#{1,6}) ([^\s#](?:[^#]*[^\s#])?)$/
/** A list item with content, its marker a `-`: the content starts with neither a marker, a digit nor white space. */
const bulletItem = /^- ([^\s\-+*>#=<|~_:\d].*)$/

/**
 * Message text made of the Markdown chat models write most (paragraphs, ATX headings, tight `-` lists, fenced code
 * with a language, inline code), as the hast elements core's parser and mdast-util-to-hast make of it, its headings
 * pushed below `depth` as `messageToHast` pushes them; `undefined` for anything else, which goes to the parser.
 * Every block is read as CommonMark reads it alone at a line's start: lines with leading or trailing white space,
 * lazy lines after a list item, a second list after a blank line (a loose list), emphasis, links, HTML, tables and
 * character references all go to the parser, as does text over core's parse budget (the parser would refuse it).
 * A test compares the two on generated text.
 */
export function simpleMarkdown(value: string, depth: number): Element[] | undefined {
  if (refusedAnywhere.test(value) || characterReference.test(value)) return undefined
  const lines = value.split('\n')
  const blocks: Element[] = []
  let paragraph: string[] | undefined
  let items: Element[] | undefined
  /** A list was closed by a blank line, and nothing since: an item now would make it one loose list. */
  let listBeforeBlank = false
  const endParagraph = (): boolean => {
    if (paragraph === undefined) return true
    const children = inline(paragraph.join('\n'))
    paragraph = undefined
    if (children === undefined) return false
    blocks.push({type: 'element', tagName: 'p', properties: {}, children})
    return true
  }
  const endList = (): void => {
    if (items === undefined) return
    const children: ElementContent[] = [{type: 'text', value: '\n'}]
    for (const item of items) children.push(item, {type: 'text', value: '\n'})
    blocks.push({type: 'element', tagName: 'ul', properties: {}, children})
    items = undefined
  }
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] as string
    if (line === '') {
      if (!endParagraph()) return undefined
      if (items !== undefined) {
        endList()
        listBeforeBlank = true
      }
      continue
    }
    if (/\s$/.test(line)) return undefined
    if (line.startsWith('```')) {
      const fence = fenceOpen.exec(line)
      if (!fence) return undefined
      let close = index + 1
      while (close < lines.length && !fenceClose.test(lines[close] as string)) close++
      if (lines[close] !== '```') return undefined
      if (!endParagraph()) return undefined
      endList()
      listBeforeBlank = false
      const body = lines.slice(index + 1, close).join('\n')
      const language = fence[1] as string
      const code: Element = {
        type: 'element',
        tagName: 'code',
        properties: language ? {className: [`language-${language}`]} : {},
        children: [{type: 'text', value: body ? `${body}\n` : ''}]
      }
      blocks.push({type: 'element', tagName: 'pre', properties: {}, children: [code]})
      index = close
      continue
    }
    if (line.startsWith('#')) {
      const heading = atxHeading.exec(line)
      const children = heading && inline(heading[2] as string)
      if (!heading || !children || !endParagraph()) return undefined
      endList()
      listBeforeBlank = false
      const level = Math.min(6, (heading[1] as string).length + depth)
      blocks.push({type: 'element', tagName: `h${level}`, properties: {}, children})
      continue
    }
    if (line.startsWith('-')) {
      const item = bulletItem.exec(line)
      const children = item && inline(item[1] as string)
      if (!item || !children || listBeforeBlank || !endParagraph()) return undefined
      items ??= []
      items.push({type: 'element', tagName: 'li', properties: {}, children})
      continue
    }
    // Paragraph text: not after a list item (it would be a lazy line of the item), nor anything that starts a block.
    if (items !== undefined || lineStart.test(line) || setextEquals.test(line)) return undefined
    listBeforeBlank = false
    paragraph ??= []
    paragraph.push(line)
  }
  if (!endParagraph()) return undefined
  endList()
  // Within the budget as a whole, every piece the parser would cut it into is within it too.
  if (overParseBudget(value) !== undefined) return undefined
  return blocks
}

/**
 * A paragraph's or heading's text as phrasing: plain text and code spans of one backtick (no white space at either
 * end of the code, none empty); `undefined` when it holds anything else.
 */
function inline(text: string): ElementContent[] | undefined {
  const parts = text.split('`')
  // An odd number of backticks: one of them is text, which this path leaves to the parser.
  if (parts.length % 2 === 0) return undefined
  const children: ElementContent[] = []
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as string
    if (index % 2 === 1) {
      if (part === '' || part.startsWith(' ') || part.endsWith(' ') || part.includes('\n')) return undefined
      children.push({type: 'element', tagName: 'code', properties: {}, children: [{type: 'text', value: part}]})
      continue
    }
    // Text between two code spans is never empty (that would be a run of two backticks).
    if (part === '') {
      if (index > 0 && index < parts.length - 1) return undefined
      continue
    }
    if (inlineSyntax.test(part)) return undefined
    children.push({type: 'text', value: part})
  }
  return children
}
