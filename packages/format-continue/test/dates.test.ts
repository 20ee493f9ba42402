import assert from 'node:assert/strict'
import {copyFile, mkdir, mkdtemp, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, test} from 'vitest'
import type {Normalized} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString} from '@chatmark/core'
import {continueCli} from '@chatmark/format-continue'

// Real files of one `~/.continue/sessions/` folder (cn 1.5.47): a session and the index beside it.
const fixture = (name: string): string => fileURLToPath(new URL(`../fixtures/${name}/input.json`, import.meta.url))
const sessionId = 'ceb6e4bd-5e2a-42d0-ac5f-0d2ba7f81dc1'
const scratch = await mkdtemp(join(tmpdir(), 'chatmark-continue-dates-'))
afterAll(() => rm(scratch, {recursive: true, force: true}))

/** `<scratch>/<name>/sessions/<sessionId>.json`, and beside it the real index, or what `index` makes. */
async function sessionsFolder(name: string, index?: (path: string) => Promise<void>): Promise<string> {
  const folder = join(scratch, name, 'sessions')
  await mkdir(folder, {recursive: true})
  await copyFile(fixture('headless-tools'), join(folder, `${sessionId}.json`))
  if (index) await index(join(folder, 'sessions.json'))
  else await copyFile(fixture('sessions-index'), join(folder, 'sessions.json'))
  return join(folder, `${sessionId}.json`)
}

async function readPath(path: string): Promise<Normalized> {
  return createNormalizer({formats: [continueCli()]}).normalize(await inputFromPath(path))
}

test("a session is dated by the dateCreated its folder's sessions.json gives it", async () => {
  const {conversations, file} = await readPath(await sessionsFolder('indexed'))
  assert.deepEqual(file.messages.map(String), [])
  // `"dateCreated": "1796098642173"` in the real index.
  assert.equal(conversations[0]?.createdAt, new Date(1796098642173).toISOString())
  assert.equal(conversations[0]?.updatedAt, undefined, 'the CLI records no later time')
})

test('a session with no index, or one the index does not list, has no date, and no message', async () => {
  const alone = await readPath(await sessionsFolder('alone', async () => {}))
  assert.equal(alone.conversations[0]?.createdAt, undefined)
  assert.deepEqual(alone.file.messages.map(String), [])
  const other = await readPath(
    await sessionsFolder('unlisted', (path) =>
      writeFile(path, JSON.stringify([{sessionId: 'other', dateCreated: '1796098642173'}]))
    )
  )
  assert.equal(other.conversations[0]?.createdAt, undefined)
  assert.deepEqual(other.file.messages.map(String), [])
})

test('an index that is a link, too large, or not a JSON array gives no date, with a message', async () => {
  const cases: Array<[string, (path: string) => Promise<void>, RegExp]> = [
    ['link', (path) => symlink(fixture('sessions-index'), path), /was not read: it is a symbolic link$/],
    ['large', (path) => writeFile(path, `[${' '.repeat(8 * 1024 * 1024)}]`), /was not read: it is over 8388608 bytes$/],
    ['broken', (path) => writeFile(path, '[{"sessionId": '), /was not read: it is not JSON \(/],
    ['object', (path) => writeFile(path, '{}'), /was not read: it is not a JSON array of sessions$/]
  ]
  for (const [name, index, problem] of cases) {
    const {conversations, file} = await readPath(await sessionsFolder(name, index))
    assert.equal(conversations[0]?.createdAt, undefined, name)
    assert.deepEqual(
      file.messages.map((message) => message.ruleId),
      ['unreadable-index'],
      name
    )
    assert.match(String(file.messages[0]?.reason), problem, name)
  }
})

test("without an index, the IDE's reasoning times date the session", async () => {
  const item = (role: string, content: string, startAt?: number): Record<string, unknown> => ({
    message: {role, content},
    contextItems: [],
    ...(startAt === undefined ? {} : {reasoning: {active: false, text: 'plan', startAt, endAt: startAt + 500}})
  })
  const text = JSON.stringify({
    sessionId: 's-1',
    title: 'Untitled Session',
    workspaceDirectory: '/p',
    history: [
      item('user', 'one'),
      item('assistant', 'a', 1_700_000_000_000),
      item('user', 'two'),
      item('assistant', 'b', 1_700_000_060_000)
    ]
  })
  const {conversations} = await createNormalizer({formats: [continueCli()]}).normalize(
    inputFromString(text, 'session.json')
  )
  assert.equal(conversations[0]?.createdAt, '2023-11-14T22:13:20.000Z')
  assert.equal(conversations[0]?.updatedAt, '2023-11-14T22:14:20.000Z')
})
