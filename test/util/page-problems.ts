import type {Element, Nodes} from 'hast'
import {fromHtml} from 'hast-util-from-html'

/** Elements a chatmark page may hold: its shell, and what its sanitiser lets through. */
const allowedElements = new Set(
  `html head meta title style body main header footer nav section aside details summary div p h1 h2 h3 h4 h5 h6 a
  strong em del code pre blockquote ul ol li dl dt dd table thead tbody tr th td hr br sup input span`.split(/\s+/)
)

/** Where a link may lead: another page, a file beside the page (an attachment), a place on this one; never a script. */
const safeHref = /^(?:https?:|mailto:|#|[^:/?#][^:?#]*(?:[?#]|$))/i

/**
 * What is wrong with an HTML page as chatmark must write it: an element or
 * attribute that could run script or load anything (`<script>`, `<img>`,
 * `<iframe>`, `on*` handlers, `javascript:` links), a second stylesheet or a
 * `style` attribute, a missing or loose Content-Security-Policy. Empty for a
 * good page. The page is parsed as a browser would (parse5), so text that
 * merely mentions `<script>` is not a problem.
 */
export function pageProblems(html: string): string[] {
  const problems: string[] = []
  const tree = fromHtml(html)
  const styles: Element[] = []
  let policy: string | undefined
  walk(tree, (element, path) => {
    const where = `${path} <${element.tagName}>`
    if (!allowedElements.has(element.tagName)) problems.push(`${where}: not an element a page may hold`)
    if (element.tagName === 'style') styles.push(element)
    const classes = Array.isArray(element.properties['className']) ? element.properties['className'] : []
    // A fold says what it holds: its kind (`fold-thinking`), or that it is a tool call, the page's properties or a
    // group of the index.
    if (
      element.tagName === 'details' &&
      !classes.some((name) => /^(?:fold-|tool-call$|metadata$|group$)/.test(String(name)))
    ) {
      problems.push(`${where}: a fold without its kind (the sanitiser dropped a class?)`)
    }
    if (element.tagName === 'meta' && element.properties['httpEquiv']) {
      policy = String(element.properties['content'])
      if (!path.endsWith('head')) problems.push(`${where}: the policy must be in the head`)
    }
    for (const [name, value] of Object.entries(element.properties)) {
      if (/^on/i.test(name)) problems.push(`${where}: an event handler, ${name}`)
      if (name === 'style') problems.push(`${where}: a style attribute`)
      if ((name === 'href' || name === 'src') && !safeHref.test(String(value))) {
        problems.push(`${where}: ${name}=${JSON.stringify(value)}`)
      }
    }
  })
  if (styles.length !== 1) problems.push(`${styles.length} stylesheets, expected the page's own only`)
  if (!policy) problems.push('no Content-Security-Policy')
  else if (!/(^|; )default-src 'none'(;|$)/.test(policy) || /script-src|unsafe-inline/.test(policy)) {
    problems.push(`a Content-Security-Policy that allows too much: ${policy}`)
  }
  return problems
}

function walk(node: Nodes, visit: (element: Element, path: string) => void, path = ''): void {
  if (node.type === 'element') visit(node, path)
  const here = node.type === 'element' ? `${path}/${node.tagName}` : path
  if ('children' in node) for (const child of node.children) walk(child, visit, here)
  if (node.type === 'element' && node.content) walk(node.content, visit, here)
}
