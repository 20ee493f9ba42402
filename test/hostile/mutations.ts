import {readFile} from 'node:fs/promises'
import {basename, dirname} from 'node:path'
import fc from 'fast-check'
import {corpusFiles} from '../util/corpus.js'
import {fixtureCases} from '../util/fixtures.js'
import {hostileValue, mutate} from './fuzz-properties.js'

/**
 * Real files damaged as disks, editors, transfers and other tools damage them (issue 25: "4,500 mutated inputs"):
 * every file input of the fixtures and the corpus, each through every kind of mutation that applies to it. A
 * kind draws from a seeded generator, so a run is the same every time and `MUTATION_SEED` replays another.
 */

/** A real input file: its name (the format may go by it), bytes, and whether it is text (JSON, JSONL, prose). */
export interface Source {
  path: string
  name: string
  bytes: Buffer
  text: boolean
}

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
export type Random = () => number

export function seeded(seed: number): Random {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let value = state
    value = Math.imul(value ^ (value >>> 15), value | 1)
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61)
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296
  }
}

const below = (random: Random, limit: number): number => Math.floor(random() * limit)

/** Lines of a text input, each with its line ending. */
function lines(bytes: Buffer): string[] {
  return bytes.toString('utf8').match(/[^\n]*\n|[^\n]+$/g) ?? []
}

/** `count` insertions of `piece` at random places. */
function insert(bytes: Buffer, random: Random, count: number, piece: () => Buffer): Buffer {
  let result = bytes
  for (let index = 0; index < count; index++) {
    const at = below(random, result.length + 1)
    result = Buffer.concat([result.subarray(0, at), piece(), result.subarray(at)])
  }
  return result
}

/** A kind of damage, and the inputs it applies to. */
export interface MutationKind {
  name: string
  /** Only text inputs: line and character damage means nothing inside a database or an archive. */
  textOnly: boolean
  apply(source: Source, random: Random): Buffer
}

export const mutations: readonly MutationKind[] = [
  {
    name: 'byte flips',
    textOnly: false,
    apply({bytes}, random) {
      const result = Buffer.from(bytes)
      for (let flip = 0; flip < 1 + below(random, 8); flip++) result[below(random, result.length)] = below(random, 256)
      return result
    }
  },
  {
    name: 'truncation',
    textOnly: false,
    apply: ({bytes}, random) => bytes.subarray(0, below(random, bytes.length))
  },
  {
    name: 'NUL bytes',
    textOnly: false,
    apply: ({bytes}, random) => insert(bytes, random, 1 + below(random, 4), () => Buffer.alloc(1 + below(random, 3)))
  },
  {
    name: 'overlong UTF-8',
    textOnly: true,
    // A character of JSON's or Markdown's syntax in two or three bytes, which a decoder must not read as it.
    apply({bytes}, random) {
      const result: number[] = []
      const rate = 0.002 + random() * 0.02
      for (const byte of bytes) {
        if (/["{}[\]:,<>/\n#`*]/.test(String.fromCharCode(byte)) && random() < rate) {
          result.push(
            ...(random() < 0.5
              ? [0xc0 | (byte >> 6), 0x80 | (byte & 0x3f)]
              : [0xe0, 0x80 | (byte >> 6), 0x80 | (byte & 0x3f)])
          )
        } else result.push(byte)
      }
      return Buffer.from(result)
    }
  },
  {
    name: 'lone surrogates',
    textOnly: true,
    // A surrogate without its pair: encoded in UTF-8 (CESU bytes), or as a JSON escape inside a string.
    apply(source, random) {
      const text = source.bytes.toString('latin1')
      let result = source.bytes
      for (let count = 1 + below(random, 3); count > 0; count--) {
        const quote = text.indexOf('"', below(random, text.length))
        if (quote !== -1 && random() < 0.5) {
          const surrogate = random() < 0.5 ? '\\ud83d' : '\\udc00'
          result = Buffer.concat([result.subarray(0, quote + 1), Buffer.from(surrogate), result.subarray(quote + 1)])
        } else
          result = insert(result, random, 1, () =>
            Buffer.from(random() < 0.5 ? [0xed, 0xa0, 0x80] : [0xed, 0xbf, 0xbf])
          )
      }
      return result
    }
  },
  {
    name: 'UTF-16',
    textOnly: true,
    // Saved as UTF-16 by an editor: either byte order, with or without a byte order mark, or cut at an odd byte.
    apply({bytes}, random) {
      const bom = random() < 0.75
      const little = Buffer.from(`${bom ? '\uFEFF' : ''}${bytes.toString('utf8')}`, 'utf16le')
      const encoded = random() < 0.5 ? little : Buffer.from(little).swap16()
      return random() < 0.25 ? encoded.subarray(0, encoded.length - 1 - 2 * below(random, 4)) : encoded
    }
  },
  {
    name: 'wrong JSON types',
    textOnly: true,
    // A field of a record (of a JSON document, or of a line of JSON Lines) dropped or replaced by a value of another
    // type: the fuzz's mutations (./fuzz-properties.ts), drawn from this generator's seed.
    apply(source, random) {
      const edit = (value: unknown): unknown => {
        const [change] = fc.sample(
          fc.record({
            path: fc.array(fc.nat(), {maxLength: 6}),
            op: fc.constantFrom('drop' as const, 'replace' as const, 'text' as const),
            value: hostileValue
          }),
          {numRuns: 1, seed: below(random, 2 ** 31)}
        )
        return change ? mutate(value, change) : value
      }
      const text = source.bytes.toString('utf8')
      try {
        return Buffer.from(JSON.stringify(edit(JSON.parse(text))) ?? '')
      } catch {}
      const all = lines(source.bytes)
      for (let count = 1 + below(random, 4); count > 0 && all.length > 0; count--) {
        const at = below(random, all.length)
        try {
          all[at] = `${JSON.stringify(edit(JSON.parse(all[at] ?? '')))}\n`
        } catch {}
      }
      return Buffer.from(all.join(''))
    }
  },
  {
    name: 'duplicated lines',
    textOnly: true,
    apply({bytes}, random) {
      const all = lines(bytes)
      const at = below(random, all.length)
      const run = all.slice(at, at + 1 + below(random, 4))
      all.splice(at + below(random, all.length - at + 1), 0, ...run)
      return Buffer.from(all.join(''))
    }
  },
  {
    name: 'swapped lines',
    textOnly: true,
    apply({bytes}, random) {
      const all = lines(bytes)
      for (let count = 1 + below(random, 3); count > 0; count--) {
        const [a, b] = [below(random, all.length), below(random, all.length)]
        ;[all[a], all[b]] = [all[b] ?? '', all[a] ?? '']
      }
      return Buffer.from(all.join(''))
    }
  },
  {
    name: 'blanks at line ends',
    textOnly: true,
    // Spaces and tabs before line endings, as editors and terminals leave them.
    apply: ({bytes}, random) =>
      Buffer.from(
        bytes
          .toString('utf8')
          .replace(/\n/g, (ending) => (random() < 0.3 ? `${' \t  '.slice(below(random, 3))}${ending}` : ending))
      )
  }
]

/** Every file input of the fixtures and the corpus (folders, such as a Slack export, are not one file). */
export async function sources(): Promise<Source[]> {
  const paths = [
    ...corpusFiles().map((file) => file.path),
    ...(await fixtureCases()).filter((fixture) => !fixture.isFolder).map((fixture) => fixture.input)
  ]
  return Promise.all(
    paths.map(async (path) => {
      const bytes = await readFile(path)
      const binary = /\.(?:db|zip|zst|gz)$/i.test(path) || bytes.subarray(0, 4096).includes(0)
      // A fixture's input is named `input.<extension>`: its case's name says what it is.
      const name = basename(path).startsWith('input.')
        ? `${basename(dirname(path))}${basename(path).slice(5)}`
        : basename(path)
      return {path, name, bytes, text: !binary}
    })
  )
}

/** One damaged input: which source, which damage, and the bytes. */
export interface Mutated {
  source: Source
  mutation: string
  round: number
  bytes: Buffer
  /** A file name for it: its number and damage, then the source's name (whose extension detection may read). */
  name: string
}

/** `rounds` damaged copies of every source by every mutation that applies to it, drawn from `seed`. */
export function* mutatedInputs(all: readonly Source[], rounds: number, seed: number): Generator<Mutated> {
  const random = seeded(seed)
  let number = 0
  for (let round = 0; round < rounds; round++) {
    for (const source of all) {
      for (const mutation of mutations) {
        if (mutation.textOnly && !source.text) continue
        const bytes = mutation.apply(source, random)
        const tag = mutation.name.replace(/\W+/g, '-')
        yield {
          source,
          mutation: mutation.name,
          round,
          bytes,
          name: `${String(number++).padStart(5, '0')}-${tag}-${source.name}`
        }
      }
    }
  }
}
