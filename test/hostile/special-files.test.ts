import assert from 'node:assert/strict'
import {execFileSync} from 'node:child_process'
import {cp, mkdir, mkdtemp, readdir, symlink} from 'node:fs/promises'
import {createServer, type Server} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, test} from 'vitest'
import {runInstalled} from '../util/installed.js'
import {runSync} from '../util/run-sync.js'

// Files that are not files (issue 25: "special files as inputs"), named to the installed command: a FIFO no one
// writes to (opened, it would wait forever), /dev/zero (it never ends), /dev/null, a socket, a folder named like a
// session file, and the kernel's files under /proc, whose size is 0 though they hold text. Each ends at once with
// a message naming it, and exit 1 for what cannot be read as a file; the other inputs of the run are converted.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))
const servers: Server[] = []

afterAll(() => {
  for (const server of servers) server.close()
})

/** A folder with a session, a FIFO, a socket (listening, as a running program's) and a folder named like a file. */
async function specialFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-special-'))
  await cp(join(packages, 'format-gemini/fixtures/legacy-json/input.json'), join(dir, 'session.json'))
  execFileSync('mkfifo', [join(dir, 'fifo.jsonl')])
  const server = createServer()
  servers.push(server)
  await new Promise<void>((resolve) => server.listen(join(dir, 'socket.jsonl'), resolve))
  await mkdir(join(dir, 'folder.jsonl'))
  return dir
}

const notRegular = ['fifo.jsonl', 'socket.jsonl', '/dev/zero', '/dev/null']

test('a FIFO, a socket, /dev/zero and /dev/null named as inputs are refused at once, named; the rest is converted', {
  timeout: 180_000
}, async () => {
  const dir = await specialFolder()
  const run = await runInstalled(['-o', 'out', ...notRegular, 'session.json'], {cwd: dir})
  assert.equal(run.code, 1)
  assert.equal(run.stdout, 'out/2026-02-10-fix-the-off-by-one-in-paginate.md\n')
  assert.equal(run.stderr, notRegular.map((path) => `${path}: is not a regular file\n`).join(''))
  // On stdout too, and each alone.
  for (const path of notRegular) {
    assert.deepEqual(await runInstalled([path], {cwd: dir}), {
      code: 1,
      stdout: '',
      stderr: `${path}: is not a regular file\n`
    })
  }
})

test('a FIFO, a socket and a link to a device in a folder are passed over; the folder’s sessions are converted', {
  timeout: 180_000
}, async () => {
  const dir = await specialFolder()
  await symlink('/dev/zero', join(dir, 'zero.jsonl'))
  for (const follow of [[], ['--follow-symlinks']]) {
    const out = await mkdtemp(join(tmpdir(), 'chatmark-special-out-'))
    const run = await runInstalled([...follow, '-o', out, '.'], {cwd: dir})
    assert.deepEqual(run, {code: 0, stdout: `${out}/2026-02-10-fix-the-off-by-one-in-paginate.md\n`, stderr: ''})
  }
})

test('a folder named like a session file is walked as the folder it is', {timeout: 180_000}, async () => {
  const dir = await specialFolder()
  const empty = await runInstalled(['-o', 'out', 'folder.jsonl'], {cwd: dir})
  assert.equal(empty.code, 0, empty.stderr)
  assert.equal(empty.stdout, '')
  await cp(join(packages, 'format-gemini/fixtures/legacy-json/input.json'), join(dir, 'folder.jsonl', 'inside.json'))
  const full = await runInstalled(['-o', 'out', 'folder.jsonl'], {cwd: dir})
  assert.deepEqual(full, {code: 0, stdout: 'out/2026-02-10-fix-the-off-by-one-in-paginate.md\n', stderr: ''})
})

test('the kernel’s files are read for what they hold, not taken for empty; a link under /proc is refused', {
  timeout: 180_000
}, async () => {
  const dir = await specialFolder()
  // Size 0, and text: read as any text file is (a transcript, or a file no format claims), naming the file.
  for (const path of ['/proc/self/status', '/proc/self/maps', '/proc/self/cmdline']) {
    const run = await runInstalled([path], {cwd: dir})
    assert.doesNotMatch(run.stderr, /empty/, path)
    if (run.code === 0) assert.match(run.stdout, /^---\n/, path)
    else assert.match(run.stderr, new RegExp(`^${path}: .*no registered format claimed it`), path)
  }
  const link = await runInstalled(['/proc/self/fd/0'], {cwd: dir})
  assert.deepEqual(link, {
    code: 1,
    stdout: '',
    stderr: '/proc/self/fd/0: is a symbolic link; pass --follow-symlinks to read it\n'
  })
  // Stdin that ends at once is an empty input, said so.
  const none = await runInstalled(['-'], {cwd: dir})
  assert.equal(none.code, 1)
  assert.match(none.stderr, /^<stdin>: The input is empty/)
})

test('sync refuses special files named as sources, says which, and syncs the rest', {timeout: 180_000}, async () => {
  const dir = await specialFolder()
  const run = await runSync(['vault', '--no-defaults', ...notRegular, 'session.json'], {home: dir})
  assert.equal(run.code, 1)
  for (const path of notRegular) assert.match(run.stderr, new RegExp(`^${path}: is not a regular file$`, 'm'))
  assert.match(run.stderr, /^1 new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed$/m)
  const notes = (await readdir(join(dir, 'vault'), {recursive: true})).filter((path) =>
    /\/\d{4}-\d{2}\/.*\.md$/.test(path)
  )
  assert.equal(notes.length, 1, notes.join(', '))
})
