import assert from 'node:assert/strict'
import {spawn} from 'node:child_process'
import {mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {installedPackage, userEnvironment} from '../../../test/util/installed.js'
import {repoRoot} from './run-cli.js'

// The installed command writing into a real pipe (sh's `|`) whose reader goes away
// early: `head` after a few lines, or `true`, which reads nothing at all.

/** How `node <args> | <reader>` ended: chatmark's own status and stderr, and what the reader printed. */
async function pipeInto(reader: string, args: string[]): Promise<{code: number; stderr: string; read: string}> {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-pipe-'))
  const status = join(dir, 'status')
  const stderr = join(dir, 'stderr')
  const script = `{ "$0" "$@" 2>"$CHATMARK_STDERR"; echo $? >"$CHATMARK_STATUS"; } | ${reader}`
  const child = spawn('sh', ['-c', script, process.execPath, installedPackage().bin, ...args], {
    cwd: repoRoot,
    env: {...userEnvironment(), CHATMARK_STDERR: stderr, CHATMARK_STATUS: status},
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let read = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (read += chunk))
  await new Promise((resolve) => child.on('close', resolve))
  return {code: Number(await readFile(status, 'utf8')), stderr: await readFile(stderr, 'utf8'), read}
}

const exportZip = 'packages/format-chatgpt/fixtures/export-zip/input.zip'

test('--list-formats into a pipe that closes early ends quietly with status 0', async () => {
  const head = await pipeInto('head -n 1', ['--list-formats'])
  assert.deepEqual(head, {code: 0, stderr: '', read: head.read})
  assert.match(head.read, /^claude +\.jsonl/)
  assert.equal(head.read.split('\n').length, 2)
  assert.deepEqual(await pipeInto('true', ['--list-formats']), {code: 0, stderr: '', read: ''})
})

test('--list of an export into a pipe that closes early ends quietly with status 0', async () => {
  const head = await pipeInto('head -n 1', ['--list', exportZip])
  assert.equal(head.stderr, '')
  assert.equal(head.code, 0)
  assert.match(head.read, /^\S+\t\d{4}-\d{2}-\d{2}\t\d+ turns\t/)
  assert.deepEqual(await pipeInto('true', ['--list', exportZip]), {code: 0, stderr: '', read: ''})
})

/** A Gemini CLI session of `exchanges` questions and Markdown answers (about 1.7 KB each). */
async function writeGeminiSession(path: string, exchanges: number): Promise<void> {
  const paragraph = 'The parser reads each line and keeps the order of turns while memory stays flat. '.repeat(10)
  const start = '2026-01-01T00:00:00.000Z'
  const lines = [
    JSON.stringify({sessionId: '7d1c2f0e-0000-4000-8000-000000000001', projectHash: 'f'.repeat(64), startTime: start}),
    ...Array.from({length: exchanges}, (_, index) => {
      const timestamp = new Date(Date.parse(start) + index * 60_000).toISOString()
      return [
        JSON.stringify({
          id: `u-${index}`,
          timestamp,
          type: 'user',
          content: [{text: `Question ${index}: ${paragraph}`}]
        }),
        JSON.stringify({id: `g-${index}`, timestamp, type: 'gemini', content: `## Answer ${index}\n\n${paragraph}`})
      ].join('\n')
    })
  ]
  await writeFile(path, `${lines.join('\n')}\n`)
}

test('a note far larger than the pipe stops at `head -3`: status 0, nothing on stderr', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-big-'))
  const session = join(dir, 'big.jsonl')
  await writeGeminiSession(session, 3000)
  const head = await pipeInto('head -n 3', [session])
  assert.equal(head.stderr, '')
  assert.equal(head.code, 0)
  assert.match(head.read, /^---\ntitle: .+\nsource:\n$/)
  // The reader is gone before the first byte is written.
  assert.deepEqual(await pipeInto('true', [session]), {code: 0, stderr: '', read: ''})
})

test('an export stops being read soon after the reader goes away', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-many-'))
  const [conversation] = JSON.parse(
    await readFile(join(repoRoot, 'packages/format-chatgpt/fixtures/branches-current/input.json'), 'utf8')
  )
  const total = 1000
  const conversations = Array.from({length: total}, (_, index) => ({
    ...conversation,
    id: `conversation-${index}`,
    conversation_id: `conversation-${index}`,
    title: `Grey cat names ${index}`
  }))
  const exported = join(dir, 'conversations.json')
  await writeFile(exported, JSON.stringify(conversations))
  const notes = join(dir, 'notes')
  // `-o` prints each note's path as it is written; the reader takes one line.
  const head = await pipeInto('head -n 1', ['-o', notes, exported])
  assert.equal(head.stderr, '')
  assert.equal(head.code, 0)
  // Besides the notes, only the ledger of what chatmark wrote.
  const written = (await readdir(notes)).filter((name) => name !== '.chatmark-written')
  assert.ok(written.length < total / 2, `${written.length} of ${total} notes written after the reader had gone`)
  assert.deepEqual(
    written.filter((name) => !name.endsWith('.md')),
    [],
    'no temporary file is left'
  )
})
