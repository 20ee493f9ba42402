import assert from 'node:assert/strict'
import {mkdtemp, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {beforeAll, test} from 'vitest'
import {zipOfMembers} from '../../../test/util/zip-of.js'
import {notesIn, repoRoot, runCli} from './run-cli.js'

// A zip holding two data exports (two folders of `conversations.json`, or two exports zipped together at the top):
// each is an input of its own, read with its own format, named `<archive>!<member>`; before, the first folder's was
// read alone, or the two joined as one document of one format, and the other's conversations lost.

let dir: string
const fixture = (path: string): Promise<Buffer> => readFile(join(repoRoot, 'packages', path))

/** The titles `--list` printed. */
const titles = (stdout: string): (string | undefined)[] =>
  stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t')[3])

/** A ChatGPT export's conversations with ids and titles of their own, as a second export would have. */
async function otherChatgpt(titles: string[]): Promise<string> {
  const [conversation] = JSON.parse(
    (await fixture('format-chatgpt/fixtures/branches-current/input.json')).toString()
  ) as object[]
  return JSON.stringify(
    titles.map((title, index) => ({...conversation, id: `other-${index}`, conversation_id: `other-${index}`, title}))
  )
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chatmark-archive-exports-'))
  const chatgpt = await fixture('format-chatgpt/fixtures/branches-current/input.json')
  const claude = await fixture('format-claude/fixtures/claude-ai/branches-current/input.json')
  await writeFile(
    join(dir, 'folders.zip'),
    zipOfMembers([
      {name: 'chatgpt-export/conversations.json', content: chatgpt},
      {name: 'chatgpt-export/user.json', content: '{}'},
      {name: 'claude-export/conversations.json', content: claude},
      {name: 'claude-export/users.json', content: '[]'}
    ])
  )
  // Two exports zipped together at the top: a zip tool keeps both members of the same name.
  await writeFile(
    join(dir, 'together.zip'),
    zipOfMembers([
      {name: 'conversations.json', content: claude},
      {name: 'conversations.json', content: chatgpt}
    ])
  )
  // A ChatGPT export split over numbered files, twice, in two folders.
  await writeFile(
    join(dir, 'split.zip'),
    zipOfMembers([
      {name: 'june/conversations-000.json', content: await otherChatgpt(['June one', 'June two'])},
      {name: 'june/conversations-001.json', content: chatgpt},
      {name: 'july/conversations-000.json', content: (await otherChatgpt(['July one'])).replaceAll('other', 'july')},
      {
        name: 'july/conversations-001.json',
        content: (await otherChatgpt(['July two', 'July three'])).replaceAll('other', 'j')
      }
    ])
  )
})

test('two exports in two folders of a zip are two inputs, ChatGPT and Claude.ai, each read whole', async () => {
  for (const jobs of ['1', '2']) {
    const list = await runCli(['--list', '-j', jobs, join(dir, 'folders.zip')])
    assert.equal(list.code, 0, list.stderr)
    assert.equal(list.stderr, '')
    assert.deepEqual(titles(list.stdout), ['Grey cat names', 'Name for a hiking app'])
    const out = join(dir, `folders-${jobs}`)
    const written = await runCli(['-j', jobs, '-o', out, join(dir, 'folders.zip')])
    assert.equal(written.code, 0, written.stderr)
    assert.deepEqual(await notesIn(out), ['2025-03-01-name-for-a-hiking-app.md', '2026-01-03-grey-cat-names.md'])
  }
  // Each its own line of --json, named after its member, with its own format.
  const json = await runCli(['--json', join(dir, 'folders.zip')])
  assert.deepEqual(
    json.stdout
      .trim()
      .split('\n')
      .map((line) => {
        const {file, detection, conversations} = JSON.parse(line) as {
          file: string
          detection: {format: string}
          conversations: unknown[]
        }
        return `${file.slice(dir.length + 1)} ${detection.format} ${conversations.length}`
      }),
    ['folders.zip!chatgpt-export/conversations.json chatgpt 1', 'folders.zip!claude-export/conversations.json claude 1']
  )
})

test('two exports zipped together at the top are two inputs: the second is not joined to the first', async () => {
  const list = await runCli(['--list', join(dir, 'together.zip')])
  assert.equal(list.code, 0, list.stderr)
  assert.equal(list.stderr, '')
  assert.deepEqual(titles(list.stdout), ['Name for a hiking app', 'Grey cat names'])
  const explain = await runCli(['--explain', join(dir, 'together.zip')])
  assert.deepEqual(
    explain.stdout.split('\n').filter((line) => line.startsWith(dir)),
    [`${join(dir, 'together.zip')}!conversations.json:`, `${join(dir, 'together.zip')}!conversations.json (2):`]
  )
  assert.match(explain.stdout, /^→ claude .*\n[\s\S]*^→ chatgpt /m)
})

test('a ChatGPT export split over numbered files in two folders: each folder read whole, in order', async () => {
  for (const jobs of ['1', '2']) {
    const list = await runCli(['--list', '-j', jobs, join(dir, 'split.zip')])
    assert.equal(list.code, 0, list.stderr)
    assert.deepEqual(titles(list.stdout), [
      'July one',
      'July two',
      'July three',
      'June one',
      'June two',
      'Grey cat names'
    ])
  }
})

test('a zip of two exports on stdin: the first is read, and the run fails naming the other', async () => {
  const list = await runCli(['--list', '-'], await readFile(join(dir, 'folders.zip')))
  assert.equal(list.code, 1)
  assert.equal(list.stdout, '6790a1b2-0003-8000-9000-0000000b4a9c\t2026-01-03\t4 turns\tGrey cat names\n')
  assert.equal(
    list.stderr,
    '<stdin>!chatgpt-export/conversations.json: The archive holds 2 data exports (chatgpt-export/conversations.json, ' +
      'claude-export/conversations.json): only chatgpt-export/conversations.json is read here; each is an input of ' +
      'its own when the archive is read from a file\n'
  )
})
