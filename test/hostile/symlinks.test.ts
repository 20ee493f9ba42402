import assert from 'node:assert/strict'
import {cp, mkdir, mkdtemp, readdir, readFile, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import {runInstalled} from '../util/installed.js'
import {runSync} from '../util/run-sync.js'

// Symbolic links in what chatmark reads (issue 25: "symlinks in sources"), through the installed command: a link
// to a session outside the folder given, a loop of links, a link to a device, a link that leads nowhere. `-o`
// follows none of them unless asked (`--follow-symlinks`), and then reads each file and folder once; `chatmark
// sync` follows none in the tools' folders, and refuses a link named as a source. Nothing hangs, nothing outside
// is read unasked, and what is refused is named.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))

/** A plain-text transcript: its title is the first prompt. */
const transcript = (prompt: string, answer: string): string => `User: ${prompt}\nAssistant: ${answer}\n`

/** A folder holding a session of its own and every kind of link; beside it, a folder of a session it must not read. */
async function linkedFolder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-links-'))
  await mkdir(join(dir, 'chats', 'deeper'), {recursive: true})
  await mkdir(join(dir, 'outside'))
  await writeFile(join(dir, 'chats', 'deeper', 'chat.txt'), transcript('Loop question', 'an answer'))
  await writeFile(join(dir, 'outside', 'secret.txt'), transcript('Outside question', 'SECRET'))
  await writeFile(join(dir, 'outside', 'picture.png'), 'not a transcript')
  // Out of the folder, to a file and to a folder; back to the top folder and to its parent, an endless tree of
  // paths; to a device that never ends; to nothing.
  await symlink(join(dir, 'outside', 'secret.txt'), join(dir, 'chats', 'secret.txt'))
  await symlink(join(dir, 'outside'), join(dir, 'chats', 'outside'))
  await symlink(join(dir, 'chats'), join(dir, 'chats', 'deeper', 'up'))
  await symlink(dir, join(dir, 'chats', 'deeper', 'root'))
  await symlink('/dev/zero', join(dir, 'chats', 'zero.jsonl'))
  await symlink(join(dir, 'gone.txt'), join(dir, 'chats', 'dangling.txt'))
  // To the folder's own session, and to something no format reads.
  await symlink(join(dir, 'chats', 'deeper', 'chat.txt'), join(dir, 'chats', 'again.txt'))
  await symlink(join(dir, 'outside', 'picture.png'), join(dir, 'chats', 'picture.txt.png'))
  return dir
}

/** The notes in a folder, sorted. */
const notesIn = async (dir: string): Promise<string[]> =>
  (await readdir(dir)).filter((name) => name.endsWith('.md')).sort()

test('-o reads no link in a folder it walks: only the folder’s own session, and nothing hangs', {
  timeout: 180_000
}, async () => {
  const dir = await linkedFolder()
  const run = await runInstalled(['-o', 'out', 'chats'], {cwd: dir})
  assert.deepEqual(run, {code: 0, stdout: 'out/loop-question.md\n', stderr: ''})
  assert.doesNotMatch(await readFile(join(dir, 'out', 'loop-question.md'), 'utf8'), /SECRET/)
})

test('-o refuses a link named as an input, whatever it leads to, and converts the rest', {
  timeout: 180_000
}, async () => {
  const dir = await linkedFolder()
  const named = ['chats/secret.txt', 'chats/zero.jsonl', 'chats/deeper/up', 'chats/dangling.txt']
  const run = await runInstalled(['-o', 'out', ...named, 'chats/deeper/chat.txt'], {cwd: dir})
  assert.equal(run.code, 1)
  assert.equal(run.stdout, 'out/loop-question.md\n')
  assert.equal(
    run.stderr,
    named.map((path) => `${path}: is a symbolic link; pass --follow-symlinks to read it\n`).join('')
  )
})

test('with --follow-symlinks, links are followed: each file and folder read once, a device not read', {
  timeout: 180_000
}, async () => {
  const dir = await linkedFolder()
  const run = await runInstalled(['--follow-symlinks', '-o', 'out', 'chats'], {cwd: dir})
  // A link that leads nowhere is named, and fails the run as a missing file does.
  assert.equal(run.code, 1, run.stderr)
  assert.match(run.stderr, /^chats\/dangling\.txt: no such file or folder$/m)
  // The person asked for links to be followed: the session outside is read, once, though two links lead to it.
  assert.deepEqual(await notesIn(join(dir, 'out')), ['loop-question.md', 'outside-question.md'])
  assert.equal(run.stdout, 'out/loop-question.md\nout/outside-question.md\n')
  assert.match(run.stderr, /chats\/deeper\/up: skipped: the folder is chats, already read/)
  assert.match(run.stderr, /chats\/deeper\/chat\.txt: skipped: the file is chats\/again\.txt, already read/)
  assert.match(run.stderr, /: skipped: the file is chats\/\S*secret\.txt, already read/)
  // Named, a link to a device is refused as what it leads to.
  const device = await runInstalled(['--follow-symlinks', 'chats/zero.jsonl'], {cwd: dir})
  assert.deepEqual(device, {code: 1, stdout: '', stderr: 'chats/zero.jsonl: is not a regular file\n'})
})

test('sync follows no link in a tool’s folder and refuses one named as a source; the vault holds only real sessions', {
  timeout: 180_000
}, async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-links-home-'))
  const project = join(home, '.claude/projects/-work-demo')
  await mkdir(project, {recursive: true})
  await mkdir(join(home, 'outside'))
  await cp(
    join(packages, 'format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'),
    join(project, 'session.jsonl')
  )
  await cp(
    join(packages, 'format-claude/fixtures/claude-code/flat-no-parents/input.jsonl'),
    join(home, 'outside', 'other.jsonl')
  )
  await symlink(join(home, 'outside', 'other.jsonl'), join(project, 'linked.jsonl'))
  await symlink(join(home, 'outside'), join(home, '.claude/projects/-work-outside'))
  await symlink(join(home, '.claude/projects'), join(project, 'loop'))
  await symlink('/dev/zero', join(project, 'zero.jsonl'))
  await symlink(join(home, 'gone.jsonl'), join(project, 'dangling.jsonl'))

  const run = await runSync(['vault'], {home})
  assert.equal(run.code, 0, run.stderr)
  assert.equal(run.stderr, '1 new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed\n')
  const notes = (await readdir(join(home, 'vault'), {recursive: true}))
    .map((path) => relative('', path))
    .filter((path) => path.endsWith('.md') && !path.startsWith('.chatmark'))
  assert.equal(notes.filter((path) => /\/\d{4}-\d{2}\//.test(path)).length, 1, notes.join(', '))

  const named = await runSync(['vault', '--no-defaults', join(project, 'linked.jsonl'), join(project, 'zero.jsonl')], {
    home
  })
  assert.equal(named.code, 1)
  // Sync follows no link, so its advice is to name the file, not to pass --follow-symlinks (an option it has not).
  assert.match(named.stderr, /linked\.jsonl: is a symbolic link; name the file it points to instead\n/)
  assert.match(named.stderr, /zero\.jsonl: is a symbolic link\b/)
  assert.match(named.stderr, /^0 new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed$/m)
})
