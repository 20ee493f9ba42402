import assert from 'node:assert/strict'
import {execFileSync, spawn} from 'node:child_process'
import {
  chmod,
  chown,
  cp,
  lstat,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  readlink,
  stat,
  symlink,
  utimes
} from 'node:fs/promises'
import {writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import {installedPackage, userEnvironment} from '../util/installed.js'

// The user's files and the output folder (issue 11, items 1 and 6 to 10), through the installed command in a
// child process, in a folder of its own: nothing is written outside -o or through a link, nothing a person
// wrote or another run wrote is replaced, and what cannot be read or written costs only itself.

const chatgptExport = fileURLToPath(
  new URL('../../packages/format-chatgpt/fixtures/odd-conversations/input.json', import.meta.url)
)

/** A copy of the installed command (launcher and bundle) in `dir`, readable by everyone. */
async function commandCopy(dir: string): Promise<string> {
  const copy = join(dir, '.command')
  const {packageRoot} = installedPackage()
  await cp(join(packageRoot, 'bin'), join(copy, 'bin'), {recursive: true})
  await cp(join(packageRoot, 'dist', 'bundle'), join(copy, 'dist', 'bundle'), {recursive: true})
  await chmod(copy, 0o755)
  return join(copy, 'bin', 'chatmark.js')
}

/** A time limit for runs that once hung (a FIFO at a note's path). */
const runLimitMs = 20_000

interface Run {
  status: number | null
  stdout: string
  stderr: string
}

/** Runs the installed command in `cwd`, as another user when asked (root reads anything, whatever its mode). */
async function chatmark(args: string[], cwd: string, user?: {uid: number; gid: number}): Promise<Run> {
  // Another user may not reach the repository (CI clones it into a folder only root may enter): that run
  // gets its own copy of the command, which is one bundle and needs nothing else.
  const command = user ? await commandCopy(cwd) : installedPackage().bin
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [command, ...args], {
      cwd,
      env: userEnvironment(),
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: runLimitMs,
      ...(user ?? {})
    })
    let stdout = ''
    let stderr = ''
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk))
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
    child.on('error', reject)
    child.on('close', (status) => resolve({status, stdout, stderr}))
  })
}

/** A plain-text transcript: its id is the file's base name, its title the first prompt. */
const transcript = (prompt: string, ...answers: string[]): string =>
  answers.map((answer, index) => `User: ${index === 0 ? prompt : `more ${index}`}\nAssistant: ${answer}\n`).join('')

const place = (): Promise<string> => mkdtemp(join(tmpdir(), 'chatmark-hostile-notes-'))

/** The files of an output folder that are not chatmark's own hidden ones. */
async function notes(dir: string): Promise<string[]> {
  return (await readdir(dir)).filter((name) => !name.startsWith('.')).sort()
}

test('a link planted at a note name is never written through, and temporary files are never left', async () => {
  const dir = await place()
  await mkdir(join(dir, 'out'))
  await writeFile(join(dir, 'secret.txt'), 'SECRET')
  await writeFile(join(dir, 'chat.txt'), transcript('Same question', 'an answer'))
  // The names the old writer used (NOTE.md and NOTE.md.tmp-<pid>) as links to a file outside the folder.
  await symlink(join(dir, 'secret.txt'), join(dir, 'out', 'same-question.md'))
  for (let pid = 1; pid < 200; pid++) {
    await symlink(join(dir, 'secret.txt'), join(dir, 'out', `same-question-2.md.tmp-${pid}`))
  }
  const run = await chatmark(['-o', 'out', 'chat.txt'], dir)
  assert.equal(run.status, 0, run.stderr)
  assert.equal(run.stdout, 'out/same-question-2.md\n')
  assert.equal(await readFile(join(dir, 'secret.txt'), 'utf8'), 'SECRET')
  assert.equal(await readlink(join(dir, 'out', 'same-question.md')), join(dir, 'secret.txt'))
  assert.ok((await lstat(join(dir, 'out', 'same-question-2.md'))).isFile())
  assert.match(await readFile(join(dir, 'out', 'same-question-2.md'), 'utf8'), /an answer/)
  const left = (await readdir(join(dir, 'out'))).filter((name) => /^\.chatmark-.*\.tmp$/.test(name))
  assert.deepEqual(left, [])
})

test('stale temporary files of killed runs are removed, and nothing else', async () => {
  const dir = await place()
  const out = join(dir, 'out')
  await mkdir(out)
  await writeFile(join(dir, 'chat.txt'), transcript('Hello', 'hi'))
  const hour = new Date(Date.now() - 60 * 60 * 1000)
  const stale = `.chatmark-${'a'.repeat(32)}.tmp`
  const fresh = `.chatmark-${'b'.repeat(32)}.tmp`
  const others = ['.chatmark-mine.tmp', 'note.md.tmp-123', `x.chatmark-${'c'.repeat(32)}.tmp`]
  for (const name of [stale, fresh, ...others]) await writeFile(join(out, name), 'half a note')
  for (const name of [stale, ...others]) await utimes(join(out, name), hour, hour)
  assert.equal((await chatmark(['-o', 'out', 'chat.txt'], dir)).status, 0)
  const names = await readdir(out)
  assert.ok(!names.includes(stale), 'an old temporary file of chatmark is removed')
  for (const name of [fresh, ...others]) assert.ok(names.includes(name), `${name} is kept`)
})

test('a re-run keeps a note someone edited and writes beside it; it replaces its own, keeping the mode', async () => {
  const dir = await place()
  const note = join(dir, 'out', 'same-question.md')
  // The id of a text transcript hashes its first 4 KiB: a long first answer keeps it as the session grows.
  const one = `one ${'and more '.repeat(500)}`
  await writeFile(join(dir, 'chat.txt'), transcript('Same question', one))
  assert.equal((await chatmark(['-o', 'out', 'chat.txt'], dir)).status, 0)
  await chmod(note, 0o600)

  // The session grew: chatmark's own note is replaced, and keeps the mode the user gave it.
  await writeFile(join(dir, 'chat.txt'), transcript('Same question', one, 'two'))
  const grown = await chatmark(['-o', 'out', 'chat.txt'], dir)
  assert.deepEqual(grown, {status: 0, stdout: 'out/same-question.md\n', stderr: ''})
  assert.match(await readFile(note, 'utf8'), /two/)
  assert.equal((await stat(note)).mode & 0o777, 0o600)

  // The user wrote in it: kept as it is, the new note beside it, and a message naming both.
  await writeFile(note, `${await readFile(note, 'utf8')}\nMY NOTES\n`)
  await writeFile(join(dir, 'chat.txt'), transcript('Same question', one, 'two', 'three'))
  const edited = await chatmark(['-o', 'out', 'chat.txt'], dir)
  assert.equal(edited.status, 0)
  assert.equal(edited.stdout, 'out/same-question-2.md\n')
  assert.equal(
    edited.stderr,
    'out/same-question.md: changed since chatmark wrote it, so kept; the new note is out/same-question-2.md\n'
  )
  assert.match(await readFile(note, 'utf8'), /MY NOTES/)
  assert.doesNotMatch(await readFile(note, 'utf8'), /three/)
  assert.match(await readFile(join(dir, 'out', 'same-question-2.md'), 'utf8'), /three/)

  // Later runs update the note beside it, and never make a third.
  await writeFile(join(dir, 'chat.txt'), transcript('Same question', one, 'two', 'three', 'four'))
  assert.equal((await chatmark(['-o', 'out', 'chat.txt'], dir)).stdout, 'out/same-question-2.md\n')
  assert.equal((await chatmark(['-o', 'out', 'chat.txt'], dir)).stdout, 'out/same-question-2.md\n')
  assert.deepEqual(await notes(join(dir, 'out')), ['same-question-2.md', 'same-question.md'])
  assert.match(await readFile(join(dir, 'out', 'same-question-2.md'), 'utf8'), /four/)
})

test('a note whose frontmatter is over the first read (a 100,000-character title) is its own on re-runs', async () => {
  const dir = await place()
  const [first] = JSON.parse(await readFile(chatgptExport, 'utf8')) as [{title: string}]
  // The title after the mapping, so the head that detection samples shows a conversation.
  const {title: _, ...rest} = first
  await writeFile(join(dir, 'export.json'), JSON.stringify([{...rest, title: `Long ${'title '.repeat(20_000)}`}]))
  for (let run = 0; run < 3; run++) {
    const {status, stderr} = await chatmark(['-o', 'out', 'export.json'], dir)
    assert.equal(status, 0, stderr)
  }
  const names = await notes(join(dir, 'out'))
  assert.equal(names.length, 1, names.join(', '))
  assert.ok((await stat(join(dir, 'out', names[0] ?? ''))).size > 100_000)
})

test('two runs writing notes of one title into one folder at once lose and overwrite nothing', async () => {
  const dir = await place()
  const perRun = 20
  for (const run of ['a', 'b']) {
    await mkdir(join(dir, run))
    for (let index = 0; index < perRun; index++) {
      await writeFile(join(dir, run, `${run}${index}.txt`), transcript('Same title', `answer of ${run}${index}`))
    }
  }
  for (let round = 0; round < 3; round++) {
    const out = `out${round}`
    const runs = await Promise.all([chatmark(['-o', out, 'a'], dir), chatmark(['-o', out, 'b'], dir)])
    for (const run of runs) assert.equal(run.status, 0, run.stderr)
    const names = await notes(join(dir, out))
    assert.equal(names.length, 2 * perRun, `round ${round}: ${names.length} notes`)
    const answers = await Promise.all(
      names.map(async (name) => /answer of (\w+)/.exec(await readFile(join(dir, out, name), 'utf8'))?.[1])
    )
    assert.equal(new Set(answers).size, 2 * perRun, `round ${round}: every conversation has its own note`)
    const printed = runs.flatMap((run) => run.stdout.trim().split('\n')).sort()
    assert.deepEqual(printed, names.map((name) => `${out}/${name}`).sort())
  }
})

test('whatever is at a note path and is not a regular file is taken; no other conversation is lost', async () => {
  const dir = await place()
  const out = join(dir, 'out')
  await mkdir(join(out, 'same-question.md'), {recursive: true})
  execFileSync('mkfifo', [join(out, 'same-question-2.md')])
  await symlink(tmpdir(), join(out, 'same-question-3.md'))
  await writeFile(join(dir, 'chat.txt'), transcript('Same question', 'here'))
  const run = await chatmark(['-o', 'out', 'chat.txt'], dir)
  assert.deepEqual(run, {status: 0, stdout: 'out/same-question-4.md\n', stderr: ''})
  assert.ok((await lstat(join(out, 'same-question-2.md'))).isFIFO())

  // A folder at the name of one conversation of an export: the others are written all the same.
  const listed = execFileSync(process.execPath, [installedPackage().bin, '--list', chatgptExport], {
    encoding: 'utf8',
    env: userEnvironment()
  })
  const count = listed.trim().split('\n').length
  const first = execFileSync(process.execPath, [installedPackage().bin, '-o', 'export', chatgptExport], {
    cwd: dir,
    encoding: 'utf8',
    env: userEnvironment()
  })
  const names = first.trim().split('\n')
  assert.equal(names.length, count)
  const again = join(dir, 'again')
  await mkdir(join(again, names[0]?.replace(/^export\//, '') ?? ''), {recursive: true})
  const second = await chatmark(['-o', 'again', chatgptExport], dir)
  assert.equal(second.status, 0, second.stderr)
  assert.equal(second.stdout.trim().split('\n').length, count)
}, 40_000)

test('names are capped in UTF-8 bytes, number included, and Windows device names get a suffix', async () => {
  const dir = await place()
  const title = '日本語のノート'.repeat(30)
  for (const name of ['a', 'b', 'c']) await writeFile(join(dir, `${name}.txt`), transcript(title, name))
  await writeFile(join(dir, 'con.txt'), transcript('CON', 'x'))
  await writeFile(join(dir, 'lpt.txt'), transcript('Lpt1', 'x'))
  const run = await chatmark(['-o', 'out', 'a.txt', 'b.txt', 'c.txt', 'con.txt', 'lpt.txt'], dir)
  assert.equal(run.status, 0, run.stderr)
  const names = await notes(join(dir, 'out'))
  assert.equal(names.length, 5)
  for (const name of names) {
    assert.ok(Buffer.byteLength(name) <= 255, `${name}: ${Buffer.byteLength(name)} bytes`)
    assert.ok(!name.includes('\uFFFD'), 'no character cut in half')
  }
  assert.ok(names.includes('con-note.md'))
  assert.ok(names.includes('lpt1-note.md'))
  assert.equal(names.filter((name) => /^日本語のノート.*-3\.md$/.test(name)).length, 1)
})

test('an unreadable subfolder is reported and the rest converted; a bad -o is a usage error', async () => {
  const dir = await place()
  await mkdir(join(dir, 'in', 'locked'), {recursive: true})
  await writeFile(join(dir, 'in', 'chat.txt'), transcript('Readable', 'yes'))
  await writeFile(join(dir, 'in', 'locked', 'chat.txt'), transcript('Hidden', 'no'))
  await writeFile(join(dir, 'file.txt'), 'not a folder')
  // Root reads a folder of mode 000 all the same: the run is another user's then.
  const user = process.getuid?.() === 0 ? {uid: 65534, gid: 65534} : undefined
  if (user)
    for (const path of [dir, join(dir, 'in'), join(dir, 'in', 'chat.txt')]) await chown(path, user.uid, user.gid)
  await chmod(join(dir, 'in', 'locked'), 0o000)
  const run = await chatmark(['-o', 'out', 'in'], dir, user)
  await chmod(join(dir, 'in', 'locked'), 0o755)
  assert.equal(run.status, 1, run.stderr)
  assert.equal(run.stdout, 'out/readable.md\n')
  assert.equal(run.stderr, 'in/locked: permission denied\n')

  for (const [out, message] of [
    ['file.txt', 'chatmark: -o file.txt: is a file, not a folder\n'],
    ['', 'chatmark: -o (--out) takes a folder, not an empty name\n'],
    ['file.txt/notes', 'chatmark: -o file.txt/notes: cannot write notes there: a part of the path is a file\n']
  ] as const) {
    const bad = await chatmark(['-o', out, 'in/chat.txt'], dir)
    assert.equal(bad.status, 2, out)
    assert.equal(bad.stderr, `${message}Try \`chatmark --help\`.\n`)
    assert.equal(bad.stdout, '')
  }
})
