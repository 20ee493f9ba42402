import type {Element, ElementContent, Root, RootContent} from 'hast'
import {fromHtml} from 'hast-util-from-html'
import type {Activity} from './activity.js'
import {conversationIdOf} from './activity.js'
import {nodesToMarkdown} from './html-to-markdown.js'
import {takeoutTime, looksLikeTakeoutTime} from './takeout-time.js'
import {geminiProducts} from './json-activity.js'

/**
 * The records of a `My Activity.html` page: Takeout's Material Design Lite
 * cards, one per activity (`div.outer-cell > div.mdl-grid`), each a
 * `header-cell` naming the product, a `content-cell` holding the title
 * (`Prompted&nbsp;<prompt>`), a `<br>`, the time in the export's locale, a
 * `<br>` and the answer's HTML, and a caption cell (`Products:`, `Why is
 * this here?`). Cards of another product are skipped and counted in
 * `otherProducts`. `problems` gets each card that could not be read.
 */
export function htmlActivities(
  html: string,
  problems: (reason: string) => void
): {
  activities: Activity[]
  otherProducts: number
} {
  const activities: Activity[] = []
  let otherProducts = 0
  for (const card of cards(fromHtml(html))) {
    const header = card.cells.find((cell) => hasClass(cell, 'header-cell'))
    const product = header ? textOf(header).trim() : ''
    if (!geminiProducts.includes(product)) {
      otherProducts++
      continue
    }
    const [content, ...rest] = card.cells.filter((cell) => hasClass(cell, 'content-cell'))
    if (!content) {
      problems(`card ${activities.length + otherProducts + 1} has no content cell`)
      continue
    }
    activities.push(cardActivity(activities.length + otherProducts, product, content, rest))
  }
  return {activities, otherProducts}
}

interface Card {
  cells: Element[]
}

/** The cards of the page, in order: each `outer-cell` and the cells of its grid. */
function cards(root: Root): Card[] {
  const found: Card[] = []
  const stack: Array<Root | Element> = [root]
  while (stack.length > 0) {
    const node = stack.pop()!
    if (node.type === 'element' && hasClass(node, 'outer-cell')) {
      found.push({cells: cellsOf(node)})
      continue
    }
    for (let index = node.children.length - 1; index >= 0; index--) {
      const child = node.children[index]!
      if (child.type === 'element') stack.push(child)
    }
  }
  return found
}

/** The cells of a card: the elements with a `*-cell` class under it, outermost first. */
function cellsOf(card: Element): Element[] {
  const cells: Element[] = []
  const visit = (node: Element): void => {
    for (const child of node.children) {
      if (child.type !== 'element') continue
      if (hasClass(child, 'header-cell') || hasClass(child, 'content-cell')) cells.push(child)
      else visit(child)
    }
  }
  visit(card)
  return cells
}

function cardActivity(index: number, product: string, content: Element, captions: Element[]): Activity {
  const lines = splitAtBreaks(content.children)
  const timeLine = lines.findIndex((line) => looksLikeTakeoutTime(plainText(line)))
  const titleLines = timeLine < 0 ? lines.slice(0, 1) : lines.slice(0, timeLine)
  const answerNodes = (timeLine < 0 ? lines.slice(1) : lines.slice(timeLine + 1)).flat()
  const title = titleLines.map((line) => plainText(line).trim()).join('\n')
  const time = timeLine < 0 ? undefined : takeoutTime(plainText(lines[timeLine]!))
  const links = [content, ...captions].flatMap(linksOf)
  const conversationUrl = links.find((url) => conversationIdOf(url))
  const conversationId = conversationUrl ? conversationIdOf(conversationUrl) : undefined
  const attachedFiles = titleLines.flat().flatMap((node) => (node.type === 'element' ? localFiles(node) : []))
  const answer = nodesToMarkdown(answerNodes as RootContent[])
  return {
    index,
    product,
    title,
    ...(time ? {time} : {}),
    answer: answer === '' ? [] : [answer],
    ...(conversationUrl && conversationId ? {conversationUrl, conversationId} : {}),
    attachedFiles,
    subtitles: []
  }
}

/** The nodes of a cell cut at each `<br>`: the lines Takeout writes its title and time on. */
function splitAtBreaks(nodes: readonly ElementContent[]): ElementContent[][] {
  const lines: ElementContent[][] = [[]]
  for (const node of nodes) {
    // The answer starts with a block (`<p>`, `<ul>`...): everything from there on is the answer, `<br>`s included.
    if (lines.length > 1 && node.type === 'element' && node.tagName !== 'br' && isBlock(node.tagName)) {
      lines.push([node])
      continue
    }
    if (node.type === 'element' && node.tagName === 'br' && !startedBlock(lines)) lines.push([])
    else lines.at(-1)!.push(node)
  }
  return lines
}

function startedBlock(lines: ElementContent[][]): boolean {
  return lines.some((line) => line[0]?.type === 'element' && isBlock(line[0].tagName))
}

const blocks = new Set(['p', 'div', 'ul', 'ol', 'pre', 'table', 'blockquote', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr'])

function isBlock(tag: string): boolean {
  return blocks.has(tag)
}

function plainText(nodes: readonly ElementContent[]): string {
  return nodes.map(textOf).join('')
}

function textOf(node: ElementContent | Element): string {
  if (node.type === 'text') return node.value
  if (node.type !== 'element') return ''
  if (node.tagName === 'br') return '\n'
  return node.children.map(textOf).join('')
}

function hasClass(node: Element, name: string): boolean {
  const classes = node.properties['className']
  return Array.isArray(classes) && classes.includes(name)
}

function linksOf(node: ElementContent | Element): string[] {
  if (node.type !== 'element') return []
  const own = node.tagName === 'a' && typeof node.properties['href'] === 'string' ? [node.properties['href']] : []
  return [...own, ...node.children.flatMap(linksOf)]
}

/** Files a title line links or shows by a relative address: the prompt's attachments beside the page. */
function localFiles(node: Element): string[] {
  const address = node.tagName === 'a' ? node.properties['href'] : node.tagName === 'img' ? node.properties['src'] : ''
  const own = typeof address === 'string' && address !== '' && !/^[a-z][a-z0-9+.-]*:|^\/\/|^#/i.test(address)
  const nested = node.children.flatMap((child) => (child.type === 'element' ? localFiles(child) : []))
  return [...(own ? [decoded(address)] : []), ...nested]
}

/** A relative address as the file name it stands for (`%20` a space); as written when it is no valid escape. */
function decoded(address: string): string {
  try {
    return decodeURIComponent(address)
  } catch {
    return address
  }
}
