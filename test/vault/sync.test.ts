import assert from 'node:assert/strict'
import {
  appendFile,
  cp,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  symlink,
  utimes,
  writeFile
} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {beforeEach, test} from 'vitest'
import {parse as parseYaml} from 'yaml'
import type {SyncOutput} from '../util/run-sync.js'
import {runSyncHere as runSync} from '../util/run-sync.js'

// `chatmark sync` on a fake home holding the three tools' own folders (issue 12): a first sync, then a person's
// edits of every kind, a renamed conversation, a grown session and a deleted source, and a second sync. Two syncs at
// once: ../hostile/sync-lock.test.ts.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))
const claudeId = '332611b8-4087-47be-a219-9e760a6ae6e0'

let home: string
let vault: string

function chatmark(...argv: string[]): Promise<SyncOutput> {
  return runSync(argv, {home})
}

/** The vault's files (not chatmark's own folder), relative, sorted. */
async function files(dir = vault): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, {recursive: true, withFileTypes: true})) {
    const path = relative(vault, join(entry.parentPath, entry.name))
    if (entry.isFile() && !path.startsWith('.chatmark')) found.push(path)
  }
  return found.sort()
}

const claudeSession = (): string => join(home, '.claude/projects/-work-demo/session.jsonl')
const geminiSession = (): string => join(home, '.gemini/tmp/abc/chats/session-1.jsonl')
const codexSession = (): string => join(home, '.codex/sessions/2026/11/30/rollout-fork.jsonl')

beforeEach(async () => {
  home = await mkdtemp(join(tmpdir(), 'chatmark-home-'))
  vault = join(home, 'vault')
  await mkdir(join(home, '.claude/projects/-work-demo'), {recursive: true})
  await mkdir(join(home, '.gemini/tmp/abc/chats'), {recursive: true})
  await mkdir(join(home, '.codex/sessions/2026/11/30'), {recursive: true})
  await cp(join(packages, 'format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'), claudeSession())
  await cp(join(packages, 'format-gemini/fixtures/jsonl-shell-tool/input.jsonl'), geminiSession())
  await cp(join(packages, 'format-codex/fixtures/fork/input.jsonl'), codexSession())
  // A hidden folder the walk of a named folder would skip, and a file no tool wrote: neither is read.
  await writeFile(join(home, '.claude/projects/notes.txt'), 'not a session')
})

const claudeNote = 'claude-code/2026-11/2026-11-30 Hi. Briefly, what can you help me with in this project.md'
const geminiNote =
  'gemini-cli/2026-11/2026-11-30 Please run the command `echo hello from the shell && wc -l notes.txt` and repor….md'
const codexNote = 'codex/2026-11/2026-11-30 Forked what was the first thing I asked you (fork).md'

test('the first sync finds the tools’ folders in the home folder and writes a note per conversation', async () => {
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)
  assert.equal(run.stderr, '3 new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed\n')
  assert.deepEqual(run.stdout.split('\n').filter(Boolean).sort(), [
    `new: vault/${claudeNote}`,
    `new: vault/${codexNote}`,
    `new: vault/${geminiNote}`
  ])
  const written = await files()
  for (const note of [claudeNote, geminiNote, codexNote, 'claude-code/claude-code.md', 'gemini-cli/gemini-cli.md']) {
    assert.ok(written.includes(note), `${note} in ${written.join(', ')}`)
  }
  const index = await readFile(join(vault, 'claude-code/claude-code.md'), 'utf8')
  assert.match(
    index,
    /^- \[\[claude-code\/2026-11\/2026-11-30 Hi\. Briefly.*\|Hi\. Briefly, .*\?\]\] · 2026-11-30 · \d+ turns$/m
  )
})

test('with workers reading the sources (--jobs 2) the vault is the same; a failing source still fails', async () => {
  const one = await chatmark('vault', '-j', '1')
  const oneFiles = await files()
  const texts = await Promise.all(oneFiles.map((path) => readFile(join(vault, path), 'utf8')))
  await rm(vault, {recursive: true})
  const two = await chatmark('vault', '-j', '2')
  assert.deepEqual(two, one)
  assert.deepEqual(await files(), oneFiles)
  for (const [index, path] of oneFiles.entries()) {
    assert.equal(await readFile(join(vault, path), 'utf8'), texts[index])
  }
  // A source that breaks, read by a worker: no longer recognised, so skipped with the reason; its note is kept.
  await writeFile(geminiSession(), '\u0000\u0001 not a session any more')
  await appendFile(codexSession(), '\n')
  const broken = await chatmark('vault', '-j', '2')
  assert.equal(broken.code, 0, broken.stderr)
  assert.match(broken.stderr, /session-1\.jsonl: skipped: .+\n/)
  assert.match(broken.stderr, /0 kept because edited, 0 failed, 1 skipped\n$/)
  assert.ok((await files()).includes(geminiNote))
})

test('a second sync with nothing changed reads no source and rewrites no note', async () => {
  await chatmark('vault')
  // Every note dated long ago: one written again, in place or replaced, would be dated now, with no wait for the
  // clock to move on (and a replaced one would be another file).
  const longAgo = new Date('2001-01-01T00:00:00Z')
  const before = new Map<string, {ino: number; mtimeMs: number}>()
  for (const note of await files()) {
    await utimes(join(vault, note), longAgo, longAgo)
    const {ino, mtimeMs} = await stat(join(vault, note))
    before.set(note, {ino, mtimeMs})
  }
  assert.ok(before.size >= 3, [...before.keys()].join(', '))
  const run = await chatmark('vault')
  assert.equal(run.code, 0)
  assert.equal(run.stdout, '')
  assert.equal(run.stderr, '0 new, 0 updated, 3 unchanged, 0 renamed, 0 kept because edited, 0 failed\n')
  for (const [note, was] of before) {
    const {ino, mtimeMs} = await stat(join(vault, note))
    assert.deepEqual({ino, mtimeMs}, was, note)
  }
})

test('edits of every kind survive a sync that updates and renames notes; nothing of a person’s is lost', async () => {
  await chatmark('vault')
  // Properties: a tag and a property of the person's own; the body: a section of notes at the end.
  const claude = join(vault, claudeNote)
  const original = await readFile(claude, 'utf8')
  // A tag added to the note's own list, or a list of the person's own when the note has none.
  const tagged = /^tags:\n/m.test(original)
    ? original.replace(/^tags:\n/m, 'tags:\n  - work\n')
    : original.replace(/^---\n/, '---\ntags:\n  - work\n')
  const withProperties = tagged.replace(/^---\n/, '---\nrating: 5\n')
  await writeFile(claude, `${withProperties}\n## My notes\n\nAsk about the cache.\n`)
  // A section deleted: the gemini note's thinking fold.
  const gemini = join(vault, geminiNote)
  const geminiText = await readFile(gemini, 'utf8')
  const fold = /\n> \[!quote\]- Thinking\n(?:>[^\n]*\n)*/.exec(geminiText)?.[0]
  assert.ok(fold, 'the gemini note has a thinking fold')
  await writeFile(gemini, `${geminiText.replace(fold, '\n')}`)
  // A note renamed by the person.
  await rename(join(vault, codexNote), join(vault, 'codex/My fork.md'))

  // The conversation is renamed in the tool, a session grows, a source disappears.
  await appendFile(
    claudeSession(),
    `${JSON.stringify({type: 'custom-title', customTitle: 'Cache questions', sessionId: claudeId})}\n`
  )
  await appendFile(
    geminiSession(),
    `${JSON.stringify({
      id: 'grown-1',
      timestamp: '2026-11-30T07:00:00.000Z',
      type: 'user',
      content: [{text: 'One more question, please.'}]
    })}\n`
  )
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)

  // Renamed: the note follows the new title, with the person's tag, property and section.
  const renamed = 'claude-code/2026-11/2026-11-30 Cache questions.md'
  const claudeNow = await readFile(join(vault, renamed), 'utf8')
  assert.match(claudeNow, /^title: Cache questions$/m)
  assert.match(claudeNow, /^ {2}- work$/m)
  assert.match(claudeNow, /^rating: 5$/m)
  assert.match(claudeNow, /\n## My notes\n\nAsk about the cache\.\n$/)
  assert.ok(!(await files()).includes(claudeNote), 'the old name is gone: no duplicate')
  // Grown: the new turn is in, the deleted fold stays deleted.
  const geminiNow = await readFile(gemini, 'utf8')
  assert.match(geminiNow, /One more question, please\./)
  assert.ok(!geminiNow.includes(fold.trim()), 'the section the person deleted stays deleted')
  // Moved by the person: it stays where they put it, and no second note appears.
  assert.ok((await files()).includes('codex/My fork.md'))
  assert.ok(!(await files()).includes(codexNote))
  assert.match(run.stderr, /^0 new, 1 updated, 1 unchanged, 1 renamed, 0 kept because edited, 0 failed\n$/m)

  // The source is deleted: its note stays, and the summary says so.
  await rm(claudeSession())
  const gone = await chatmark('vault')
  assert.match(gone.stderr, /session\.jsonl: gone since the last sync; its notes are kept\n/)
  assert.ok((await files()).includes(renamed))
})

test('an edit that cannot be merged is kept as it is, and the new version goes beside it, named', async () => {
  await chatmark('vault')
  const claude = join(vault, claudeNote)
  // The person rewrote the title heading, and the conversation is renamed in the tool: both changed one line.
  const edited = (await readFile(claude, 'utf8')).replace(/^# .*$/m, '# My own heading')
  await writeFile(claude, edited)
  await appendFile(
    claudeSession(),
    `${JSON.stringify({type: 'custom-title', customTitle: 'Cache questions', sessionId: claudeId})}\n`
  )
  const run = await chatmark('vault')
  const beside = claudeNote.replace(/\.md$/, ' (chatmark).md')
  assert.equal(await readFile(claude, 'utf8'), edited)
  assert.match(await readFile(join(vault, beside), 'utf8'), /^# Cache questions$/m)
  assert.match(
    run.stdout,
    new RegExp(
      'kept: vault/claude-code/.*\\(your edits could not be merged \\(you and the conversation changed the same ' +
        'lines\\): the new version is .* \\(chatmark\\)\\.md\\)'
    )
  )
  assert.match(run.stderr, /1 kept because edited/)
  // Once the person takes the new heading, the next sync merges, and the version beside goes.
  await writeFile(claude, edited.replace('# My own heading', '# Cache questions'))
  const merged = await chatmark('vault')
  assert.match(merged.stderr, /0 kept because edited/)
  assert.ok(!(await files()).includes(beside))
})

test('a file of a session’s id with nothing to show, read in a later sync, does not empty its note', async () => {
  await chatmark('vault')
  const before = await readFile(join(vault, geminiNote), 'utf8')
  // The stub: the session's header alone, in another file (a migration's leftover).
  const header = (await readFile(geminiSession(), 'utf8')).split('\n', 1)[0]
  await writeFile(join(home, '.gemini/tmp/abc/chats/session-2.jsonl'), `${header}\n`)
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)
  assert.equal(await readFile(join(vault, geminiNote), 'utf8'), before)
  assert.match(run.stderr, /0 new, 0 updated/)
})

test('--dry-run says what it would do and writes nothing', async () => {
  const run = await chatmark('vault', '--dry-run')
  assert.equal(run.code, 0)
  assert.match(run.stderr, /^dry run \(nothing written\): 3 new, /)
  assert.deepEqual(await files(), [])
})

test('a source named that cannot be read is reported, its note untouched, and the rest synced', async () => {
  await chatmark('vault')
  const before = await readFile(join(vault, geminiNote), 'utf8')
  await writeFile(geminiSession(), '\u0000\u0001 not a session any more')
  await appendFile(
    claudeSession(),
    `${JSON.stringify({type: 'custom-title', customTitle: 'Renamed', sessionId: claudeId})}\n`
  )
  // Named, it is read whatever detection thinks of it, and fails (found in a folder, it would be skipped).
  const run = await chatmark('vault', geminiSession())
  assert.equal(run.code, 1)
  assert.match(run.stdout, /^failed|renamed: vault\/claude-code\/2026-11\/2026-11-30 Renamed\.md$/m)
  assert.match(run.stderr, /session-1\.jsonl: .+\n/)
  assert.match(run.stderr, /1 renamed, 0 kept because edited, 1 failed\n$/)
  assert.equal(await readFile(join(vault, geminiNote), 'utf8'), before)
})

test('a corrupt state file is set aside, never trusted, and the vault is taken up from the notes’ ids', async () => {
  await chatmark('vault')
  await writeFile(join(vault, '.chatmark/state.json'), '{"format": "chatmark-vault-state", "version": 1, "notes": 3')
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)
  assert.match(
    run.stderr,
    /the state file could not be trusted \(not valid JSON .*\): set aside as .*state\.json\.unreadable-/
  )
  // No duplicate note: each conversation's note was found by its id.
  assert.equal((await files()).filter((path) => !path.endsWith('index.md')).length, (await files()).length)
  assert.equal((await files()).filter((path) => path.startsWith('claude-code/2026-11/')).length, 1)
  const aside = (await readdir(join(vault, '.chatmark'))).filter((name) => name.startsWith('state.json.unreadable-'))
  assert.equal(aside.length, 1)
})

test('filters pick conversations; a source read with a filter is read whole next time', async () => {
  const run = await chatmark('vault', '--project', 'no-such-project', '--no-defaults', claudeSession())
  assert.match(run.stderr, /^0 new, /)
  const whole = await chatmark('vault', '--no-defaults', claudeSession())
  assert.match(whole.stderr, /^1 new, /)
  const bad = await chatmark('vault', '--since', 'yesterday')
  assert.equal(bad.code, 2)
  assert.match(bad.stderr, /--since takes a day as YYYY-MM-DD, not `yesterday`/)
})

/** The parent of the Codex fixture's fork: the same rollout under the id the fork names, with no fork of its own. */
function parentRollout(fork: string, parentId: string): string {
  return fork
    .replace(/"id":"01a22b3b-caa9-7cb3-9442-ad8058d07dd1","forked_from_id":"[^"]+",/, `"id":"${parentId}",`)
    .replaceAll('01a22b3b-caa9-7cb3-9442-ad8058d07dd1', parentId)
}

test('a forked session links to its parent’s note, whichever of the two is read first', async () => {
  const fork = await readFile(codexSession(), 'utf8')
  const parentId = '01a22b3b-b35c-7c33-b8cd-80ea61c74018'
  // The parent: the same rollout under the id the fork names, with no fork of its own; read after the fork.
  const parent = parentRollout(fork, parentId)
  await writeFile(join(home, '.codex/sessions/2026/11/30/rollout-z-parent.jsonl'), parent)
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)
  const forkNote = await readFile(join(vault, codexNote), 'utf8')
  const parentPath = (await files()).find((path) => path.startsWith('codex/2026-11/') && path !== codexNote)
  assert.ok(parentPath, 'the parent has a note')
  assert.match(
    forkNote,
    new RegExp(`^parent: "\\[\\[${parentPath.replace(/\.md$/, '').replace(/[.*?()[\]]/g, '\\$&')}\\|`, 'm')
  )
  // The link takes the place of the id the note would name its parent by: one property, and the relation.
  assert.equal(forkNote.match(/^parent:/gm)?.length, 1)
  assert.match(forkNote, /^parent_relation: fork$/m)
  // The link is chatmark's own text: the next sync sees no edit.
  const again = await chatmark('vault')
  assert.match(again.stderr, / 0 kept because edited/)
})

test('the link to a parent whose id holds a line break leaves the fork’s properties readable', async () => {
  const fork = await readFile(codexSession(), 'utf8')
  // A parent's id YAML writes as a block of two lines (`parent: |-`): a link spliced over the first line of it left
  // the second dangling, and the note's properties no longer parsed.
  const parentId = 'parent\\nsession'
  const parent = parentRollout(fork, parentId)
  await writeFile(codexSession(), fork.replace(/"forked_from_id":"[^"]+"/, `"forked_from_id":"${parentId}"`))
  // The parent read before the fork (its note known when the fork's is placed), then after it (linked at the end).
  for (const order of ['a', 'z']) {
    const parentFile = join(home, `.codex/sessions/2026/11/30/rollout-${order}-parent.jsonl`)
    await writeFile(parentFile, parent)
    vault = join(home, `vault-${order}`)
    const run = await chatmark(vault)
    assert.equal(run.code, 0, run.stderr)
    const parentPath = (await files()).find((path) => path.startsWith('codex/2026-11/') && path !== codexNote)
    assert.ok(parentPath, 'the parent has a note')
    const forkNote = await readFile(join(vault, codexNote), 'utf8')
    const properties = parseYaml(forkNote.slice(4, forkNote.indexOf('\n---\n', 4))) as Record<string, unknown>
    const title = 'Forked: what was the first thing I asked you?'
    assert.equal(properties['parent'], `[[${parentPath.replace(/\.md$/, '')}|${title}]]`, order)
    assert.equal(properties['parent_relation'], 'fork')
    const again = await chatmark(vault)
    assert.equal(again.stderr, '0 new, 0 updated, 4 unchanged, 0 renamed, 0 kept because edited, 0 failed\n')
    await rm(parentFile)
  }
})

/** The lines of a note that set `parent_note`. */
function parentNoteLines(note: string): string[] {
  return note.split('\n').filter((line) => line.startsWith('parent_note:'))
}

test('a fork linked after its parent was read keeps the person’s edits when its session grows (gfm)', async () => {
  const fork = await readFile(codexSession(), 'utf8')
  const parentId = '01a22b3b-b35c-7c33-b8cd-80ea61c74018'
  const parent = parentRollout(fork, parentId)
  await writeFile(join(home, '.codex/sessions/2026/11/30/rollout-z-parent.jsonl'), parent)
  const first = await chatmark('vault', '--profile', 'gfm')
  assert.equal(first.code, 0, first.stderr)
  const parentPath = (await files()).find((path) => path.startsWith('codex/2026-11/') && path !== codexNote)
  assert.ok(parentPath, 'the parent has a note')
  const line = `parent_note: "../../${parentPath}"`
  const written = await readFile(join(vault, codexNote), 'utf8')
  assert.deepEqual(parentNoteLines(written), [line])
  // The person writes under the title and adds a property; then the session grows by a reply.
  const edited = written
    .replace('\nturns: 3\n', '\nturns: 3\nreviewed: true\n')
    .replace(/\n# [^\n]+\n/, (title) => `${title}\nMy own note on this fork.\n`)
  await writeFile(join(vault, codexNote), edited)
  const reply = fork.split('\n').find((record) => record.includes('"ordinal":82'))
  assert.ok(reply)
  const grownReply = reply.replace('"ordinal":82', '"ordinal":86').replace('Mock reply #10', 'Grown')
  await appendFile(codexSession(), `${grownReply}\n`)
  const grown = await chatmark('vault', '--profile', 'gfm')
  assert.equal(grown.code, 0, grown.stderr)
  assert.match(grown.stderr, /^0 new, 1 updated, 3 unchanged, 0 renamed, 0 kept because edited, 0 failed\n$/)
  const merged = await readFile(join(vault, codexNote), 'utf8')
  assert.match(merged, /\nMy own note on this fork\.\n/)
  assert.match(merged, /\nreviewed: true\n/)
  assert.match(merged, /Grown: I received your message/)
  assert.deepEqual(parentNoteLines(merged), [line])
  const again = await chatmark('vault', '--profile', 'gfm')
  assert.equal(again.stderr, '0 new, 0 updated, 4 unchanged, 0 renamed, 0 kept because edited, 0 failed\n')
})

test('a session that moved to another file keeps its note; sources come from the vault’s config file too', async () => {
  await chatmark('vault')
  // Codex moves a session it archives out of sessions/.
  await mkdir(join(home, '.codex/archived_sessions'), {recursive: true})
  await rename(codexSession(), join(home, '.codex/archived_sessions/rollout-fork.jsonl'))
  const moved = await chatmark('vault')
  assert.equal(moved.code, 0, moved.stderr)
  assert.equal((await files()).filter((path) => path.startsWith('codex/2026-11/')).length, 1)
  assert.match(moved.stderr, /rollout-fork\.jsonl: gone since the last sync; its notes are kept\n/)

  // A source named in .chatmark/config.yaml (with ~ for the home folder), and a vault template of its own. Outside
  // the vault and the tools' folders, the config's sources are read only with the user's flag.
  await cp(join(packages, 'format-chatgpt/fixtures/odd-conversations/input.json'), join(home, 'export.json'))
  await writeFile(join(vault, '.chatmark/config.yaml'), 'sources:\n  - ~/export.json\ntemplate: "{tool}/{title}"\n')
  const configured = await chatmark('vault', '--no-defaults', '--allow-config-sources')
  assert.equal(configured.code, 0, configured.stderr)
  assert.ok(
    (await files()).some((path) => /^chatgpt\/[^/]+\.md$/.test(path)),
    (await files()).join(', ')
  )
  await writeFile(join(vault, '.chatmark/config.yaml'), 'sources: ~/export.json\n')
  const bad = await chatmark('vault')
  assert.equal(bad.code, 2)
  assert.match(bad.stderr, /config\.yaml: sources must be a list of paths/)
})

test('a vault’s config reads sources in the vault or the tools’ folders, nothing else without the flag', async () => {
  await chatmark('vault', '--no-defaults')
  const secret = 'machine example.com login ann password hunter2-netrc'
  await writeFile(join(home, '.netrc'), `User: ${secret}\n\nAssistant: noted\n`)
  await mkdir(join(home, 'Documents'), {recursive: true})
  await writeFile(join(home, 'Documents/diary.txt'), 'User: my diary\n\nAssistant: kept\n')
  // A link inside the vault to a file outside it is outside, as is a path that climbs out of the vault.
  await symlink(join(home, '.netrc'), join(vault, 'netrc-link.txt'))
  await mkdir(join(vault, 'exports'), {recursive: true})
  await cp(join(packages, 'format-chatgpt/fixtures/odd-conversations/input.json'), join(vault, 'exports/chatgpt.json'))
  const sources = [
    '~/.netrc',
    '~/Documents',
    '../.netrc',
    `${'../'.repeat(12)}${home.slice(1)}/.netrc`,
    'netrc-link.txt',
    'exports/chatgpt.json',
    '~/.codex/sessions'
  ]
  await writeFile(join(vault, '.chatmark/config.yaml'), `sources:\n${sources.map((s) => `  - "${s}"\n`).join('')}`)
  const refused = await chatmark('vault', '--no-defaults')
  assert.equal(refused.code, 1, refused.stderr)
  for (const source of sources.slice(0, 5)) {
    assert.ok(
      refused.stderr.includes(`vault/.chatmark/config.yaml: sources: ${source}: outside the vault and the tools'`),
      `${source}:\n${refused.stderr}`
    )
  }
  const notes = await Promise.all((await files()).map((path) => readFile(join(vault, path), 'utf8')))
  assert.ok(!notes.some((note) => note.includes('hunter2') || note.includes('my diary')))
  // The vault's own export and the tool's folder are read.
  assert.ok(
    (await files()).some((path) => path.startsWith('chatgpt/')),
    (await files()).join(', ')
  )
  assert.ok(
    (await files()).some((path) => path.startsWith('codex/')),
    (await files()).join(', ')
  )

  await writeFile(join(vault, '.chatmark/config.yaml'), 'sources:\n  - ~/Documents\n')
  const allowed = await chatmark('vault', '--no-defaults', '--allow-config-sources')
  assert.equal(allowed.code, 0, allowed.stderr)
  const read = await Promise.all((await files()).map((path) => readFile(join(vault, path), 'utf8')))
  assert.ok(read.some((note) => note.includes('my diary')))
})

test('a Claude Code session’s subagent transcripts fold into its note; a change to one updates it', async () => {
  const session = '5b03b5b9-3e60-41c3-9ae1-8cf0307eea18'
  const fixture = join(packages, 'format-claude/fixtures/claude-code/real-2.1-subagent-files')
  const project = join(home, '.claude/projects/-work-agents')
  await mkdir(project, {recursive: true})
  await cp(join(fixture, 'input.jsonl'), join(project, `${session}.jsonl`))
  await cp(join(fixture, session), join(project, session), {recursive: true})
  const first = await chatmark('vault', '--no-defaults', join(project, `${session}.jsonl`))
  assert.equal(first.code, 0, first.stderr)
  // One note: the transcripts are not notes of their own.
  const notes = (await files()).filter((path) => path.startsWith('claude-code/2026'))
  assert.equal(notes.length, 1, notes.join(', '))
  const agent = (await readdir(join(project, session, 'subagents'))).find((name) => name.endsWith('.jsonl'))
  assert.ok(agent)
  const note = await readFile(join(vault, notes[0] ?? ''), 'utf8')
  const unchanged = await chatmark('vault', '--no-defaults', join(project, `${session}.jsonl`))
  assert.match(unchanged.stderr, /^0 new, 0 updated, 1 unchanged/)
  // The subagent's transcript grows (its session file does not): the session is read again.
  const path = join(project, session, 'subagents', agent)
  const lines = (await readFile(path, 'utf8')).trimEnd().split('\n')
  const last = JSON.parse(lines.at(-1) ?? '{}') as {uuid: string; message: Record<string, unknown>}
  const added = {
    ...last,
    parentUuid: last.uuid,
    uuid: 'added-by-the-test',
    message: {...last.message, id: 'msg_added', content: [{type: 'text', text: 'A late word from the subagent.'}]}
  }
  await appendFile(path, `${JSON.stringify(added)}\n`)
  const grown = await chatmark('vault', '--no-defaults', join(project, `${session}.jsonl`))
  assert.equal(grown.code, 0, grown.stderr)
  assert.match(grown.stderr, /^0 new, 1 updated, 0 unchanged/)
  const updated = await readFile(join(vault, notes[0] ?? ''), 'utf8')
  assert.ok(!note.includes('A late word from the subagent.'))
  assert.ok(updated.includes('A late word from the subagent.'))
})

test('files and images of an export are written once into attachments/, by content, and embedded', async () => {
  const zip = join(home, 'export.zip')
  await cp(fileURLToPath(new URL('../../packages/format-chatgpt/test/fixtures/export-v1.zip', import.meta.url)), zip)
  const run = await chatmark('vault', '--no-defaults', zip)
  assert.equal(run.code, 0, run.stderr)
  const attachments = (await files()).filter((path) => path.startsWith('attachments/'))
  assert.deepEqual(attachments.map((path) => path.replace(/[0-9a-f]{32}/, 'HASH')).sort(), [
    'attachments/HASH.csv',
    'attachments/HASH.png',
    'attachments/HASH.webp'
  ])
  // The PNG is the file the export holds, byte for byte.
  const png = attachments.find((path) => path.endsWith('.png')) ?? ''
  const {createHash} = await import('node:crypto')
  const bytes = await readFile(join(vault, png))
  assert.equal(createHash('sha256').update(bytes).digest('hex').slice(0, 32), /([0-9a-f]{32})/.exec(png)?.[1])
  const note = (await files()).find((path) => path.startsWith('chatgpt/2026-01/')) ?? ''
  const text = await readFile(join(vault, note), 'utf8')
  for (const path of attachments) assert.ok(text.includes(`![[${path}]]`), `${path} embedded`)
  // Again: nothing written twice.
  const again = await chatmark('vault', '--no-defaults', zip)
  assert.match(again.stderr, /^0 new, 0 updated, 1 unchanged/)
  assert.equal((await files()).filter((path) => path.startsWith('attachments/')).length, 3)
})

test('a vault folder linking outside is never written through; that note fails, the others are written', async () => {
  const outside = join(home, 'outside')
  await mkdir(outside)
  await mkdir(vault)
  await symlink(outside, join(vault, 'claude-code'))
  const run = await chatmark('vault')
  assert.equal(run.code, 1)
  assert.match(
    run.stderr,
    /session\.jsonl \(conversation 332611b8-[^)]+\): claude-code leads out of the vault \(a link\)/
  )
  assert.deepEqual(await readdir(outside), [])
  assert.ok((await files()).includes(geminiNote))
  assert.match(run.stderr, /2 new, .* 1 failed\n$/)
})

/**
 * A second Claude Code session, in a project whose folder has the name of the first one's and of the folder above
 * it (`claude-run/demo-project`); the Gemini CLI and Codex sessions' folders are `demo-project` too.
 */
async function sameNamedProject(): Promise<void> {
  const folder = join(home, '.claude/projects/-srv-claude-run-demo-project')
  await mkdir(folder, {recursive: true})
  const text = (await readFile(claudeSession(), 'utf8'))
    .replaceAll('/tmp/producers-claude/claude-run/demo-project', '/srv/claude-run/demo-project')
    .replaceAll(claudeId, '5d0c1e2f-0000-4000-8000-000000000028')
  await writeFile(join(folder, 'other.jsonl'), text)
}

/** A note's `project` property, as written: a link is in double quotes. */
async function projectOf(note: string): Promise<string | undefined> {
  return /^project: (.*)$/m.exec(await readFile(join(vault, note), 'utf8'))?.[1]
}

test('under Obsidian a note’s project links to its index note, and again when the index note is renamed', async () => {
  const first = await chatmark('vault')
  assert.equal(first.code, 0, first.stderr)
  // Three projects of one folder name: the folder above tells their index notes apart.
  const index = 'projects/demo-project (claude-run)'
  assert.equal(await projectOf(claudeNote), JSON.stringify(`[[${index}|demo-project (claude-run)]]`))
  assert.match(
    await readFile(join(vault, claudeNote), 'utf8'),
    /^project_path: \/tmp\/producers-claude\/claude-run\/demo-project$/m
  )
  assert.ok((await files()).includes(`${index}.md`))
  // A fourth, under another `claude-run`: the folders above those tell them apart; each index note stays at its
  // path, named anew, and the notes that link to it are linked again.
  await sameNamedProject()
  const second = await chatmark('vault')
  assert.equal(second.code, 0, second.stderr)
  assert.match(second.stderr, /^1 new, .* 0 kept because edited, 0 failed\n$/)
  assert.equal(await projectOf(claudeNote), JSON.stringify(`[[${index}|demo-project (producers-claude claude-run)]]`))
  assert.match(await readFile(join(vault, `${index}.md`), 'utf8'), /^# demo-project \(producers-claude claude-run\)$/m)
  const other = (await files()).find((path) => path.startsWith('claude-code/') && path.endsWith(' 2.md'))
  assert.ok(other, (await files()).join(', '))
  const otherIndex = 'projects/demo-project (srv claude-run)'
  assert.equal(await projectOf(other), JSON.stringify(`[[${otherIndex}|demo-project (srv claude-run)]]`))
  assert.ok((await files()).includes(`${otherIndex}.md`))
  // The links are chatmark's own text: the next sync sees no edit and writes nothing.
  const third = await chatmark('vault')
  assert.equal(third.stdout, '')
  assert.match(third.stderr, /^0 new, 0 updated, 4 unchanged, 0 renamed, 0 kept because edited, 0 failed\n$/)
})

test('a note the person edited keeps its project link as they left it when the index note is renamed', async () => {
  await chatmark('vault')
  const claude = join(vault, claudeNote)
  const edited = `${await readFile(claude, 'utf8')}\n## My notes\n\nAsk about the API error.\n`
  await writeFile(claude, edited)
  await sameNamedProject()
  const run = await chatmark('vault')
  assert.equal(run.code, 0, run.stderr)
  assert.equal(await readFile(claude, 'utf8'), edited)
  assert.equal(
    await projectOf(claudeNote),
    JSON.stringify('[[projects/demo-project (claude-run)|demo-project (claude-run)]]')
  )
})
