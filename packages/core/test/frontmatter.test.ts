import assert from 'node:assert/strict'
import {test} from 'vitest'
import {stringify} from 'yaml'
import {frontmatterYaml} from '../src/render/frontmatter.js'

/** What `yaml` itself writes: frontmatterYaml must match it byte for byte, whichever way it takes. */
function reference(data: Record<string, unknown>): string {
  return stringify(data, {lineWidth: 0}).trimEnd()
}

// Pieces that decide YAML's style: indicators, `: ` and ` #`, quotes, words and numbers the core schema reads as
// other types, tabs, non-ASCII characters; and, rarer, what only yaml writes: line breaks, control characters, a lone
// surrogate, document markers.
const pieces = [
  ...['', ' ', 'a', 'word', ':', ': ', '#', ' #', '-', '- ', '?', '? ', "'", '"', '\\', '\\n', 'null', 'Null', '~'],
  ...['true', 'FALSE', '12', '-3', '+4', '0o17', '0x1F', '1e3', '2.', '.5', '.inf', '-.Inf', '.nan', '%', '@', '`'],
  ...['\t', 'é', '😀', '\u2028', '\ufeff', '[', ']', '{', '}', ',', '&', '*', '!', '|', '>', '.', 'gpt-4o', 'a: b'],
  ...['2026-03-01T10:00:00.000Z', 'C#', 'x #y']
]
const rarePieces = ['\n', '\ud800', '\u0085', '\x7f', '\x01', '---', '...']

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
