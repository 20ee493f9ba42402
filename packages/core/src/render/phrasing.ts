import type {Emphasis, InlineCode, PhrasingContent, Strong, Text} from 'mdast'

/** A text node. */
export function text(value: string): Text {
  return {type: 'text', value}
}

/** Strong emphasis around text. */
export function strong(value: string): Strong {
  return {type: 'strong', children: [text(value)]}
}

/** Emphasis around text. */
export function emphasis(value: string): Emphasis {
  return {type: 'emphasis', children: [text(value)]}
}

/**
 * A code span of a name (a tool, a file, a kind). A name is one line: a line
 * ending in it (a hostile or garbled name) is a space, so nothing after it can
 * start a line of its own.
 */
export function inlineCode(value: string): InlineCode {
  return {type: 'inlineCode', value: value.replace(/\r\n?|\n/g, ' ')}
}

/**
 * Merges neighbouring text nodes of a line built piece by piece into one:
 * fewer nodes is less work for the serialiser, which handles phrasing node by
 * node, and adjacent text nodes are not normal mdast.
 */
export function mergeText(nodes: PhrasingContent[]): PhrasingContent[] {
  const merged: PhrasingContent[] = []
  for (const node of nodes) {
    const last = merged.at(-1)
    if (node.type === 'text' && last?.type === 'text') merged[merged.length - 1] = text(last.value + node.value)
    else merged.push(node)
  }
  return merged
}
