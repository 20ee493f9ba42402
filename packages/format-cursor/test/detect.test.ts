import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {sampleFromBytes} from '@chatmark/core'
import {cursor} from '@chatmark/format-cursor'
import initSqlJs from 'sql.js'
import {fixtures} from './helpers.js'

const {detect} = cursor()
/** The sample a detector sees of `bytes`: their head (64 KiB, as the command reads it). */
const head = 64 * 1024
const sample = (bytes: Uint8Array, name: string) =>
  sampleFromBytes(bytes.subarray(0, head), {name, complete: bytes.length <= head, size: bytes.length})
const verdict = async (path: string) => detect(sample(await readFile(join(fixtures, path)), path))

async function sqlite(sql: string): Promise<Uint8Array> {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  db.run(sql)
  const bytes = db.export()
  db.close()
  return bytes
}

test('each of the four inputs is recognised by its own fingerprint, with its variant', async () => {
  assert.deepEqual(
    [
      await verdict('workspace-2024/input.vscdb'),
      await verdict('global-2025/input.vscdb'),
      await verdict('cli-store/input.db'),
      await verdict('cli-transcript/input.jsonl')
    ].map(({confidence, variant}) => [confidence, variant]),
    [
      ['certain', 'cursor-state'],
      ['certain', 'cursor-state'],
      ['certain', 'cursor-cli-store'],
      ['certain', 'cursor-cli-transcript']
    ]
  )
})

test("VS Code's own state.vscdb (an ItemTable without Cursor's keys) is only possible", async () => {
  const bytes = await sqlite(
    'CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB); ' +
      "INSERT INTO ItemTable VALUES ('workbench.view.explorer', '{}')"
  )
  const result = detect(sample(bytes, 'state.vscdb'))
  assert.equal(result.confidence, 'possible')
  assert.match(result.reason, /VS Code's own/)
})

test("another tool's database, a blobs table beside others, and JSONL of other shapes are not Cursor's", async () => {
  const other = await sqlite('CREATE TABLE session (id TEXT); CREATE TABLE message (id TEXT)')
  assert.equal(detect(sample(other, 'opencode.db')).confidence, 'none')
  const more = await sqlite('CREATE TABLE blobs (id TEXT); CREATE TABLE meta (key TEXT); CREATE TABLE extra (x)')
  assert.equal(detect(sample(more, 'x.db')).confidence, 'none')
  const claude = '{"type":"user","uuid":"u1","sessionId":"s","message":{"role":"user","content":"hi"}}\n'
  assert.equal(detect(sample(new TextEncoder().encode(claude), 'a.jsonl')).confidence, 'none')
  const extraKey = '{"role":"user","message":{"content":[{"type":"text","text":"hi"}]},"timestamp":1}\n'
  assert.equal(detect(sample(new TextEncoder().encode(extraKey), 'a.jsonl')).confidence, 'none')
})
