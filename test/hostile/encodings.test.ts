import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {gzipSync} from 'node:zlib'
import {convert, inputFromBytes, normalizer} from 'chatmark'
import {test} from 'vitest'
import {fixturePath} from '../util/fixtures.js'

const fixture = (path: string): Promise<Buffer> => readFile(fixturePath(path))

/** The text as UTF-16 with its byte order mark, in either byte order. */
function utf16(text: string, order: 'le' | 'be'): Buffer {
  const le = Buffer.from(`\uFEFF${text}`, 'utf16le')
  return order === 'le' ? le : le.swap16()
}

async function markdown(bytes: Uint8Array, name: string): Promise<string[]> {
  const result = await convert(normalizer, inputFromBytes(bytes, name))
  assert.deepEqual(
    result.file.messages.filter((message) => message.fatal).map((message) => message.reason),
    [],
    name
  )
  return result.notes.map((note) => note.markdown)
}

test('UTF-16 inputs with a BOM, either byte order, convert as their UTF-8 text does', async () => {
  for (const path of ['claude-code/interleaved-sessions/input.jsonl', 'plaintext/bold-labels/input.md']) {
    const bytes = await fixture(path)
    const name = path.split('/').join('-')
    const expected = await markdown(bytes, name)
    assert.ok(expected.length > 0)
    const text = bytes.toString('utf8')
    for (const order of ['le', 'be'] as const) {
      assert.deepEqual(await markdown(utf16(text, order), name), expected, `${path} ${order}`)
      // Cut into 1-byte chunks' worth of trouble: a surrogate pair and a code unit split by compression slices.
      assert.deepEqual(await markdown(gzipSync(utf16(text, order)), `${name}.gz`), expected, `${path} ${order} gz`)
    }
  }
})

test('text with old Mac line endings (a bare CR) is read as lines', async () => {
  const bytes = await fixture('plaintext/bold-labels/input.md')
  const expected = await markdown(bytes, 'bold-labels.md')
  const mac = Buffer.from(bytes.toString('utf8').replace(/\r?\n/g, '\r'))
  assert.deepEqual(await markdown(mac, 'bold-labels.md'), expected)
})

test('a session with a stray NUL byte near its start is read: only the line holding it is lost', async () => {
  const bytes = await fixture('claude-code/interleaved-sessions/input.jsonl')
  const lines = bytes.toString('utf8').split('\n')
  const damaged = Buffer.from(
    lines.map((line, index) => (index === 1 ? `${line.slice(0, 20)}\u0000${line.slice(20)}` : line)).join('\n')
  )
  assert.ok(damaged.indexOf(0) < 4096, 'the NUL is in the sample')
  const result = await convert(normalizer, inputFromBytes(damaged, 'nul.jsonl'))
  // The line is skipped, and the chain its record was part of is said to break after it.
  assert.deepEqual(
    result.file.messages.map((message) => [message.fatal ?? false, message.ruleId, message.line]),
    [
      [false, 'malformed-line', 2],
      [false, 'broken-chain', 3]
    ]
  )
  assert.equal(result.notes.length, (await markdown(bytes, 'whole.jsonl')).length)
})
