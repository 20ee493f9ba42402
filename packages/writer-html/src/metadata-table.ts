import type {ChatmarkFrontmatter, NoteLink} from '@chatmark/core'
import {withParentLink} from '@chatmark/core'
import type {Element} from 'hast'
import {h} from 'hastscript'
import {lines} from './lines.js'

/**
 * The note's properties folded under one line of what a reader looks for first: the tool, the models, the day,
 * the turns and the tokens (`Claude Code · claude-opus-4 · 2026-12-01 · 4 turns · 23,613 tokens`).
 */
export function metadataFold(
  node: ChatmarkFrontmatter,
  link: Omit<NoteLink, 'href'>,
  models: readonly string[]
): Element {
  const facts = [link.tool ?? link.format, ...models.slice(0, 2)]
  if (models.length > 2) facts.push(`${models.length - 2} more models`)
  if (link.date) facts.push(link.date.slice(0, 10))
  facts.push(`${link.turns.toLocaleString('en-US')} turn${link.turns === 1 ? '' : 's'}`)
  if (link.tokens !== undefined) facts.push(`${link.tokens.toLocaleString('en-US')} tokens`)
  return h('details.metadata', lines([h('summary', facts.join(' · ')), metadataTable(node)]))
}

/**
 * The note's frontmatter node as a small table at the top of the page: one
 * row per property, the title left out (the heading shows it), the link to
 * the parent's note where the default profile puts it. Lists are joined with
 * commas, records written `key: value`, and numbers grouped (`12,345`).
 */
export function metadataTable(node: ChatmarkFrontmatter): Element {
  const data = node.parent === undefined ? node.properties : withParentLink(node.properties, node.parent, 'gfm')
  const rows = Object.entries(data)
    .filter(([key, value]) => key !== 'title' && value !== undefined && value !== null)
    .map(([key, value]) => h('tr', [h('th', {scope: 'row'}, key.replace(/_/g, ' ')), h('td', valueText(key, value))]))
  return h('table.metadata', [h('tbody', lines(rows))])
}

function valueText(key: string, value: unknown): string {
  if (key === 'source' && isRecord(value) && typeof value['format'] === 'string') {
    return typeof value['variant'] === 'string' ? `${value['format']} (${value['variant']})` : value['format']
  }
  if (Array.isArray(value)) return value.map((item) => valueText('', item)).join(', ')
  if (isRecord(value)) {
    return Object.entries(value)
      .map(([name, item]) => `${name}: ${valueText('', item)}`)
      .join(' · ')
  }
  if (typeof value === 'number') return value.toLocaleString('en-US')
  return String(value)
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}
