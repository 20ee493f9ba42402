import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import {gzipSync} from 'node:zlib'
import {compressionOf, createNormalizer, inputFromBytes} from '@chatmark/core'
import {fakeFormat} from './helpers.js'

const plain = Buffer.from('{"a":1}\n{"b":2}\n')
// Made with `zstd` from the same text as packages/format-gemini/fixtures/jsonl-shell-tool/input.jsonl.
const zstdFile = fileURLToPath(
  new URL('../../../packages/format-gemini/fixtures/zstd-compressed/input.jsonl.zst', import.meta.url)
)
const jsonlFile = fileURLToPath(
  new URL('../../../packages/format-gemini/fixtures/jsonl-shell-tool/input.jsonl', import.meta.url)
)

async function readAll(input: {open(): AsyncIterable<Uint8Array>}): Promise<Buffer> {
  const chunks: Uint8Array[] = []
  for await (const chunk of input.open()) chunks.push(chunk)
  return Buffer.concat(chunks)
}

test('compression is recognised by magic bytes', async () => {
  assert.equal(compressionOf(gzipSync(plain)), 'gzip')
  assert.equal(compressionOf(await readFile(zstdFile)), 'zstd')
  assert.equal(compressionOf(plain), undefined)
})

test('gzip and zstd inputs are detected and parsed decompressed', async () => {
  const seen: Buffer[] = []
  const format = {
    ...fakeFormat('lines', {confidence: 'certain', reason: 'x'}),
    detect: (sample: {kind: string; extension: string}) =>
      sample.kind === 'jsonl' && sample.extension === '.jsonl'
        ? ({confidence: 'certain', reason: 'JSONL'} as const)
        : ({confidence: 'none', reason: sample.kind} as const),
    async *parse(input: {name: string; open(): AsyncIterable<Uint8Array>}) {
      seen.push(await readAll(input))
      yield {id: input.name, source: {format: 'lines'}, participants: [], metadata: {}, turns: [], fidelity: {}}
    }
  }
  const normalizer = createNormalizer({builtins: [format]})
  const gz = await normalizer.normalize(inputFromBytes(gzipSync(plain), 'log.jsonl.gz'))
  assert.equal(gz.detection.format, 'lines')
  assert.deepEqual(seen.pop(), plain)
  const zst = await normalizer.normalize(inputFromBytes(await readFile(zstdFile), 'rollout.jsonl.zst'))
  assert.equal(zst.detection.format, 'lines', zst.detection.explanation)
  assert.deepEqual(seen.pop(), await readFile(jsonlFile))
})

test('a damaged compressed input fails with a reason', async () => {
  const normalizer = createNormalizer({builtins: [fakeFormat('any', {confidence: 'likely', reason: 'x'})]})
  const cut = (await readFile(zstdFile)).subarray(0, 60)
  const {file, conversations} = await normalizer.normalize(inputFromBytes(cut, 'cut.jsonl.zst'))
  assert.equal(conversations.length, 0)
  assert.equal(file.messages[0]?.fatal, true)
  assert.match(file.messages[0]?.reason ?? '', /^Could not read the input: /)
})
