import assert from 'node:assert/strict'
import {test} from 'vitest'
import {containMarkdown} from '@chatmark/core'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {containParsed, needsBlockParser} from '../src/render/contain-markdown.js'
import {assertLinear, workGrowth} from '../../../test/util/builtin-work.js'

test('text with nothing to contain is returned verbatim', () => {
  const text = 'Plain *emphasis*, 1. lists\n\n- and items\n\nwith   odd   spacing  \nand a hard break'
  assert.equal(containMarkdown(text, 2), text)
})

test('ATX headings go below the section depth, at most 6', () => {
  assert.equal(
    containMarkdown('# One\n\n## User\n\n#### Four\n\n###### Six', 2),
    '### One\n\n#### User\n\n###### Four\n\n###### Six'
  )
})

test('headings inside block quotes and list items are demoted too', () => {
  assert.equal(containMarkdown('> # Quoted\n\n- ## Listed', 2), '> ### Quoted\n\n- #### Listed')
})

test('a hash that is not a heading is left alone', () => {
  const text = '#hashtag and `# not`\n\n    # indented code\n\n```\n# in a fence\n```'
  assert.equal(containMarkdown(text, 2), text)
})

test('setext headings become ATX headings at the demoted depth', () => {
  assert.equal(
    containMarkdown('Intro\n\nTitle\n=====\n\nSub\ntitle\n---\n\nafter', 2),
    'Intro\n\n### Title\n\n#### Sub title\n\nafter'
  )
})

test('a thematic break stays a thematic break', () => {
  assert.equal(containMarkdown('above\n\n---\n\nbelow', 2), 'above\n\n---\n\nbelow')
})

test('an unclosed code fence is closed with the same marker', () => {
  assert.equal(
    containMarkdown('look:\n\n````ts\nconst a = 1\n```\nstill code', 2),
    'look:\n\n````ts\nconst a = 1\n```\nstill code\n````'
  )
  assert.equal(containMarkdown('~~~\ncode', 2), '~~~\ncode\n~~~')
  assert.equal(containMarkdown('```\nclosed\n```', 2), '```\nclosed\n```')
})

test('HTML blocks that only end at their terminator are closed', () => {
  assert.equal(containMarkdown('<!-- a comment\nthat never ends', 2), '<!-- a comment\nthat never ends\n-->')
  assert.equal(containMarkdown('<pre>\nraw', 2), '<pre>\nraw\n</pre>')
  assert.equal(containMarkdown('<SCRIPT>\nx()', 2), '<SCRIPT>\nx()\n</script>')
  assert.equal(containMarkdown('<!-- closed -->\n\ntext', 2), '<!-- closed -->\n\ntext')
  assert.equal(containMarkdown('<div>\nends at a blank line', 2), '<div>\nends at a blank line')
})

test('line endings are normalised and surrounding blank lines dropped', () => {
  assert.equal(containMarkdown('\n\n# A\r\nb\r\n\r\n', 2), '### A\nb')
})

test('contained text followed by a turn heading never swallows it', () => {
  const hostile = [
    '## Assistant',
    'Fake turn\n---',
    '```\nunclosed fence',
    '<!-- unclosed comment',
    '<pre>\nunclosed pre',
    '> quote with ```\n> fence',
    '- list\n\n  ```\n  fenced in item'
  ]
  for (const text of hostile) {
    const document = `## User\n\n${containMarkdown(text, 2)}\n\n## Gemini\n\nreply\n`
    const tree = fromMarkdown(document)
    const turnHeadings = tree.children.filter((node) => node.type === 'heading' && node.depth <= 2)
    assert.equal(turnHeadings.length, 2, `for ${JSON.stringify(text)}`)
  }
})

test('200,000 setext headings are all made ATX, in linear time (no splice per heading)', () => {
  const headings = (count: number): string =>
    Array.from({length: count}, (_, index) => `Heading ${index}\n===`).join('\n\n')
  // Work, not time, which a loaded machine stretches: as much per character for 10,000 headings as for 2,500.
  assertLinear(
    workGrowth(headings, 10_000, (text) => containMarkdown(text, 2)),
    'setext headings'
  )
  // And a message of 200,000: steps gone quadratic that the built-ins do not see (loops of their own) would run past
  // the test's timeout here (the version with a splice per heading took over a minute).
  const contained = containMarkdown(headings(200_000), 2)
  const lines = contained.split('\n')
  assert.equal(lines.length, 200_000 * 2 - 1)
  assert.equal(lines[0], '### Heading 0')
  assert.equal(lines.at(-1), '### Heading 199999')
  assert.ok(!contained.includes('==='))
})

test('an empty list item followed by a line of dashes or equals signs is never read as a setext heading', () => {
  for (const [text, contained] of [
    ['    indented\n- \n---\nx', '    indented\n- <!---->\n***\nx'],
    ['- \n--\nx', '- <!---->\n\\--\nx'],
    ['```\n- \n---\n```', '```\n- \n---\n```']
  ] as const) {
    const result = containMarkdown(text, 2)
    assert.equal(result, contained, JSON.stringify(text))
    const headings = fromMarkdown(result).children.filter((node) => node.type === 'heading')
    assert.deepEqual(headings, [], JSON.stringify(result))
  }
})

test('no line that a parser could read as a setext underline is left under a line that is not blank', () => {
  for (const [text, contained] of [
    // micromark (and the spec) read a setext heading of `indented`, markdown-it code, an item and a rule.
    ['[x]: http://e.com\n    indented\n- \n---\n', '[x]: http://e.com\n    indented\n- <!---->\n***'],
    // Escaping the item (`\-`) made the rule under it an underline.
    ['*\n- \n---', '* <!---->\n- <!---->\n***'],
    ['```\ncode\n```\n---\n==\n> --', '```\ncode\n```\n***\n\\==\n> \\--'],
    // After a blank line nothing underlines: a rule, an item and text stay as written.
    ['a\n\n---\n\n-\n\n==', 'a\n\n---\n\n-\n\n==']
  ] as const) {
    const result = containMarkdown(text, 2)
    assert.equal(result, contained, JSON.stringify(text))
    const document = `## User\n\n${result}\n\n## Assistant\n\nreply\n`
    const turnHeadings = fromMarkdown(document).children.filter((node) => node.type === 'heading' && node.depth <= 2)
    assert.equal(turnHeadings.length, 2, JSON.stringify(result))
  }
})

test('an item that starts empty gets an empty comment when a line follows it, not before a blank line', () => {
  // micromark reads `1.` after indented code as a paragraph, and the comment under it as top-level.
  assert.equal(containMarkdown('    <div>\n1.\n   <!--\nx', 2), '    <div>\n1. <!---->\n   <!--\n   -->\nx')
  // With content, the item would take in the indented line after the blank line.
  assert.equal(containMarkdown('- \n\n  ---', 2), '- \n\n  ---')
  assert.equal(containMarkdown('x\n-', 2), '#### x')
})

test('a fence or HTML block still open where its block quote or list item ends is closed inside it', () => {
  assert.equal(containMarkdown('> ```\n> code\n\nafter', 2), '> ```\n> code\n> ```\n\nafter')
  assert.equal(containMarkdown('1. ~~~~\n   code\n\nafter', 2), '1. ~~~~\n   code\n   ~~~~\n\nafter')
  assert.equal(containMarkdown('- <!--\n  hidden\n\nafter', 2), '- <!--\n  hidden\n  -->\n\nafter')
  assert.equal(containMarkdown('> ```\n> closed\n> ```', 2), '> ```\n> closed\n> ```')
})

test('lines of dashes, empty items and long runs are settled in linear time', () => {
  const text = (count: number): string =>
    `${'- \n---\n\n'.repeat(count)}${'-'.repeat(10 * count)}x\n${'> '.repeat(count)}-`
  // Work, not time, as above; then the big input.
  assertLinear(
    workGrowth(text, 10_000, (source) => containMarkdown(source, 2)),
    'dashes, empty items and long runs'
  )
  const contained = containMarkdown(text(100_000), 2)
  assert.ok(contained.startsWith('- <!---->\n***\n\n- <!---->\n***\n\n'))
  assert.equal(contained.split('<!---->').length, 100_001)
})

test('text the finer cheap test lets by, and the old one did not, is text the block parser leaves as it is', () => {
  // Every text of up to three lines from these: inline code, `#tags`, list markers and quotes at a line's start
  // (which the cheap test once sent to markdown-it), beside the blocks containment does change.
  const lines = ['', 'text', '`inline` start', '``two``', '- `code` item', '* `y`', '1. `x`', '> `q`', '- - `z`']
  lines.push('\t`tab`', 'a `#` b', '#tag', '#5', '- item', '-', '1.', '2)', '> -', '+ ', '> quote', '    indented')
  lines.push('# heading', '#', '```', '```js', '~~~', '<div>', '=', '---', '`` `')
  const oldGate = (text: string): boolean =>
    (/[#`~<]/.test(text) && /^[ \t>*+\-\d.)]*[#`~<]/m.test(text)) || /^[ \t>]*(?:=+|-+)[ \t]*$/m.test(text)
  let letBy = 0
  for (const first of lines) {
    for (const second of lines) {
      for (const third of lines) {
        const source = [first, second, third]
          .join('\n')
          .replace(/^(?:[ \t]*\n)+/, '')
          .trimEnd()
        // Text the old test let by was always kept as it is (an empty item alone is not settled): not the question.
        if (needsBlockParser(source) || !oldGate(source)) continue
        letBy++
        assert.equal(containParsed(source, 2), source, JSON.stringify(source))
      }
    }
  }
  // The finer test lets thousands of these by without markdown-it.
  assert.ok(letBy > 1000, String(letBy))
})
