import assert from 'node:assert/strict'
import {EventEmitter} from 'node:events'
import {copyFile, mkdir, mkdtemp, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {Readable, Writable} from 'node:stream'
import {test} from 'vitest'
import type {CommandProcess} from '../src/command.js'
import {command} from '../src/command.js'
import {writeChunks} from '../src/output/write-chunks.js'
import {notesIn, repoRoot, runCli} from './run-cli.js'

const legacy = join(repoRoot, 'packages/format-gemini/fixtures/legacy-json/input.json')
const legacyNote = join(repoRoot, 'packages/format-gemini/fixtures/legacy-json/output.md')

test('inputs, folders and -o are resolved against io.cwd, and printed as given', async () => {
  const cwd = await mkdtemp(join(tmpdir(), 'chatmark-cwd-'))
  await mkdir(join(cwd, 'sessions', 'old'), {recursive: true})
  await copyFile(legacy, join(cwd, 'sessions', 'legacy.json'))
  await copyFile(legacy, join(cwd, 'sessions', 'old', 'again.json'))
  assert.notEqual(process.cwd(), cwd)

  const single = await runCli(['sessions/legacy.json'], '', {cwd})
  assert.equal(single.stderr, '')
  assert.equal(single.stdout, await readFile(legacyNote, 'utf8'))

  const out = await runCli(['-o', 'notes', 'sessions/old', 'missing.json'], '', {cwd})
  assert.equal(out.stdout, 'notes/2026-02-10-fix-the-off-by-one-in-paginate.md\n')
  assert.equal(out.stderr, 'missing.json: no such file or folder\n')
  assert.deepEqual(await notesIn(join(cwd, 'notes')), ['2026-02-10-fix-the-off-by-one-in-paginate.md'])

  const explained = await runCli(['--explain', 'sessions/legacy.json'], '', {cwd})
  assert.match(explained.stdout, /^sessions\/legacy\.json:\n/)
})

test('a closed stdout (the signal) stops the run quietly, and it ends with status 0', async () => {
  const closed = new AbortController()
  const listed = await runCli(['--list', 'packages/format-chatgpt/fixtures/odd-conversations/input.json', legacy], '', {
    signal: closed.signal,
    onStdout: () => closed.abort()
  })
  assert.deepEqual(listed, {code: 0, stdout: listed.stdout, stderr: ''})
  assert.equal(listed.stdout.split('\n').length, 2, 'one line, then nothing')

  // Notes, and an --only that had no chance to match: no complaint either.
  const gone = new AbortController()
  gone.abort()
  assert.deepEqual(await runCli(['--only', 'nothing', legacy], '', {signal: gone.signal}), {
    code: 0,
    stdout: '',
    stderr: ''
  })
  const note = new AbortController()
  const one = await runCli([legacy, legacy], '', {signal: note.signal, onStdout: () => note.abort()})
  assert.deepEqual(one, {code: 0, stdout: await readFile(legacyNote, 'utf8'), stderr: ''})
})

test('writeChunks stops waiting for drain when the signal says the reader has gone', async () => {
  const stuck = Object.assign(new EventEmitter(), {write: () => false})
  const closed = new AbortController()
  const writing = writeChunks(stuck, ['a'.repeat(300 * 1024), 'b'], closed.signal)
  closed.abort()
  await assert.rejects(writing, {name: 'AbortError'})
  await assert.rejects(writeChunks({write: () => true}, ['a'], closed.signal), {name: 'AbortError'})
})

/** A process whose stdout fails its first write with `code`, as a pipe does once its reader has gone. */
function processWithBrokenStdout(argv: string[], code: string): {proc: CommandProcess; stderr: () => string} {
  let stderr = ''
  const stdout = new Writable({
    // As a socket does: destroyed at once, the error event on the next tick.
    write() {
      stdout.destroy(Object.assign(new Error(`write ${code}`), {code}))
    }
  })
  const stderrStream = new Writable({
    write(chunk, _encoding, done) {
      stderr += String(chunk)
      done()
    }
  })
  const proc = {
    argv: ['node', 'chatmark', ...argv],
    stdout,
    stderr: stderrStream,
    stdin: Readable.from([]),
    cwd: () => repoRoot
  }
  return {proc, stderr: () => stderr}
}

test('the command ends quietly with status 0 when stdout reports EPIPE', async () => {
  for (const argv of [[legacy], ['--list', 'packages/format-chatgpt/fixtures/odd-conversations/input.json', legacy]]) {
    const {proc, stderr} = processWithBrokenStdout(argv, 'EPIPE')
    assert.deepEqual(await command(proc), {code: 0, outputClosed: true})
    assert.equal(stderr(), '', argv.join(' '))
  }
})

test('the command reports any other error on stdout, and unexpected errors, with status 1', async () => {
  const broken = processWithBrokenStdout(['--list-formats'], 'EIO')
  assert.deepEqual(await command(broken.proc), {code: 1, outputClosed: true})
  assert.equal(broken.stderr(), 'chatmark: cannot write to stdout: write EIO\n')

  const dir = await mkdtemp(join(tmpdir(), 'chatmark-throws-'))
  await writeFile(join(dir, 'throws.js'), "export default () => { throw new Error('no format today') }\n")
  let stderr = ''
  const proc = {
    argv: ['node', 'chatmark', '--use', join(dir, 'throws.js'), legacy],
    stdout: new Writable({write: (_chunk, _encoding, done) => done()}),
    stderr: new Writable({
      write(chunk, _encoding, done) {
        stderr += String(chunk)
        done()
      }
    }),
    stdin: Readable.from([]),
    cwd: () => repoRoot
  }
  assert.deepEqual(await command(proc), {code: 1, outputClosed: false})
  assert.match(stderr, /^chatmark: unexpected error: Error: no format today\n {4}at /)
})
