import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'

/**
 * A format that reads `.lines` files in parts, a line each: a conversation per line; `crash` ends the worker
 * and `hang` never returns. Written into `dir`; its path is returned.
 */
export async function linesFormat(dir: string): Promise<string> {
  const format = join(dir, 'lines.mjs')
  await writeFile(
    format,
    `const conversation = (id, text) => ({id, title: text, source: {format: 'lines'}, participants: [], metadata: {},
      fidelity: {}, turns: [{role: 'user', parts: [{type: 'text', text}]}]})
    const lines = async (input) => Buffer.from(await input.head(10000)).toString('utf8').trim().split('\\n')
    export default {name: 'lines', description: 'x', extensions: ['.lines'],
      detect: (sample) => sample.extension === '.lines'
        ? {confidence: 'certain', reason: 'a .lines file'} : {confidence: 'none', reason: 'no'},
      async *parse(input) {
        for (const [index, text] of (await lines(input)).entries()) yield conversation(String(index), text)
      },
      parts: {
        async *split(input) {
          for (const [index, text] of (await lines(input)).entries()) {
            yield {index, start: 0, bytes: new TextEncoder().encode(text)}
          }
        },
        async *parse(part) {
          const text = new TextDecoder().decode(part.bytes)
          if (text === 'crash') process.exit(3)
          if (text === 'hang') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
          yield conversation(String(part.index), text)
        }
      }}\n`
  )
  return format
}

/** The titles `--list` prints, one a line (its fourth column). */
export const listedTitles = (stdout: string): Array<string | undefined> =>
  stdout
    .split('\n')
    .filter(Boolean)
    .map((line) => line.split('\t')[3])
