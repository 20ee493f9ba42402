import assert from 'node:assert/strict'
import {test} from 'vitest'
import {markdownLink} from '@chatmark/core'

test('a link keeps its text and address inside it, whatever they hold', () => {
  assert.equal(
    markdownLink('A *bold* [claim]', 'https://example.com/a b(c)'),
    '[A \\*bold\\* \\[claim\\]](https://example.com/a%20b%28c%29)'
  )
  // An entity in a title is its characters (`&lt;` stays `&lt;`), and brackets are no LaTeX delimiters for Obsidian.
  assert.equal(
    markdownLink('&lt;b&gt; [^1] \\b', 'https://e.com'),
    '[\\&lt;b\\&gt; \\[&#94;1\\] &#92;b](https://e.com)'
  )
  assert.equal(markdownLink('two\n  lines', 'https://example.com/<x>'), '[two lines](https://example.com/%3Cx%3E)')
})

test('a link without a label is named by the page host, or by the address when it is not a URL', () => {
  assert.equal(markdownLink(undefined, 'https://www.example.com/page'), '[example.com](https://www.example.com/page)')
  assert.equal(markdownLink('  ', 'not a url'), '[not a url](not%20a%20url)')
})
