import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {convert, inputFromBytes, normalizer} from 'chatmark'
import {test} from 'vitest'
import {zipOfMembers} from '../util/zip-of.js'

const conversations = await readFile(
  fileURLToPath(new URL('../../packages/format-chatgpt/fixtures/branches-current/input.json', import.meta.url))
)

async function run(archive: Buffer): Promise<{notes: number; reasons: string[]; fatal: string[]}> {
  const result = await convert(normalizer, inputFromBytes(archive, 'export.zip'))
  return {
    notes: result.notes.length,
    reasons: result.file.messages.map((message) => message.reason),
    fatal: result.file.messages.filter((message) => message.fatal).map((message) => message.reason)
  }
}

test('a member with an unsafe name is skipped with a warning naming it; the export is read', async () => {
  for (const bad of ['/etc/passwd', '../../escape.json', 'C:/windows.json', 'a\0b.json', 'x/../../y.json']) {
    const archive = zipOfMembers([
      {name: bad, content: '{}'},
      {name: 'conversations.json', content: conversations}
    ])
    const outcome = await run(archive)
    assert.deepEqual(outcome.fatal, [], bad)
    assert.ok(outcome.notes > 0, bad)
    const warning = outcome.reasons.find((reason) => reason.includes('skipped'))
    assert.ok(warning?.startsWith(`Zip member ${JSON.stringify(bad)} skipped: `), `${bad}: ${outcome.reasons}`)
  }
})

test('a member whose CRC fails is read, with a warning; the others are unaffected', async () => {
  const archive = zipOfMembers([{name: 'conversations.json', content: conversations, crc: 0xdeadbeef}])
  const outcome = await run(archive)
  assert.deepEqual(outcome.fatal, [])
  assert.ok(outcome.notes > 0)
  const crc = outcome.reasons.filter((reason) => reason.includes('CRC'))
  // Read three times (head, sample, whole): warned once.
  assert.equal(crc.length, 1)
  assert.match(
    crc[0] ?? '',
    /^Zip member "conversations\.json" fails its CRC check \(expected deadbeef, read [0-9a-f]{8}\)/
  )
  const sound = await run(zipOfMembers([{name: 'conversations.json', content: conversations}]))
  assert.deepEqual(
    sound.reasons.filter((reason) => reason.includes('Zip member')),
    []
  )
})

test('a Slack export archive (a container) skips unsafe names and checks CRCs too', async () => {
  const root = fileURLToPath(new URL('../../packages/format-slack/fixtures/export/input/', import.meta.url))
  const names = ['channels.json', 'users.json', 'general/2024-03-04.json', 'general/2024-03-05.json']
  const members = await Promise.all(names.map(async (name) => ({name, content: await readFile(`${root}${name}`)})))
  const [first, ...rest] = members
  assert.ok(first)
  const archive = zipOfMembers([{name: '/abs/../x.json', content: '[]'}, {...first, crc: 1}, ...rest])
  const outcome = await run(archive)
  assert.deepEqual(outcome.fatal, [])
  assert.ok(outcome.notes > 0)
  assert.ok(outcome.reasons.some((reason) => reason.startsWith('Zip member "/abs/../x.json" skipped: absolute path')))
  assert.ok(outcome.reasons.some((reason) => reason.startsWith('Zip member "channels.json" fails its CRC check')))
})
