import type {Nodes, Root} from 'hast'

/** The prefix rehype-sanitize puts before every `id` (its default `clobberPrefix`). */
const clobberPrefix = 'user-content-'

/**
 * A rehype plugin, run after rehype-sanitize: links within the page
 * (`#m3-fn-1`, a footnote) get the prefix the sanitiser gave every id, so
 * footnotes and their back-references still meet. The prefix keeps ids from
 * message text from clobbering names the browser gives the page.
 */
export function rehypeFragmentLinks(): (tree: Root) => undefined {
  return (tree) => {
    prefixFragments(tree)
    return undefined
  }
}

function prefixFragments(node: Nodes): void {
  if (node.type === 'element' && node.tagName === 'a') {
    const href = node.properties['href']
    if (typeof href === 'string' && href.startsWith('#') && !href.startsWith(`#${clobberPrefix}`)) {
      node.properties['href'] = `#${clobberPrefix}${href.slice(1)}`
    }
  }
  if ('children' in node) for (const child of node.children) prefixFragments(child)
}
