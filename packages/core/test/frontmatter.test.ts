import assert from 'node:assert/strict'
import {test} from 'vitest'
import {Document, isScalar, parse} from 'yaml'
import {frontmatterYaml} from '../src/render/frontmatter.js'
import {frontmatterTags} from '../src/render/frontmatter-tags.js'
import {isFrontmatterTime} from '../src/render/frontmatter-time.js'

/**
 * What `yaml` itself writes with chatmark's string tag, the times of `created` and `updated` plain:
 * frontmatterYaml must match it byte for byte, whichever way it takes.
 */
function reference(data: Record<string, unknown>): string {
  const document = new Document(data, {customTags: frontmatterTags})
  for (const key of ['created', 'updated']) {
    const node = document.get(key, true)
    if (isScalar(node) && isFrontmatterTime(key, node.value)) node.type = 'PLAIN'
  }
  return document.toString({lineWidth: 0}).trimEnd()
}

// Pieces that decide YAML's style: indicators, `: ` and ` #`, quotes, words and numbers the core schema reads as
// other types, tabs, non-ASCII characters; and, rarer, what only yaml writes: line breaks, control characters, a lone
// surrogate, document markers.
const pieces = [
  ...['', ' ', 'a', 'word', ':', ': ', '#', ' #', '-', '- ', '?', '? ', "'", '"', '\\', '\\n', 'null', 'Null', '~'],
  ...['true', 'FALSE', '12', '-3', '+4', '0o17', '0x1F', '1e3', '2.', '.5', '.inf', '-.Inf', '.nan', '%', '@', '`'],
  ...['\t', 'é', '😀', '\u2028', '\ufeff', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '.', 'gpt-4o', 'a: b'],
  ...['2026-03-01T10:00:00.000Z', 'C#', 'x #y', 'yes', 'On', 'n', '1_000', '0777', '1:20', '2025-01-01', '<<', '=']
]
const rarePieces = ['\n', '\ud800', '\u0085', '\x7f', '\x01', '---', '...', '\u2029', '\uffff']

test('generated frontmatter is written exactly as yaml writes it', () => {
  // A fixed linear congruential generator: the same 20,000 documents on every run.
  let seed = 7
  const next = (limit: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return Math.floor(seed / 65536) % limit
  }
  const piece = (): string =>
    (next(200) === 0 ? rarePieces[next(rarePieces.length)] : pieces[next(pieces.length)]) ?? ''
  const text = (): string => Array.from({length: next(4)}, piece).join('')
  const scalar = (): unknown => {
    const kind = next(20)
    if (kind < 14) return text()
    if (kind < 17) return [0, -0, 7, -12, 1.5, 1e21, 2 ** 60, 0.1][next(8)]
    if (kind < 19) return next(2) === 0
    return [null, undefined, Number.NaN, Number.POSITIVE_INFINITY][next(4)]
  }
  for (let document = 0; document < 20000; document++) {
    const data: Record<string, unknown> = {title: text()}
    if (next(4) === 0) data[['created', 'updated'][next(2)] ?? ''] = next(2) === 0 ? '2026-03-01T10:00:00Z' : text()
    for (let field = next(6); field > 0; field--) {
      const shape = next(6)
      data[text()] =
        shape === 0
          ? Array.from({length: next(4)}, scalar)
          : shape === 1
            ? Object.fromEntries(Array.from({length: next(4)}, () => [text(), scalar()]))
            : scalar()
    }
    assert.equal(frontmatterYaml(data), reference(data), JSON.stringify(data))
  }
})

test('a note frontmatter of plain values, and the cases yaml alone decides, are written as yaml writes them', () => {
  const shared = ['a', 'b']
  const cases: Array<Record<string, unknown>> = [
    {
      title: 'Fix the flaky test: a deep dive',
      source: {format: 'chatgpt', variant: 'chatgpt-export'},
      id: '6790a1b2-002f-8000-9000-000000000030',
      created: '2025-01-01T10:00:00.000Z',
      models: ['o3', 'gpt-4o'],
      participants: ['User'],
      tokens: {input: 1200, output: 34},
      turns: 22,
      fidelity: {'abandoned-branch-message': 11, 'hidden-message': 1}
    },
    {title: 'It\'s "quoted"', aliases: ['It\'s "quoted"'], tags: ['chatmark', 'chatgpt'], fidelity: ['a: 1']},
    {title: 'x', one: shared, two: shared},
    {title: 'x', when: new Date(0), nested: {deeper: {still: 1}}, list: [[1]], empty: [], none: {}},
    {title: `${'k'.repeat(1030)}`, [`${'k'.repeat(1030)}`]: 1, ['\\'.repeat(600)]: 2},
    {title: 'two\nlines', text: '--- a', other: '... b'}
  ]
  for (const data of cases) assert.equal(frontmatterYaml(data), reference(data))
})

/** `yaml` reads `text` back as what, in YAML 1.1 (PyYAML's types) and YAML 1.2 (the core schema). */
function readBack(text: string): {v11: unknown; v12: unknown} {
  return {v11: parse(text, {version: '1.1'}), v12: parse(text, {version: '1.2'})}
}

test('a string a YAML 1.1 or 1.2 reader would read as another type is quoted, and reads back as itself in both', () => {
  const strings = [
    ...['on', 'On', 'OFF', 'yes', 'Yes', 'NO', 'y', 'N', 'yEs', 'true', 'False', 'null', 'NULL', '~', ''],
    ...['1_000', '1_000.5', '0x1F', '0o17', '0777', '0b101', '-12', '+3', '.5', '1.', '.', '1e3', 'e3', '.inf'],
    ...['-.Inf', '.NaN', '1:20', '-1:20:30.5', '2025-01-01', '2025-1-1 10:00:00', '2025-01-01T10:00:00.5Z', '<<'],
    ...['=', ' leading', 'trailing ', 'a\tb', 'tab\t', 'a\u2028b', 'a\u0085b', 'del\x7f', 'c1\x9b', 'end\uffff']
  ]
  for (const text of strings) {
    const yaml = frontmatterYaml({title: text, aliases: [text], [text]: 1})
    assert.ok(!yaml.startsWith(`title: ${text}\n`), JSON.stringify(yaml))
    const {v11, v12} = readBack(yaml)
    assert.deepEqual(v11, {title: text, aliases: [text], [text]: 1}, JSON.stringify(yaml))
    assert.deepEqual(v12, {title: text, aliases: [text], [text]: 1}, JSON.stringify(yaml))
    // PyYAML fails on a tab in a plain scalar, and on DEL, C1 controls and U+FFFE/U+FFFF anywhere raw.
    assert.doesNotMatch(yaml, /[\t\x7f-\x9f\u2028\u2029\ufffe\uffff]/u, JSON.stringify(yaml))
  }
})

test('numbers, booleans and the times of created and updated stay typed as they are', () => {
  const data = {
    title: '2026-03-01',
    created: '2026-03-01T10:00:00.000Z',
    updated: '2026-03-01T11:00:00+01:00',
    turns: 12,
    ratio: 1.5,
    done: true,
    list: [1, 'on']
  }
  const yaml = frontmatterYaml(data)
  assert.equal(
    yaml,
    [
      'title: "2026-03-01"',
      'created: 2026-03-01T10:00:00.000Z',
      'updated: 2026-03-01T11:00:00+01:00',
      'turns: 12',
      'ratio: 1.5',
      'done: true',
      'list:',
      '  - 1',
      '  - "on"'
    ].join('\n')
  )
  // The same, when `yaml` writes the whole frontmatter (a value over two lines sends it there).
  assert.equal(frontmatterYaml({...data, text: 'two\nlines'}), `${yaml}\ntext: |-\n  two\n  lines`)
  const {v11, v12} = readBack(yaml)
  assert.deepEqual(v12, data)
  assert.deepEqual(v11, {
    ...data,
    created: new Date('2026-03-01T10:00:00.000Z'),
    updated: new Date('2026-03-01T11:00:00+01:00')
  })
  // A time that is not one (February 30th) is a string that PyYAML would fail the whole document on: quoted.
  assert.equal(frontmatterYaml({created: '2025-02-30'}), 'created: "2025-02-30"')
})

test('generated strings of the shapes YAML readers type read back as themselves in YAML 1.1 and 1.2', () => {
  let seed = 11
  const next = (limit: number): number => {
    seed = (seed * 1103515245 + 12345) % 2147483648
    return Math.floor(seed / 65536) % limit
  }
  const words = ['y', 'yes', 'no', 'on', 'off', 'true', 'false', 'null', '~', 'inf', 'nan', 'e', 'x', '0x', '0o', '0b']
  const marks = ['_', '.', ':', '-', '+', '<<', '=', ' ', '\t', ': ', ' #', '"', "'", 'T', 'Z']
  // What YAML 1.1 breaks lines at, or refuses raw.
  const breaks = ['\u2028', '\x85', '\x7f']
  const digits = ['0', '1', '7', '9', '12', '59', '2025', '01', '1_000']
  const piece = (): string => {
    const kind = next(10)
    const from = kind < 3 ? words : kind < 5 ? marks : kind < 6 ? breaks : digits
    const chosen = from[next(from.length)] ?? ''
    // Words in any case: YAML 1.1 reads `ON` and `On`, and a reader may not care at all.
    return kind < 3 && next(2) === 0 ? chosen.toUpperCase() : chosen
  }
  const text = (): string => Array.from({length: 1 + next(5)}, piece).join('')
  for (let document = 0; document < 2000; document++) {
    const data: Record<string, unknown> = {title: text(), aliases: [text(), text()], [text()]: text()}
    data['nested'] = {[text()]: text(), count: next(1000)}
    const yaml = frontmatterYaml(data)
    const {v11, v12} = readBack(yaml)
    assert.deepEqual(v11, data, JSON.stringify(yaml))
    assert.deepEqual(v12, data, JSON.stringify(yaml))
  }
})
