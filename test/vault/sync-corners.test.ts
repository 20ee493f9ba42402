import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {cp, mkdir, readdir, readFile, rm, stat, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {gzipSync} from 'node:zlib'
import type {SourceReader} from '@chatmark/vault'
import {readInProcess, sync, VaultWriteError} from '@chatmark/vault'
import {normalizer} from 'chatmark'
import {afterEach, test} from 'vitest'
import type {SyncOutput} from '../util/run-sync.js'
import {runSync, runSyncHere} from '../util/run-sync.js'
import type {ConversationModel, SyncModel} from './sync-model/model.js'
import {addSource, growSource, retitleSource} from './sync-model/sources.js'
import type {SyncWorld} from './sync-model/sync-world.js'
import {makeWorld, removeWorld} from './sync-model/sync-world.js'
import {filesUnder, vaultNotes} from './sync-model/vault-files.js'

// Issue 25, item 8: the corners of a sync that a second probe found. A source folder that holds the vault, a vault
// inside another, a vault that cannot be written, a note whose only change is its line endings, a planted base
// text, a lost state file, and names that differ only in case or in characters no one sees.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))
const worlds: SyncWorld[] = []

afterEach(async () => {
  await Promise.all(worlds.splice(0).map(removeWorld))
})

/** A fake home with `count` Claude Code sessions of one turn each (sessions of the model test, real-shaped). */
async function home(
  count = 1
): Promise<{world: SyncWorld; model: SyncModel; sync: (...argv: string[]) => Promise<SyncOutput>}> {
  const world = await makeWorld()
  worlds.push(world)
  const model: SyncModel = {conversations: [], markers: [], nextMarker: 1, interrupted: false}
  for (let index = 0; index < count; index++) await addSource(model, world, 'claude', 1)
  const sync = (...argv: string[]): Promise<SyncOutput> => runSyncHere(argv, {home: world.home})
  return {world, model, sync}
}

/** Runs a sync that must succeed; its output. */
async function synced(run: Promise<SyncOutput>): Promise<SyncOutput> {
  const done = await run
  assert.equal(done.code, 0, done.stderr)
  return done
}

/** The Markdown files under a folder, relative, sorted. */
async function markdownUnder(folder: string): Promise<string[]> {
  return [...(await filesUnder(folder)).keys()].filter((path) => path.endsWith('.md'))
}

function conversation(model: SyncModel, index = 0): ConversationModel {
  const found = model.conversations[index]
  assert.ok(found)
  return found
}

test('a folder named as a source that holds the vault: the vault’s notes are never read back', async () => {
  const {world, sync} = await home()
  // A plain-text transcript beside the vault: its note reads as a transcript too, which a walk would take.
  await mkdir(join(world.home, 'Documents'), {recursive: true})
  await cp(
    join(packages, 'format-plaintext/fixtures/user-assistant-labels/input.txt'),
    join(world.home, 'Documents/jugs.txt')
  )
  const first = await synced(sync('vault', '.'))
  assert.match(first.stderr, /^2 new, /m)
  const notes = await markdownUnder(world.vault)
  for (let run = 0; run < 2; run++) {
    const again = await synced(sync('vault', '.'))
    assert.match(again.stderr, /^0 new, 0 updated, 2 unchanged, /m)
    assert.match(again.stderr, /^vault: skipped: the vault being synced: its notes and state are not read back$/m)
  }
  assert.deepEqual(await markdownUnder(world.vault), notes)
})

test('another vault inside a source folder is skipped with a line, its notes not read', async () => {
  const {world, sync} = await home()
  const other = join(world.home, 'Documents/old-vault')
  await mkdir(join(other, '.chatmark'), {recursive: true})
  await cp(
    join(packages, 'format-plaintext/fixtures/user-assistant-labels/input.txt'),
    join(other, 'transcripts/jugs.md'),
    {
      recursive: true
    }
  )
  const run = await synced(sync('vault', 'Documents'))
  assert.match(run.stderr, /^1 new, /m)
  assert.match(run.stderr, /^Documents\/old-vault: skipped: another chatmark vault \(it has \.chatmark\/\): /m)
})

test('an outer vault never takes the notes of a vault inside it', async () => {
  const {world, sync} = await home()
  await synced(sync('vault/inner'))
  const inner = await filesUnder(join(world.vault, 'inner'))
  const outer = await synced(sync('vault'))
  assert.match(outer.stderr, /^1 new, /m)
  assert.match(
    outer.stderr,
    /^chatmark sync: vault\/inner is another vault \(it has \.chatmark\/\): its notes are its own$/m
  )
  const state = JSON.parse(await readFile(join(world.vault, '.chatmark/state.json'), 'utf8')) as {
    notes: Record<string, {path: string}>
  }
  assert.deepEqual(
    Object.values(state.notes).filter((note) => note.path.startsWith('inner/')),
    [],
    'no record of the outer vault names a note of the inner one'
  )
  assert.deepEqual(await filesUnder(join(world.vault, 'inner')), inner, 'the inner vault is as its own sync left it')
})

test('a vault that is a file, or whose own files are in the way: one line, no stack trace, exit 1', async () => {
  const {world, sync} = await home()
  await writeFile(join(world.home, 'a-file.md'), '# mine\n')
  const file = await sync('a-file.md')
  assert.equal(file.code, 1)
  assert.equal(
    file.stderr,
    'chatmark sync: cannot write to a-file.md: it is a file, not a folder of notes. No note was written, ' +
      'and nothing that was there changed\n'
  )
  assert.equal(await readFile(join(world.home, 'a-file.md'), 'utf8'), '# mine\n')
  const cases: Array<[string, string, 'file' | 'folder', string]> = [
    ['v1', '.chatmark', 'file', 'v1/.chatmark: it is a file, not a folder'],
    ['v2', '.chatmark/state.json', 'folder', 'v2/.chatmark/state.json: it is a folder, not a file'],
    ['v3', '.chatmark/journal.jsonl', 'folder', 'v3/.chatmark/journal.jsonl: it is a folder, not a file'],
    ['v4', '.chatmark/base', 'file', 'v4/.chatmark/base: it is a file, not a folder']
  ]
  for (const [vault, path, kind, said] of cases) {
    const where = join(world.home, vault, path)
    await mkdir(join(where, '..'), {recursive: true})
    if (kind === 'file') await writeFile(where, 'mine\n')
    else await mkdir(where)
    const run = await sync(vault)
    assert.equal(run.code, 1, `${vault}: ${run.stderr}`)
    assert.doesNotMatch(run.stderr, /^\s+at /m, 'no stack trace')
    assert.equal(
      run.stderr,
      `chatmark sync: cannot write to ${said}. No note was written; nothing in the vault is lost or half-written, ` +
        'and the next sync takes up what this one did\n'
    )
    assert.deepEqual(await markdownUnder(join(world.home, vault)), [], `${vault}: no note half-written`)
    if (kind === 'file') assert.equal(await readFile(where, 'utf8'), 'mine\n')
  }
})

/** The note of a conversation (its one Markdown file under its tool's folder, the index left out). */
async function noteOf(world: SyncWorld, id: string): Promise<{path: string; text: string}> {
  const notes = (await vaultNotes(world.vault)).filter((note) => note.id === id)
  assert.equal(notes.length, 1, notes.map((note) => note.path).join(', '))
  const [note] = notes
  assert.ok(note)
  return {path: join(world.vault, note.path), text: note.text}
}

const restyles: Array<[string, (text: string) => string, (text: string) => boolean]> = [
  ['CRLF line endings', (text) => text.replaceAll('\n', '\r\n'), (text) => !/[^\r]\n/.test(text)],
  ['a byte order mark', (text) => `\ufeff${text}`, (text) => text.startsWith('\ufeff---\n')],
  ['no final newline', (text) => text.replace(/\n+$/, ''), (text) => !text.endsWith('\n')],
  ['two final newlines', (text) => `${text}\n`, (text) => text.endsWith('\n\n')],
  [
    'all three',
    (text) => `\ufeff${text.replace(/\n+$/, '').replaceAll('\n', '\r\n')}`,
    (text) => text.startsWith('\ufeff') && !text.endsWith('\n')
  ]
]

for (const [what, restyle, styled] of restyles) {
  test(`a note whose only change is ${what} is updated as an unedited one, in its style, every time`, async () => {
    const {world, model, sync} = await home()
    const session = conversation(model)
    await synced(sync('vault'))
    const before = await noteOf(world, session.id)
    await writeFile(before.path, restyle(before.text))
    for (let round = 1; round <= 2; round++) {
      await growSource(session, 1)
      const run = await synced(sync('vault'))
      assert.match(run.stderr, /^0 new, 1 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed$/m)
      const after = await readFile(before.path, 'utf8')
      assert.ok(styled(after), `${what} kept: ${JSON.stringify(after.slice(0, 40))}`)
      assert.match(after, new RegExp(`Question ${round + 1} about`))
      assert.deepEqual(
        (await markdownUnder(world.vault)).filter((path) => path.endsWith('(chatmark).md')),
        [],
        'nothing written beside it'
      )
    }
    assert.match(
      (await synced(sync('vault'))).stderr,
      /^0 new, 0 updated, 1 unchanged, /m,
      'a sync with nothing new leaves it'
    )
  })
}

test('a note in CRLF with an edit of the person’s is merged, in CRLF', async () => {
  const {world, model, sync} = await home()
  const session = conversation(model)
  await synced(sync('vault'))
  const before = await noteOf(world, session.id)
  await writeFile(before.path, `${before.text}\n## My notes\n\nworth keeping\n`.replaceAll('\n', '\r\n'))
  await growSource(session, 1)
  const run = await synced(sync('vault'))
  assert.match(run.stderr, /^0 new, 1 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed$/m)
  const after = await readFile(before.path, 'utf8')
  assert.match(after, /## My notes\r\n\r\nworth keeping\r\n/)
  assert.ok(!/[^\r]\n/.test(after), 'every line ends in CRLF')
  assert.match(after, /Question 2 about/)
})

/** A gzip file of `members` members, each `size` zero bytes: it expands to `members * size` bytes. */
function gzipBomb(members: number, size: number): Buffer {
  const member = gzipSync(Buffer.alloc(size), {level: 9})
  return Buffer.concat(Array.from({length: members}, () => member))
}

test('a planted base text that expands without bound is refused at a bound; the edited note is kept', async () => {
  const {world, model} = await home()
  const session = conversation(model)
  const sync = (...argv: string[]): Promise<SyncOutput> =>
    runSync(argv, {home: world.home, env: {NODE_OPTIONS: `--require ${join(packages, '../bench/report-rss.cjs')}`}})
  await synced(sync('vault'))
  const note = await noteOf(world, session.id)
  const edited = `${note.text}\n## My notes\n\nworth keeping\n`
  await writeFile(note.path, edited)
  // 1 GiB of zeros in about a megabyte, under the name of the note's base (the text chatmark wrote it from).
  const base = join(world.vault, '.chatmark/base', `${createHash('sha256').update(note.text).digest('hex')}.md.gz`)
  await stat(base)
  await writeFile(base, gzipBomb(1024, 1024 * 1024))
  await growSource(session, 1)
  const run = await sync('vault', '-j', '1')
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /kept: .* \(your edits could not be merged \(its base text .*\.md\.gz expands past /)
  assert.match(run.stderr, /^0 new, 0 updated, 0 unchanged, 0 renamed, 1 kept because edited, 0 failed$/m)
  assert.equal(await readFile(note.path, 'utf8'), edited)
  const peakKb = Number(/peak-rss-kb (\d+)/.exec(run.stderr)?.[1])
  assert.ok(peakKb > 0 && peakKb < 400 * 1024, `peak RSS ${peakKb} kB`)
})

test('a deleted or unreadable state file: the next sync finds every note by its id, index notes too', async () => {
  const {world, model, sync} = await home(3)
  await synced(sync('vault'))
  const notes = await markdownUnder(world.vault)
  assert.equal(notes.length, 3 + 1 + 3, `three notes, a tool index, three project indexes: ${notes.join(', ')}`)
  await rm(join(world.vault, '.chatmark/state.json'))
  await growSource(conversation(model, 0), 1)
  const lost = await synced(sync('vault'))
  assert.match(lost.stderr, /^0 new, 1 updated, 2 unchanged, /m)
  assert.deepEqual(await markdownUnder(world.vault), notes)
  await writeFile(join(world.vault, '.chatmark/state.json'), '{"format": "chatmark-vault-state", "vers')
  await growSource(conversation(model, 1), 1)
  const unreadable = await synced(sync('vault'))
  assert.match(unreadable.stderr, /state file could not be trusted/)
  assert.deepEqual(await markdownUnder(world.vault), notes)
})

test('an index note the person edited is theirs after the state is lost too', async () => {
  const {world, model, sync} = await home(1)
  await synced(sync('vault'))
  const index = join(world.vault, 'claude-code/claude-code.md')
  const mine = `${await readFile(index, 'utf8')}\nMy own line.\n`
  await writeFile(index, mine)
  await rm(join(world.vault, '.chatmark/state.json'))
  await growSource(conversation(model), 1)
  await synced(sync('vault'))
  assert.equal(await readFile(index, 'utf8'), mine)
  assert.ok(!(await readdir(join(world.vault, 'claude-code'))).includes('claude-code 2.md'))
})

test('names keep no bidirectional or invisible characters, never differ only in case or normalisation', async () => {
  const {world, model, sync} = await home(5)
  await addSource(model, world, 'claude', 1)
  const titles = [
    'Hello',
    'hello',
    'invoice\u202Etxt.exe',
    'zero\u200Bwidth\u2060joined\uFEFF',
    'Caf\u00e9',
    'Cafe\u0301'
  ]
  for (const [index, title] of titles.entries()) await retitleSource(conversation(model, index), title)
  await synced(sync('vault', '--template', '{tool}/{title}'))
  const names = (await readdir(join(world.vault, 'claude-code'))).filter((name) => name !== 'claude-code.md')
  assert.equal(names.length, 6, names.join(', '))
  for (const name of names) assert.doesNotMatch(name, /\p{Cf}/u, `no format character in ${JSON.stringify(name)}`)
  assert.ok(names.includes('invoicetxt.exe.md'), names.join(', '))
  assert.ok(names.includes('zerowidthjoined.md'), names.join(', '))
  const folded = names.map((name) => name.normalize('NFC').toLowerCase())
  assert.equal(new Set(folded).size, names.length, `distinct on a case-insensitive disk: ${names.join(', ')}`)
})

test('a disk full mid-run (ENOSPC, injected): the run stops, naming what it wrote; the next takes it up', async () => {
  const {world, model} = await home(3)
  const options = {
    vault: world.vault,
    normalizer,
    render: {timeZone: 'UTC'},
    environment: {home: world.home, env: {}, platform: process.platform}
  }
  // Every note but the first fails as a worker's staging does on a full disk.
  const full: SourceReader = async function* (sources, reading) {
    let notes = 0
    for await (const event of readInProcess(normalizer)(sources, reading)) {
      if (event.type === 'note' && notes++ > 0) {
        const reason = 'ENOSPC: no space left on device, write'
        yield {type: 'note-failed', file: event.file, id: event.note.id, reason, code: 'ENOSPC'}
      } else yield event
    }
  }
  await assert.rejects(sync({...options, readSources: full}), (error: unknown) => {
    assert.ok(error instanceof VaultWriteError)
    assert.deepEqual([error.problem, error.written.notes, error.path], ['the disk is full', 1, world.vault])
    return true
  })
  assert.deepEqual(await readdir(join(world.vault, '.chatmark/staging')), [], 'no staged text left')
  assert.equal((await markdownUnder(world.vault)).length, 1, 'the note written before stays')
  // Room again: the next run takes up the journal and writes the rest, one note per conversation.
  const report = await sync(options)
  assert.ok(report.resumedInterrupted)
  assert.deepEqual([report.counts.new, report.counts.failed], [2, 0])
  const ids = (await vaultNotes(world.vault))
    .map((note) => note.id)
    .filter((id) => id?.startsWith('chatmark') === false)
  assert.deepEqual(ids.sort(), model.conversations.map((found) => found.id).sort())
})
