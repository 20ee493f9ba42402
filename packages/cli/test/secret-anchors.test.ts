import assert from 'node:assert/strict'
import {test} from 'vitest'
import {anchorPatterns, mayHoldSecret, secretAnchors} from '../src/secret-anchors.js'

// The reference: one alternation of every anchor, as the prefilter was before it was split by rare keys.
const alternation = new RegExp(Object.values(secretAnchors).flat().join('|'))

let seed = 3
const random = (below: number): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % below
}
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!

/** The characters a class stands for (ranges, `\w`, single characters). */
function classCharacters(inside: string): string[] {
  const characters: string[] = []
  for (let index = 0; index < inside.length; index++) {
    if (inside[index] === '\\' && inside[index + 1] === 'w') {
      characters.push('a', 'Z', '7', '_')
      index++
    } else if (inside[index + 1] === '-' && index + 2 < inside.length) {
      const from = inside.charCodeAt(index)
      const to = inside.charCodeAt(index + 2)
      for (let code = from; code <= to; code++) characters.push(String.fromCharCode(code))
      index += 2
    } else characters.push(inside[index]!)
  }
  return characters
}

/** A random string an anchor's source matches (its syntax: literals, `\.`, classes, `(?:a|b)`, `{m,n}`, `?`). */
function instance(source: string): string {
  let out = ''
  for (let index = 0; index < source.length; index++) {
    let piece: () => string
    const character = source[index]!
    if (character === '\\') {
      const escaped = source[++index]!
      piece = () => (escaped === 'w' ? pick(['a', 'Z', '7', '_']) : escaped)
    } else if (character === '[') {
      const close = source.indexOf(']', index + 2)
      const characters = classCharacters(source.slice(index + 1, close))
      piece = () => pick(characters)
      index = close
    } else if (character === '(') {
      const close = source.indexOf(')', index)
      const options = source.slice(index + 3, close).split('|')
      piece = () => instance(pick(options))
      index = close
    } else if (character === '|') {
      // A top-level alternation: this instance ends with the alternative so far, or starts another at random.
      if (random(2) === 0) return out
      out = ''
      continue
    } else piece = () => character
    const quantifier = /^\{(\d+),(\d+)\}/.exec(source.slice(index + 1))
    if (source[index + 1] === '?') {
      // Optional (`[Xx]?`, `(?:\+srv)?`): there or not, at random.
      if (random(2) === 0) out += piece()
      index++
    } else if (quantifier) {
      const times = Number(quantifier[1]) + random(4)
      for (let time = 0; time < times; time++) out += piece()
      index += quantifier[0].length
    } else out += piece()
  }
  return out
}

test('the split prefilter matches exactly the strings one alternation of all anchors matches', () => {
  const sources = Object.values(secretAnchors).flat()
  const noise = ['a', 'e', 'c', 'u', 'p', 'g', 'Q', 'A', 'K', ' ', '_', '-', '.', ':', '@', '\n', 'é', '中', '😀', 'x']
  let matching = 0
  for (let run = 0; run < 20_000; run++) {
    let text = Array.from({length: random(12)}, () => pick(noise)).join('')
    for (let piece = random(3); piece > 0; piece--) {
      let found = instance(pick(sources))
      // Often one character changed, cut or doubled, so that near misses are tried as well as hits.
      const at = random(found.length + 1)
      const change = random(4)
      if (change === 1) found = found.slice(0, at) + pick(noise) + found.slice(at + 1)
      else if (change === 2) found = found.slice(0, at)
      else if (change === 3) found = found.slice(0, at) + found.slice(at - 1)
      text += found + Array.from({length: random(4)}, () => pick(noise)).join('')
    }
    const expected = alternation.test(text)
    if (expected) matching++
    assert.equal(mayHoldSecret(text), expected, JSON.stringify(text))
  }
  assert.ok(matching > 5000 && matching < 18_000, `${matching} of 20,000 texts hold an anchor: both kinds are tried`)
})

test('every anchor is searched from rare characters and checked around them by a lookbehind', () => {
  const sources = anchorPatterns.map((pattern) => pattern.source)
  assert.equal(anchorPatterns.length, 3)
  // Searched from rare characters: `npm_` from its underscore, `ecret` from `cr`, `mysql://` from its colon.
  assert.ok(sources.some((source) => source.includes('_(?:authToken|(?<=npm_)|')))
  assert.ok(sources.some((source) => source.includes('cr(?:(?<=ecr)et)')))
  assert.ok(sources.some((source) => source.includes('|(?<=[Mm][Yy][Ss][Qq][Ll][Xx]?:)\\/\\/|')))
  for (const source of Object.values(secretAnchors).flat()) {
    for (let run = 0; run < 20; run++) {
      const text = `  ${instance(source)}  `
      if (alternation.test(text)) assert.ok(mayHoldSecret(text), `${source} in ${JSON.stringify(text)}`)
    }
  }
})

test('every form of database URI the connection-string rule reads passes the prefilter, in any case', () => {
  // The rule's three patterns (case-insensitive): `mongodb(+srv)://`, `(jdbc:)mysql(x)://`, `postgres(ql)://`. A
  // `!` in the password keeps the basic-auth anchor (`:user@`) from passing them instead.
  const uris = ['mongodb://', 'MongoDB+SRV://', 'mysql://', 'jdbc:MySQLx://', 'postgres://', 'POSTGRESQL://']
  for (const uri of uris) assert.ok(mayHoldSecret(`see ${uri}app:s3cr!t@db.internal/prod`), uri)
  assert.ok(!mayHoldSecret('a long string of ordinary English: reading, writing, programming, squelching'))
})
