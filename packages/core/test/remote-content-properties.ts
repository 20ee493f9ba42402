import assert from 'node:assert/strict'
import type {Nodes} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {gfmFromMarkdown} from 'mdast-util-gfm'
import {gfm} from 'micromark-extension-gfm'
import {test} from 'vitest'
import {htmlLoadsAnything} from '../src/render/loading-html.js'
import {withoutRemoteContent} from '../src/render/without-remote-content.js'

// The property of `withoutRemoteContent`, run short here (remote-content.test.ts) and at length in the stress run
// (test/stress/remote-content.stress.test.ts): micromark is the slow part, a few ms a text.

/** What of a Markdown text a viewer would fetch or run: images not beside it, HTML that loads (parsed by micromark). */
export function live(markdown: string): string[] {
  const found: string[] = []
  const walk = (node: Nodes): void => {
    if (node.type === 'image' && !/^(?:data:|(?![/\\])[^:]*$)/i.test(node.url)) found.push(`image ${node.url}`)
    if (node.type === 'imageReference') found.push(`image by reference ${node.identifier}`)
    if (node.type === 'html' && htmlLoadsAnything(node.value)) found.push(`html ${node.value}`)
    if ('children' in node) for (const child of node.children) walk(child)
  }
  walk(fromMarkdown(markdown, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}))
  return found
}

/**
 * The values of a Markdown text's fenced code blocks and code spans, in order. (Not indented code: one right after
 * an HTML block of `<script>` reads on as its text once the block's tags are escaped, a paragraph now.)
 */
function codeOf(markdown: string): string[] {
  const values: string[] = []
  const walk = (node: Nodes): void => {
    const indented = node.type === 'code' && /^[ \t>]*(?: {4}|\t)/.test(lineAt(markdown, node.position?.start.offset))
    if ((node.type === 'code' && !indented) || node.type === 'inlineCode') values.push(node.value)
    if ('children' in node) for (const child of node.children) walk(child)
  }
  walk(fromMarkdown(markdown, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}))
  return values
}

/** Whether an HTML block that loads or runs something is in a block quote or list item. */
function nestedLoadingHtml(markdown: string): boolean {
  const walk = (node: Nodes, depth: number): boolean =>
    (node.type === 'html' && depth > 1 && htmlLoadsAnything(node.value)) ||
    ('children' in node && node.children.some((child) => walk(child, node.type === 'paragraph' ? depth : depth + 1)))
  return walk(fromMarkdown(markdown, {extensions: [gfm()], mdastExtensions: [gfmFromMarkdown()]}), 0)
}

/** The line of `text` that holds `offset`, up to it. */
function lineAt(text: string, offset = 0): string {
  return text.slice(text.lastIndexOf('\n', offset - 1) + 1, offset + 4)
}

/**
 * The property, over `runs` generated texts: images, tags, code and containers, made safe, keep nothing live
 * (micromark with GFM the judge) and the code they held.
 */
export function remoteContentProperty(runs: number): void {
  test(`${runs} generated texts of images, tags, code and containers keep nothing live, and code as it was`, () => {
    let seed = 3
    const next = (limit: number): number => {
      seed = (seed * 1103515245 + 12345) % 2147483648
      return Math.floor(seed / 65536) % limit
    }
    const pieces = [
      ...['![a](https://t.example/x.png)', '![](//t.example/y)', '![b][r]', '![r]', '![a [b] c](https://t.example/n)'],
      ...['<img src="https://t.example/p">', '<iframe src=x>', '</iframe>', '<script>', '</script>', '<b>', '</b>'],
      ...['<div style="background:url(x)">', '<a href="y" onclick="z">', '<video>', '<svg onload=f>', '<div>', '`'],
      ...['``', '```', '\\', '[', ']', '(', ')', '!', '<', '>', ' ', 'text', '\n', '\n\n', '\n> ', '\n- ', '\n    '],
      ...['\n```\n', '\n<div>\n', '\n<script>\n', '[r]: https://t.example/r.png', '&lt;', '# heading'],
      ...['<IMG SRC=x>', '<img\nsrc="https://t.example/q">', '![a](<https://t.example/a b>)', '![a](https&#58;//t)'],
      ...['<!-- c -->', '\n| a | b |\n| - | - |\n| ', ' |', 'https://t.example/u', '~~~', '\n~~~\n', '*', '_', '"', "'"]
    ]
    for (let count = 0; count < runs; count++) {
      const body = Array.from({length: 1 + next(12)}, () => pieces[next(pieces.length)]).join('')
      const text = `${body}\n\n[r]: https://t.example/r.png`
      const safe = withoutRemoteContent(text)
      assert.deepEqual(live(safe), [], JSON.stringify(text))
      // The code the text holds is still there, as it was; but for loading HTML in a block quote or list item, whose
      // tags are escaped, and whose lines may then read as other blocks.
      if (nestedLoadingHtml(text)) continue
      const after = codeOf(safe)
      let found = 0
      for (const value of codeOf(text)) {
        while (found < after.length && after[found] !== value) found++
        assert.ok(found < after.length, `${JSON.stringify(text)}: code ${JSON.stringify(value)} changed`)
        found++
      }
    }
  })
}
