import assert from 'node:assert/strict'
import type {Nodes} from 'mdast'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {toString as plainText} from 'mdast-util-to-string'
import {test} from 'vitest'
import {containMarkdown} from '@chatmark/core'
import {obsidianMarkdown} from '../src/render/obsidian-markdown.js'
import {assertLinear, workGrowth} from '../../../test/util/builtin-work.js'

/** Message text as the obsidian profile writes it (contained first, as the writer does). */
const obsidian = (text: string): string => obsidianMarkdown(containMarkdown(text, 2))

test('inline LaTeX becomes $...$ without the edge spaces Obsidian does not allow', () => {
  assert.equal(obsidian('The energy is \\( E = mc^2 \\) here.'), 'The energy is $E = mc^2$ here.')
  assert.equal(
    obsidian('Let \\(n\\) be even; \\(\\frac{n}{2}\\) is whole.'),
    'Let $n$ be even; $\\frac{n}{2}$ is whole.'
  )
})

test('display LaTeX on lines of its own becomes $$...$$, in block quotes and list items too', () => {
  assert.equal(
    obsidian('The integral:\n\\[\n\\int_0^1 x\\,dx = \\tfrac12\n\\]\nas expected.'),
    'The integral:\n$$\n\\int_0^1 x\\,dx = \\tfrac12\n$$\nas expected.'
  )
  assert.equal(obsidian('\\[ a^2 + b^2 = c^2 \\]'), '$$ a^2 + b^2 = c^2 $$')
  assert.equal(obsidian('> \\[\n> x^2\n> \\]'), '> $$\n> x^2\n> $$')
  assert.equal(obsidian('1. Solve:\n   \\[\n   x = 2\n   \\]'), '1. Solve:\n   $$\n   x = 2\n   $$')
  // Within a line, only what holds a LaTeX command or a superscript is math.
  assert.equal(obsidian('so \\[\\sum_i x_i\\] holds'), 'so $$\\sum_i x_i$$ holds')
})

test('escaped brackets and parentheses in prose are not math', () => {
  for (const text of [
    'As shown in \\[1\\] and \\[2\\].',
    'Smith \\[citation needed\\] says so.',
    '[a link]\\(not a link\\)',
    'An open \\( that never closes',
    'A blank \\(  \\) pair',
    'Display that never closes:\n\\[\nx'
  ]) {
    assert.equal(obsidian(text), text)
  }
})

test('escaped backslashes are not delimiters', () => {
  assert.equal(obsidian('a path C:\\\\(x\\\\) and \\\\[y\\\\]'), 'a path C:\\\\(x\\\\) and \\\\[y\\\\]')
  // `\\\(` is an escaped backslash, then a delimiter.
  assert.equal(obsidian('\\\\\\(x\\)'), '\\\\$x$')
})

test('LaTeX in code is left alone', () => {
  for (const text of [
    'Write `\\(x\\)` or ``\\[y\\]`` in the source.',
    '```latex\n\\[\nx^2\n\\]\n```',
    '    \\(indented code\\)',
    '~~~\n$5 [[a]] #tag %% ==\n~~~'
  ]) {
    assert.equal(obsidian(text), text)
  }
})

test('math that would hold a dollar sign, a backtick, [[ or %% is prose, escaped', () => {
  assert.equal(obsidian('\\( a$b \\)'), '\\( a\\$b \\)')
  assert.equal(obsidian('\\(x\\)2'), '\\(x\\)2')
  assert.equal(obsidian('\\([[x]]\\)'), '\\([\\[x]]\\)')
  assert.equal(obsidian('$a %% b$'), '\\$a \\%% b\\$')
})

test('a dollar sign in prose is escaped, so it never starts math', () => {
  assert.equal(obsidian('It costs $5 and $10.'), 'It costs \\$5 and \\$10.')
  assert.equal(obsidian('From $5-$10, or US$30,000.'), 'From \\$5-\\$10, or US\\$30,000.')
  // A price next to a converted delimiter: written as is, `$5 ($` would have been math.
  assert.equal(obsidian('costs $5 (\\(x+1\\) more)'), 'costs \\$5 ($x+1$ more)')
  assert.equal(obsidian('$ x $ and $x$5 and $$$'), '\\$ x \\$ and \\$x\\$5 and \\$\\$\\$')
  assert.equal(obsidian('Already escaped: \\$5'), 'Already escaped: \\$5')
  assert.equal(obsidian('$$ unclosed display'), '\\$\\$ unclosed display')
})

test('math already written with dollar signs stays math', () => {
  for (const text of [
    'Inline $x^2$ and $$\\sum x$$ here.',
    '$$\nE = mc^2\n$$',
    'Claude writes $\\alpha$-stable and $e^{i\\pi} = -1$.'
  ]) {
    assert.equal(obsidian(text), text)
  }
})

test('wikilinks and embeds are escaped, so a chat cannot link or embed vault files', () => {
  assert.equal(obsidian('See [[Secret note]] and ![[passwords.md]].'), 'See [\\[Secret note]] and ![\\[passwords.md]].')
  assert.equal(obsidian('A matrix [[1, 2], [3, 4]]'), 'A matrix [\\[1, 2], [3, 4]]')
  assert.equal(obsidian('[[[x]]]'), '[\\[\\[x]]]')
  assert.equal(obsidian('\\[[x]] and \\[\\[y]]'), '\\[\\[x]] and \\[\\[y]]')
  assert.equal(obsidian('$$[[x]]$$'), '\\$\\$[\\[x]]\\$\\$')
  assert.equal(obsidian('[a link](https://example.com) and [ref][x]'), '[a link](https://example.com) and [ref][x]')
})

test('tags, comments and highlights are escaped, and hashes that are no tags are not', () => {
  assert.equal(obsidian('#todo and **#urgent** and #1st'), '\\#todo and **\\#urgent** and \\#1st')
  assert.equal(
    obsidian('#123, C#, a#b, &#35;, [up](#heading), https://x.com/#frag'),
    '#123, C#, a#b, &#35;, [up](#heading), https://x.com/#frag'
  )
  assert.equal(obsidian('Run %%timeit, or 100%%'), 'Run \\%%timeit, or 100\\%%')
  assert.equal(obsidian('%%%'), '\\%\\%%')
  assert.equal(obsidian('==important== and a === b'), '\\==important\\== and a \\=\\== b')
  assert.equal(obsidian('# Heading with #tag'), '### Heading with \\#tag')
})

test('HTML, autolinks and bare URLs are left as written, but for wikilinks and comments', () => {
  assert.equal(obsidian('https://example.com/![[x]]%%'), 'https://example.com/![\\[x]]\\%%')
  for (const text of [
    '<span title="$5 #x a==b">text</span>',
    '<https://example.com/$x==y>',
    'Go to https://example.com/?key=abc==#d or www.example.com/$e',
    '<!-- $5 [[x]] -->'
  ]) {
    assert.equal(obsidian(text), text)
  }
  // A comment that never closes is text.
  assert.equal(obsidian('a <!-- b $5 <!-- c $6'), 'a <!-- b \\$5 <!-- c \\$6')
})

/** Fragments of prose with Obsidian syntax and LaTeX-free dollar signs, joined at random. */
const fragments = [
  'text',
  ' ',
  '\n',
  '\n\n',
  '[[x]]',
  '![[y.png]]',
  '[',
  ']',
  '#tag',
  '#',
  '%%',
  '==',
  '$',
  '$5',
  '$x$',
  '$$',
  '`code $ [[z]]`',
  '`',
  '\\',
  '> ',
  '- ',
  '1. ',
  '```\n',
  '    ',
  '<b>',
  '*',
  '_',
  'https://e.com/#a',
  '\\$',
  '\\[',
  '(',
  ')'
]

/** What a CommonMark reader shows of each block, in order: its type and its text. */
function blocks(markdown: string): string[] {
  const shown: string[] = []
  const visit = (node: Nodes): void => {
    if (node.type === 'paragraph' || node.type === 'heading' || node.type === 'code' || node.type === 'html') {
      shown.push(`${node.type}: ${plainText(node)}`)
      if (node.type === 'code' || node.type === 'html') shown.push(node.value)
      return
    }
    shown.push(node.type)
    if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(fromMarkdown(markdown))
  return shown
}

test('escaped, the text reads the same and keeps its blocks, whatever the mix', () => {
  let seed = 7
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
  for (let round = 0; round < 1000; round++) {
    const length = 1 + Math.floor(random() * 12)
    const text = Array.from({length}, () => fragments[Math.floor(random() * fragments.length)] ?? '').join('')
    const contained = containMarkdown(text, 2)
    const written = obsidianMarkdown(contained)
    // No wikilink is left, no unescaped `%%`, and no unescaped `==` but in a URL or math.
    const prose = proseSource(written)
    assert.doesNotMatch(prose, /\[\[|(?<!\\)%%/, JSON.stringify(text))
    if (!/(?<!\\)\$/.test(written)) {
      assert.doesNotMatch(prose.replace(/https:\/\/\S*/g, ''), /(?<!\\)==/, JSON.stringify(text))
    }
    // Link text and destinations aside (brackets change what links), a reader sees the same text.
    if (!/[[\]]/.test(text)) assert.deepEqual(blocks(written), blocks(contained), JSON.stringify(text))
    assert.equal(written.split('\n').length, contained.split('\n').length, JSON.stringify(text))
  }
})

/** The source of the text a CommonMark reader finds in `markdown` (not code, not HTML), escapes included. */
function proseSource(markdown: string): string {
  const pieces: string[] = []
  const visit = (node: Nodes): void => {
    if (node.type === 'text') pieces.push(markdown.slice(node.position?.start.offset, node.position?.end.offset))
    else if ('children' in node) for (const child of node.children) visit(child)
  }
  visit(fromMarkdown(markdown))
  return pieces.join('\n')
}

test('a long message is rewritten in linear time', () => {
  // Each unit meets what keeps its step linear (a closing delimiter, run or comment end looked for once); an HTML
  // block (the last) is passed over whole.
  for (const unit of ['\\( ', '\\[ $ ', '$5 ', '$$ ', '#a ', '[', '%%', '```x $ ', 'a <!-- $ ', '<!-- $ ']) {
    const text = (count: number): string => `${unit.repeat(count)}x`
    // Work, not time, which a loaded machine stretches: as much per character for 10,000 units as for 2,500.
    assertLinear(workGrowth(text, 10_000, obsidianMarkdown), JSON.stringify(unit))
    // And 100,000 units: steps gone quadratic that the built-ins do not see would run past the test's timeout here.
    const long = text(100_000)
    const written = obsidianMarkdown(long)
    assert.ok(written.length >= long.length && !written.includes('\n'), JSON.stringify(unit))
  }
})
