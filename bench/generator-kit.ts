import {createWriteStream} from 'node:fs'
import {once} from 'node:events'

/** Deterministic pseudo-random words for generated sessions. */
export interface TextMaker {
  /** The next number in [0, 1): a linear congruential sequence, the same for a given seed. */
  random(): number
  /** `count` words from the vocabulary. */
  sentence(count: number): string
  /** One sentence of 12 to 41 words, with a full stop. */
  paragraph(): string
}

/** A {@link TextMaker} over `vocabulary` (space-separated words). */
export function textMaker(seed: number, vocabulary: string): TextMaker {
  let state = seed
  const words = vocabulary.split(' ')
  const random = (): number => {
    state = (state * 1103515245 + 12345) % 2 ** 31
    return state / 2 ** 31
  }
  const sentence = (count: number): string =>
    Array.from({length: count}, () => words[Math.floor(random() * words.length)]).join(' ')
  return {random, sentence, paragraph: () => `${sentence(12 + Math.floor(random() * 30))}.`}
}

/** Writes JSON values as JSONL lines, waiting on back-pressure, counting bytes. */
export interface LineWriter {
  write(value: unknown): Promise<void>
  /** Bytes written so far. */
  readonly written: number
  close(): Promise<void>
}

/** A {@link LineWriter} to a new file at `path`. */
export function lineWriter(path: string): LineWriter {
  const out = createWriteStream(path)
  let written = 0
  return {
    async write(value) {
      const line = `${JSON.stringify(value)}\n`
      written += Buffer.byteLength(line)
      if (!out.write(line)) await once(out, 'drain')
    },
    get written() {
      return written
    },
    async close() {
      out.end()
      await once(out, 'finish')
    }
  }
}
