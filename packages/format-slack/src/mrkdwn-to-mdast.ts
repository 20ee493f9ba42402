import type {BlockContent, ListItem, PhrasingContent, Root, RootContent} from 'mdast'
import {mrkdwnInline, mrkdwnPlain} from './mrkdwn-inline.js'
import type {Names} from './resolve-names.js'

/** A fenced code span of mrkdwn: three backticks, anything, three backticks (it may sit inside a line). */
const fence = /```([\s\S]*?)```/g

/** A quoted line: `>` (encoded as `&gt;` in exports), an optional space. */
const quoteLine = /^(?:&gt;|>)(?!(?:&gt;|>){2}) ?/
/** `>>>` quotes the rest of the message. */
const quoteRest = /^(?:&gt;|>){3} ?/
/** A plain-text bullet as Slack clients type them (`•`, `◦`, `▪`, `-`, `* `). */
const bulletLine = /^\s*[•◦▪▫‣⁃\-*]\s+(?=\S)/
/** A numbered line, `1.` or `1)`. */
const orderedLine = /^\s*(\d{1,9})[.)]\s+(?=\S)/

/**
 * A message's mrkdwn as an mdast tree: code blocks, block quotes, lists
 * (from plain-text bullets and numbers) and paragraphs whose line breaks are
 * kept as hard breaks, with inline content from {@link mrkdwnInline}.
 */
export function mrkdwnToMdast(text: string, names: Names): Root {
  const children: RootContent[] = []
  let index = 0
  for (const match of text.matchAll(fence)) {
    children.push(...blocks(text.slice(index, match.index), names))
    const code = mrkdwnPlain(match[1] ?? '', names)
      .replace(/^\n/, '')
      .replace(/\n$/, '')
    if (code.trim()) children.push({type: 'code', lang: null, meta: null, value: code})
    index = match.index + match[0].length
  }
  children.push(...blocks(text.slice(index), names))
  return {type: 'root', children}
}

type LineKind = 'blank' | 'quote' | 'bullet' | 'ordered' | 'text'

function kindOf(line: string): LineKind {
  if (!/\S/.test(line)) return 'blank'
  if (quoteLine.test(line) || quoteRest.test(line)) return 'quote'
  if (orderedLine.test(line)) return 'ordered'
  // `*bold* text` is not a bullet: the marker must be followed by a space.
  if (bulletLine.test(line)) return 'bullet'
  return 'text'
}

function blocks(text: string, names: Names): BlockContent[] {
  const lines = text.split('\n')
  const out: BlockContent[] = []
  let index = 0
  while (index < lines.length) {
    const line = lines[index] ?? ''
    const kind = kindOf(line)
    if (kind === 'blank') {
      index++
      continue
    }
    if (quoteRest.test(line)) {
      const rest = [line.replace(quoteRest, ''), ...lines.slice(index + 1)].join('\n')
      out.push({type: 'blockquote', children: blocks(rest, names)})
      break
    }
    let end = index + 1
    while (end < lines.length && kindOf(lines[end] ?? '') === kind && !quoteRest.test(lines[end] ?? '')) end++
    const group = lines.slice(index, end)
    index = end
    if (kind === 'quote') {
      out.push({
        type: 'blockquote',
        children: blocks(group.map((item) => item.replace(quoteLine, '')).join('\n'), names)
      })
    } else if (kind === 'bullet' || kind === 'ordered') {
      const pattern = kind === 'bullet' ? bulletLine : orderedLine
      const items: ListItem[] = group.map((item) => ({
        type: 'listItem',
        spread: false,
        children: [{type: 'paragraph', children: mrkdwnInline(item.replace(pattern, ''), names)}]
      }))
      const start = kind === 'ordered' ? Number(orderedLine.exec(group[0] ?? '')?.[1] ?? 1) : undefined
      out.push({
        type: 'list',
        ordered: kind === 'ordered',
        ...(start === undefined ? {} : {start}),
        spread: false,
        children: items
      })
    } else {
      out.push({type: 'paragraph', children: withBreaks(group.map((item) => mrkdwnInline(item, names)))})
    }
  }
  return out
}

// Slack shows every line break of a message; Markdown needs a hard break for that.
function withBreaks(lines: PhrasingContent[][]): PhrasingContent[] {
  return lines.flatMap((line, position) => (position === 0 ? line : [{type: 'break'} as const, ...line]))
}
