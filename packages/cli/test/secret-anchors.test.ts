import assert from 'node:assert/strict'
import {test} from 'vitest'
import {allAnchors, anchorPatterns, mayHoldSecret} from '../src/redact/secret-anchors.js'

// The reference: one alternation of every anchor, as the prefilter was before it was split by rare keys.
const alternation = new RegExp(allAnchors.join('|'))

let seed = 3
const random = (below: number): number => {
  seed = (seed * 1103515245 + 12345) % 2147483648
  return seed % below
}
const pick = <T>(items: readonly T[]): T => items[random(items.length)]!

/** Printable ASCII, a tab and a line break: what a class's characters are drawn from. */
const pool = Array.from({length: 95}, (_, code) => String.fromCharCode(code + 32)).concat(['\t', '\n'])

/** The characters a class stands for (`[...]`, `[^...]`, `\w`, `\d`, `\s`), as far as {@link pool} has them. */
function classCharacters(source: string): string[] {
  const pattern = new RegExp(`^${source}$`)
  return pool.filter((character) => pattern.test(character))
}

/** The index of the `)` that closes the group opening at `open`, or of the `]` that closes a class. */
function closing(source: string, open: number): number {
  let depth = 0
  for (let index = open; index < source.length; index++) {
    if (source[index] === '\\') index++
    else if (source[index] === '[' && source[open] === '(') index = closing(source, index)
    else if (source[index] === ']' && source[open] === '[' && index > open + 1) return index
    else if (source[index] === '(' && source[open] === '(') depth++
    else if (source[index] === ')' && source[open] === '(' && --depth === 0) return index
  }
  return source.length
}

/** The alternatives of a group's inside, split at its top level. */
function alternatives(inside: string): string[] {
  const found: string[] = []
  let start = 0
  for (let index = 0; index < inside.length; index++) {
    if (inside[index] === '\\') index++
    else if (inside[index] === '[' || inside[index] === '(') index = closing(inside, index)
    else if (inside[index] === '|') {
      found.push(inside.slice(start, index))
      start = index + 1
    }
  }
  return [...found, inside.slice(start)]
}

/**
 * A random string an anchor's source matches (its syntax: literals, escapes, classes, `(?:a|b)`, quantifiers
 * `?`, `*`, `+`, `{m}`, `{m,}`, `{m,n}`).
 */
function instance(source: string): string {
  const options = alternatives(source)
  // A top-level alternation: one of its alternatives, at random.
  if (options.length > 1) return instance(pick(options))
  let out = ''
  for (let index = 0; index < source.length; index++) {
    let piece: () => string
    const character = source[index]!
    if (character === '\\') {
      const characters = classCharacters(source.slice(index, index + 2))
      piece = () => pick(characters)
      index++
    } else if (character === '[') {
      const close = closing(source, index)
      const characters = classCharacters(source.slice(index, close + 1))
      piece = () => pick(characters)
      index = close
    } else if (character === '(') {
      const close = closing(source, index)
      const inside = alternatives(source.slice(index + 3, close))
      piece = () => instance(pick(inside))
      index = close
    } else piece = () => character
    const quantifier = /^(?:\?|\*|\+|\{(\d+)(,(\d*))?\})/.exec(source.slice(index + 1))
    let times = 1
    if (quantifier?.[0] === '?') times = random(2)
    else if (quantifier?.[0] === '*') times = random(3)
    else if (quantifier?.[0] === '+') times = 1 + random(3)
    else if (quantifier) {
      const least = Number(quantifier[1])
      const most = quantifier[2] === undefined ? least : quantifier[3] ? Number(quantifier[3]) : least + 3
      // A long run is drawn near its ends: `{0,512}` need not make 512 characters.
      times = Math.min(least + random(4), most)
    }
    if (quantifier) index += quantifier[0].length
    for (let time = 0; time < times; time++) out += piece()
  }
  return out
}

test('the split prefilter matches exactly the strings one alternation of all anchors matches', () => {
  const sources = allAnchors
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
  for (const source of allAnchors) {
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
