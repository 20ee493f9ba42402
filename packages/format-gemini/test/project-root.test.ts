import assert from 'node:assert/strict'
import {cp, mkdir, mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, test} from 'vitest'
import type {Normalized} from '@chatmark/core'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {gemini} from '@chatmark/format-gemini'

// A real Gemini CLI 0.61.0 project folder (`~/.gemini/tmp/demo-project/`): its `.project_root` and a session.
const layout = fileURLToPath(new URL('./fixtures/project-root/', import.meta.url))
const sessionName = 'session-2026-12-01T23-56-b5a45d06.jsonl'
const recordedRoot = '/tmp/h-fork/g/gemini-run/demo-project'
const hash = '6433cd5b420a7fa6333fb58b116d4c6f721982b08ea99c4550005fd5f2895c89'
const scratch = await mkdtemp(join(tmpdir(), 'chatmark-gemini-root-'))
afterAll(() => rm(scratch, {recursive: true, force: true}))

async function readPath(path: string): Promise<Normalized> {
  return createNormalizer({formats: [gemini()]}).normalize(await inputFromPath(path))
}

/**
 * A project folder `<scratch>/<name>/tmp/demo-project` with the real marker (or `marker` making its own) and
 * `chats/session.jsonl`: a session whose context names no directory, so only the marker can say where it ran.
 */
async function project(name: string, marker?: (path: string) => Promise<void>, kind = 'main'): Promise<string> {
  const folder = join(scratch, name, 'tmp', 'demo-project')
  await mkdir(join(folder, 'chats'), {recursive: true})
  if (marker) await marker(join(folder, '.project_root'))
  else await cp(join(layout, 'tmp', 'demo-project', '.project_root'), join(folder, '.project_root'))
  await writeFile(join(folder, 'chats', 'session.jsonl'), sessionText(kind))
  return folder
}

function sessionText(kind: string): string {
  const header = {sessionId: 's-1', projectHash: hash, startTime: '2026-05-01T10:00:00.000Z', kind}
  const prompt = {id: 'u1', timestamp: '2026-05-01T10:00:01.000Z', type: 'user', content: [{text: 'Hi'}]}
  const answer = {id: 'g1', timestamp: '2026-05-01T10:00:02.000Z', type: 'gemini', content: 'Hello', model: 'm'}
  return `${[header, prompt, answer].map((line) => JSON.stringify(line)).join('\n')}\n`
}

test("a real session's project is the directory its context names with its hash, as its marker says", async () => {
  const {conversations, file} = await readPath(join(layout, 'tmp', 'demo-project', 'chats', sessionName))
  assert.deepEqual(file.messages.map(String), [])
  assert.equal(await readFile(join(layout, 'tmp', 'demo-project', '.project_root'), 'utf8'), recordedRoot)
  assert.equal(conversations[0]?.metadata.project, recordedRoot)
  assert.equal(conversations[0]?.metadata.extra?.['projectHash'], hash)
})

test("a session that names no directory has the one its folder's .project_root names", async () => {
  const {conversations, file} = await readPath(join(await project('marked'), 'chats', 'session.jsonl'))
  assert.deepEqual(file.messages.map(String), [])
  assert.equal(conversations[0]?.metadata.project, recordedRoot)
  assert.equal(conversations[0]?.metadata.extra?.['projectHash'], hash)
})

test('a marker that is a link, too large, or no absolute path gives no project, with a message', async () => {
  const cases: Array<[string, (path: string) => Promise<void>, RegExp]> = [
    ['link', (path) => symlink('/etc/hostname', path), /was not read: it is a symbolic link$/],
    ['large', (path) => writeFile(path, `/${'a'.repeat(5000)}`), /was not read: it is over 4096 bytes$/],
    ['relative', (path) => writeFile(path, 'demo-project'), /does not hold one absolute path$/],
    ['two-lines', (path) => writeFile(path, '/a\n/b'), /does not hold one absolute path$/],
    ['folder', (path) => mkdir(path), /was not read: it is not a file$/]
  ]
  for (const [name, marker, problem] of cases) {
    const folder = await project(name, marker)
    const {conversations, file} = await readPath(join(folder, 'chats', 'session.jsonl'))
    assert.equal(conversations[0]?.metadata.project, undefined, name)
    assert.equal(conversations[0]?.metadata.extra?.['projectHash'], hash, name)
    assert.deepEqual(
      file.messages.map((message) => message.ruleId),
      ['project-root-unreadable'],
      name
    )
    assert.match(String(file.messages[0]?.reason), problem, name)
  }
})

test("no marker is read outside the tool's folder, and a missing one is no problem", async () => {
  // A session beside a .project_root, but not in `tmp/<project>/chats/`: the marker is not Gemini CLI's.
  const loose = join(scratch, 'loose')
  await mkdir(loose, {recursive: true})
  await writeFile(join(loose, 'session.jsonl'), sessionText('main'))
  await writeFile(join(loose, '.project_root'), '/elsewhere')
  const outside = await readPath(join(loose, 'session.jsonl'))
  assert.equal(outside.conversations[0]?.metadata.project, undefined)
  assert.deepEqual(outside.file.messages.map(String), [])
  // A hash-named folder (before 0.29) has no marker.
  const old = await project('old', async () => {})
  const unmarked = await readPath(join(old, 'chats', 'session.jsonl'))
  assert.equal(unmarked.conversations[0]?.metadata.project, undefined)
  assert.deepEqual(unmarked.file.messages.map(String), [])
})

test("a subagent's session names the session whose folder it is filed in as its parent", async () => {
  const folder = await project('subagent')
  const parent = 'b5a45d06-0752-4c63-85ee-35380649c6c4'
  await mkdir(join(folder, 'chats', parent))
  await writeFile(join(folder, 'chats', parent, 'f123faeb.jsonl'), sessionText('subagent'))
  const {conversations} = await readPath(join(folder, 'chats', parent, 'f123faeb.jsonl'))
  assert.deepEqual(conversations[0]?.metadata.parent, {id: parent, relation: 'subagent'})
  assert.equal(conversations[0]?.metadata.project, recordedRoot, 'the marker two folders up')
  const main = await readPath(join(folder, 'chats', 'session.jsonl'))
  assert.equal(main.conversations[0]?.metadata.parent, undefined)
})
