import assert from 'node:assert/strict'
import {createRequire} from 'node:module'
import {pathToFileURL} from 'node:url'
import {test} from 'vitest'
import type {Conversation} from '@chatmark/core'
import {overParseBudget, parseCost, parseMessage, toNote} from '@chatmark/core'

// Small Markdown that micromark parses in quadratic time or deeper than its stack (issue 25, item 7). Each is
// over the parse budget at 8 KB already, so it is shown as written; text within the budget is parsed.

/** `unit` repeated to about `bytes`. */
function repeated(unit: string, bytes: number): string {
  return unit.repeat(Math.ceil(bytes / unit.length))
}

const hostile: Record<string, (bytes: number) => string> = {
  'setext headings': (bytes) => repeated('a\n-\n', bytes),
  'setext headings in a quote': (bytes) => repeated('> a\n> -\n', bytes),
  'quotes ended by paragraphs': (bytes) => repeated('> a\n\nb\n\n', bytes),
  'nested list items': (bytes) => repeated('- a\n  - b\n', bytes),
  'strong in words': (bytes) => repeated('a**b ', bytes),
  'strikethrough openers': (bytes) => repeated('~a ', bytes),
  'closing brackets': (bytes) => repeated(']', bytes),
  'reference links': (bytes) => repeated('[a] ', bytes),
  'nested images': (bytes) => `${repeated('![', bytes / 3)}a${repeated('](b)', (bytes * 2) / 3)}`,
  'definitions and references': (bytes) =>
    `${Array.from({length: bytes / 16}, (_, index) => `[d${index}]: u`).join('\n')}\n\n${repeated('[zz] ', bytes / 2)}`,
  'quoted items': (bytes) => repeated('> - ', bytes),
  'nested quotes': (bytes) => repeated('> ', bytes)
}

test('every class of hostile Markdown is over the budget, with a reason in words', () => {
  for (const [name, make] of Object.entries(hostile)) {
    for (const bytes of [8_192, 65_536]) {
      const reason = overParseBudget(make(bytes))
      assert.ok(reason !== undefined, `${name} at ${bytes} bytes is within the budget`)
      assert.match(reason, /^(its|a paragraph|[\d,]+ lines|it defines)/)
    }
  }
})

test('what a model writes is within the budget: headings, lists, tables, code, quotes, links', () => {
  const answer = [
    '## Plan',
    'First **read** the `config`, then see [the docs](https://example.com/docs) and ~~old~~ notes.',
    '1. One\n   - sub *item*\n   - another `one`\n2. Two\n\n> A quote\n> with two lines',
    '| Name | Value |\n| --- | --- |\n| `a` | **1** |\n| `b` | [link](x) |',
    '```python\ndef f(*args, **kwargs):\n    return [a[i] for i in range(len(a))]  # ~_~\n```',
    'Setext\n------'
  ].join('\n\n')
  const long = Array.from({length: 200}, () => answer).join('\n\n')
  assert.equal(overParseBudget(answer), undefined)
  // Two hundred such answers in one message: more lines end lists than one parse may take, so it is parsed in
  // pieces (each answer begins a piece), each within the budget.
  assert.ok(overParseBudget(long) !== undefined, JSON.stringify(parseCost(long)))
  assert.ok('nodes' in parseMessage(long))
  // A fenced block of a thousand lines of brackets and stars is code: nothing in it is parsed as inline.
  const code = `Here:\n\n\`\`\`js\n${repeated('const [a, b] = x[*y_]\n', 40_000)}\`\`\`\n\nDone.`
  assert.equal(overParseBudget(code), undefined)
})

test('a fence no reading can be sure of leaves its lines counted', () => {
  const marks = repeated('a**b ', 16_384)
  for (const before of ['a | b\n', '<div>\n\n', '  ```\n\n', 'x\n```\n']) {
    // Each line before the fence may hold it as text (a table row, an HTML block) or open a fence it closes.
    assert.ok(overParseBudget(`${before}\`\`\`\n${marks}\n\`\`\`\n`), JSON.stringify(before))
  }
})

function withMessage(text: string): Conversation {
  return {
    id: 'c-1',
    title: 'T',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    turns: [
      {role: 'user', parts: [{type: 'text', text}]},
      {role: 'assistant', parts: [{type: 'text', text: '# Answer'}]}
    ],
    fidelity: {}
  }
}

test('--parse-messages keeps a message over the budget as written, under a notice, and parses the next', () => {
  const text = repeated('a\n-\n', 32_768)
  const note = toNote(withMessage(text), {parseMessages: true})
  assert.match(note, /> \[!NOTE\]\n> This message is shown as written, not parsed: [\d,]+ lines end headings/)
  // As written (contained: a setext heading's lines become one ATX line) and the next message parsed.
  assert.match(note, /\n#### a\n#### a\n/)
  assert.match(note, /\n### Answer\n/)
})

/**
 * micromark's work that grows with the document: every edit of its event list
 * copies the whole list (`micromark-util-edit-map`, the module micromark itself
 * loads, found from the parser core uses). Counted here, it is work, not time.
 */
async function copiedEvents(parse: () => void): Promise<number> {
  const fromCore = createRequire(createRequire(import.meta.url).resolve('@chatmark/core'))
  const micromark = createRequire(createRequire(fromCore.resolve('mdast-util-from-markdown')).resolve('micromark'))
  const editMap = (await import(pathToFileURL(micromark.resolve('micromark-util-edit-map')).href)) as {
    EditMap: {prototype: {consume(events: unknown[]): void}}
  }
  const prototype = editMap.EditMap.prototype
  const consume = prototype.consume
  let copied = 0
  prototype.consume = function (this: unknown, events: unknown[]) {
    copied += events.length
    consume.call(this, events)
  }
  try {
    parse()
  } finally {
    prototype.consume = consume
  }
  return copied
}

test('parse work per byte stays flat as a message doubles (4 to 32 KB), over the budget or within it', async () => {
  // Nested lists of a model's answer, under headings: within the budget, parsed in pieces.
  const sections = (bytes: number) => repeated('## Part\n\nIntro line.\n\n- a\n  - b\n  - c\n- d\n  - e\n\n', bytes)
  for (const make of [hostile['setext headings'], hostile['nested list items'], sections]) {
    const perByte: number[] = []
    for (const bytes of [4_096, 8_192, 16_384, 32_768]) {
      const text = (make as (bytes: number) => string)(bytes)
      perByte.push((await copiedEvents(() => parseMessage(text))) / text.length)
    }
    // Quadratic work doubles per byte with the size (the setext headings: 1,800 events a byte at 4 KB, 3,600 at 8).
    for (const value of perByte) assert.ok(value <= 256 && value <= 1.25 * (perByte[0] ?? 0) + 1, perByte.join(', '))
  }
})
