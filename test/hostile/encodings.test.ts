import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {gzipSync} from 'node:zlib'
import {convert, inputFromBytes, normalizer} from 'chatmark'
import {test} from 'vitest'

const fixture = (path: string): Promise<Buffer> =>
  readFile(fileURLToPath(new URL(`../../fixtures/${path}`, import.meta.url)))

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
