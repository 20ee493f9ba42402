import type {ChatmarkFrontmatter} from '@chatmark/core'
import {withParentLink} from '@chatmark/core'
import type {Element} from 'hast'
import {h} from 'hastscript'
import {lines} from './lines.js'

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
