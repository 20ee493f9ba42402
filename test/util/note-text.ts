import type {Nodes, Root} from 'mdast'
import {toString as textOf} from 'mdast-util-to-string'
import {parse as parseYaml} from 'yaml'
import type {Carrier, Payload} from './carriers.js'
import {folded, marker, place, shownOf} from './carriers.js'

/** The nodes of a tree, depth first. */
export function* nodesOf(node: Nodes): Generator<Nodes> {
  yield node
  if ('children' in node) for (const child of node.children) yield* nodesOf(child)
}

/** Every string of a YAML value, keys included. */
function yamlStrings(value: unknown): string[] {
  if (typeof value === 'string') return [value]
  if (Array.isArray(value)) return value.flatMap(yamlStrings)
  if (typeof value === 'object' && value !== null) {
    return Object.entries(value).flatMap(([key, inner]) => [key, ...yamlStrings(inner)])
  }
  return []
}

/**
 * What a reader of a parsed note reads, a block at a time: the text of each paragraph, heading and table cell
 * (links' and images' text included), code, HTML and link definitions as written, and the frontmatter's values.
 */
export function noteText(tree: Root): string {
  const texts: string[] = []
  for (const node of nodesOf(tree)) {
    if (node.type === 'yaml') texts.push(...yamlStrings(parseYaml(node.value)))
    else if (node.type === 'code' || node.type === 'html') texts.push(node.value)
    // A definition shows nothing, and is kept in the note as written: its label, address and title.
    else if (node.type === 'definition') texts.push(`[${node.label ?? ''}]: ${node.url} ${node.title ?? ''}`)
    else if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'tableCell') texts.push(textOf(node))
  }
  return texts.join('\n')
}

/** Which payloads of which carriers a reader does not find in `shown` (text as a reader reads it). */
export function unseen(shown: string, which: readonly Carrier[], payloads: readonly Payload[]): string[] {
  const text = folded(shown)
  return which.flatMap((carrier) =>
    payloads.flatMap((payload, index) =>
      text.includes(shownOf(carrier, place(payload, carrier.code, index), index))
        ? []
        : [`${marker(carrier.code, index)} (${payload.name} in ${carrier.name})`]
    )
  )
}
