import assert from 'node:assert/strict'
import {mkdir, rename, rm, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {afterEach, test} from 'vitest'
import {startChildSync} from './sync-model/child-sync.js'
import {turnToken} from './sync-model/conversation-text.js'
import {syncInProcess} from './sync-model/in-process-sync.js'
import type {ConversationModel, SyncModel} from './sync-model/model.js'
import type {NoteEdit} from './sync-model/note-edits.js'
import {editNote} from './sync-model/note-edits.js'
import {addSource, growSource, moveSource, retitleSource} from './sync-model/sources.js'
import {summaryCounts} from './sync-model/summary-line.js'
import type {SyncWorld} from './sync-model/sync-world.js'
import {makeWorld, removeWorld} from './sync-model/sync-world.js'
import type {VaultNote} from './sync-model/vault-files.js'
import {filesUnder, isBesideVersion, isTemporaryFile, vaultNotes} from './sync-model/vault-files.js'

// `chatmark sync`'s promises, each broken once by a sequence the model-based test (sync-model.test.ts) found and
// shrank: the shrunk sequence, step by step, as a plain test. Sessions are real-shaped (sync-model/sources.ts).

const worlds: SyncWorld[] = []

afterEach(async () => {
  await Promise.all(worlds.splice(0).map(removeWorld))
})

/** A fake home with `count` Claude Code sessions of `turns` turns each. */
async function home(count = 1, turns = 1): Promise<{world: SyncWorld; model: SyncModel}> {
  const world = await makeWorld()
  worlds.push(world)
  const model: SyncModel = {conversations: [], markers: [], nextMarker: 1, interrupted: false}
  for (let index = 0; index < count; index++) await addSource(model, world, 'claude', turns)
  return {world, model}
}

async function sync(world: SyncWorld): Promise<{stdout: string; stderr: string; counts: Record<string, number>}> {
  const run = await syncInProcess(world)
  assert.equal(run.code, 0, run.stderr)
  return {stdout: run.stdout, stderr: run.stderr, counts: summaryCounts(run.stderr) ?? {}}
}

/** The notes of a conversation (by the id in their frontmatter), its version beside left out. */
async function notesOf(world: SyncWorld, conversation: ConversationModel): Promise<VaultNote[]> {
  const notes = await vaultNotes(world.vault)
  return notes.filter((note) => note.id === conversation.id && !isBesideVersion(note.path))
}

async function onlyNoteOf(world: SyncWorld, conversation: ConversationModel): Promise<VaultNote> {
  const notes = await notesOf(world, conversation)
  assert.equal(notes.length, 1, `one note of c${conversation.index}: ${notes.map((note) => note.path).join(', ')}`)
  return notes[0] as VaultNote
}

async function edit(world: SyncWorld, note: VaultNote, how: NoteEdit, marker: string): Promise<void> {
  const text = editNote(note.text, how, marker, 0)
  assert.ok(text !== undefined)
  await writeFile(join(world.vault, note.path), text)
}

/**
 * Starts a sync of the bundled command and sends it `signal` once it has printed `lines` lines (one per note it
 * placed); says whether the signal stopped it (a run may end by itself first: then the step tests nothing).
 */
async function interruptedSync(world: SyncWorld, signal: NodeJS.Signals, lines: number): Promise<boolean> {
  return (await signalledSync(world, signal, lines)).stopped
}

/** {@link interruptedSync}, with what the sync printed before it ended. */
async function signalledSync(
  world: SyncWorld,
  signal: NodeJS.Signals,
  lines: number
): Promise<{stopped: boolean; stdout: string}> {
  const child = startChildSync(world)
  assert.ok(await child.printed(lines), `the sync printed ${lines} lines`)
  child.kill(signal)
  const run = await child.ended
  return {stopped: run.signal !== null || run.code !== 0, stdout: run.stdout}
}

/**
 * {@link interruptedSync} of a sync with thirty sessions to place: the signal comes long before its end. Returns
 * the vault paths of the notes it said it wrote (`new: vault/...`).
 */
async function stoppedSync(world: SyncWorld, signal: NodeJS.Signals, lines: number): Promise<string[]> {
  const run = await signalledSync(world, signal, lines)
  assert.ok(run.stopped, `the sync was stopped by ${signal}`)
  return [...run.stdout.matchAll(/^new: vault\/(.+)$/gm)].map((match) => match[1] as string)
}

test('a note whose edits were merged keeps them when its session grows again (issue 22)', async () => {
  const {world, model} = await home()
  const [conversation] = model.conversations as [ConversationModel]
  await sync(world)
  await edit(world, await onlyNoteOf(world, conversation), 'property', 'umark1q')
  await edit(world, await onlyNoteOf(world, conversation), 'paragraph', 'umark2q')
  await growSource(conversation, 1)
  await sync(world)
  const merged = (await onlyNoteOf(world, conversation)).text
  assert.ok(merged.includes('umark1q') && merged.includes('umark2q') && merged.includes(turnToken(1, 2)), merged)
  await growSource(conversation, 1)
  await sync(world)
  const again = (await onlyNoteOf(world, conversation)).text
  assert.ok(again.includes(turnToken(1, 3)), again)
  assert.ok(again.includes('umark1q'), `the person's property is still there:\n${again}`)
  assert.ok(again.includes('umark2q'), `the person's paragraph is still there:\n${again}`)
})

test('a note merged when its session file moved keeps the person’s edit when the session grows', async () => {
  const {world, model} = await home()
  const [conversation] = model.conversations as [ConversationModel]
  await sync(world)
  await edit(world, await onlyNoteOf(world, conversation), 'property', 'umark1q')
  await moveSource(world, conversation, 1)
  await sync(world)
  await growSource(conversation, 1)
  await sync(world)
  const text = (await onlyNoteOf(world, conversation)).text
  assert.ok(text.includes(turnToken(1, 2)), text)
  assert.ok(text.includes('umark1q'), `the person's property is still there:\n${text}`)
})

test('a sync with nothing to do writes nothing, chatmark’s own state included', async () => {
  const {world} = await home()
  await sync(world)
  const before = await filesUnder(world.vault)
  const run = await sync(world)
  assert.deepEqual(await filesUnder(world.vault), before)
  assert.deepEqual([run.counts['new'], run.counts['updated'], run.counts['renamed']], [0, 0, 0])
})

test('a vault whose state file is gone is taken up from every note’s id, with no second note', async () => {
  // What a first sync killed before it saved its state leaves: the notes, and no state file.
  const {world, model} = await home(3)
  await sync(world)
  await rm(join(world.vault, '.chatmark', 'state.json'))
  await sync(world)
  for (const conversation of model.conversations) await onlyNoteOf(world, conversation)
})

// Found under load: a run stopped between placing a note and saying so leaves a note the state does not know; one
// the person then moved was found by its id and moved back to where the template puts it. A lost state file leaves
// the same vault, exactly.
test('a note the person moved while the state did not know it stays where they put it', async () => {
  const {world, model} = await home(2)
  await sync(world)
  await rm(join(world.vault, '.chatmark', 'state.json'))
  const [conversation] = model.conversations as [ConversationModel]
  const moved = 'My notes/The one I keep.md'
  await mkdir(join(world.vault, 'My notes'))
  await rename(join(world.vault, (await onlyNoteOf(world, conversation)).path), join(world.vault, moved))
  await sync(world)
  assert.equal((await onlyNoteOf(world, conversation)).path, moved)
  await growSource(conversation, 1)
  await sync(world)
  const note = await onlyNoteOf(world, conversation)
  assert.equal(note.path, moved)
  assert.ok(note.text.includes(turnToken(conversation.index, 2)), note.text)
})

const signals: NodeJS.Signals[] = ['SIGKILL', 'SIGTERM']

test.each(signals)(
  'after a sync is stopped by %s, the next one runs, leaving one note each and no temporary file',
  async (signal) => {
    const {world, model} = await home(30)
    await stoppedSync(world, signal, 3)
    const run = await syncInProcess(world)
    assert.equal(run.code, 0, `the next sync runs: ${run.stderr}`)
    const files = [...(await filesUnder(world.vault)).keys()]
    assert.deepEqual(files.filter(isTemporaryFile), [])
    for (const conversation of model.conversations) await onlyNoteOf(world, conversation)
  }
)

// Found by the stress run (seed 569548506): a sync killed after staging its first text but before its journal's
// first line left a temporary the journal could not name, fresh enough to outlive the age rule. The kill is made
// exact here by leaving what it leaves: a staged text and no journal.
test('a text staged by a sync killed before its journal began is removed by the next sync', async () => {
  const {world} = await home()
  await sync(world)
  const staged = join(world.vault, '.chatmark', 'staging', `.chatmark-${'0a1b2c3d'.repeat(4)}.tmp`)
  await mkdir(join(world.vault, '.chatmark', 'staging'), {recursive: true})
  await writeFile(staged, '# a note being staged\n')
  await sync(world)
  const files = [...(await filesUnder(world.vault)).keys()]
  assert.deepEqual(files.filter(isTemporaryFile), [])
})

// A note the stopped sync had placed but not yet said it wrote (the signal came between the two) may be written
// again: the next run cannot tell it from a note never placed, and a note too many is better than one lost.
test.each(signals)(
  'a note the person deleted after a sync stopped by %s said it wrote it is not written again',
  async (signal) => {
    const {world} = await home(30)
    const [path] = await stoppedSync(world, signal, 1)
    const written = (await vaultNotes(world.vault)).find((note) => note.path === path)
    assert.ok(written, `the stopped sync wrote the note it named (${path})`)
    await rm(join(world.vault, written.path))
    await sync(world)
    const again = (await vaultNotes(world.vault)).filter(
      (note) => note.id === written.id && !isBesideVersion(note.path)
    )
    assert.deepEqual(
      again.map((note) => note.path),
      []
    )
  }
)

test('the version beside a kept note is never taken for the note the person renamed', async () => {
  const {world, model} = await home()
  const [conversation] = model.conversations as [ConversationModel]
  await sync(world)
  // The person rewrites the heading and the conversation is renamed: the two edits meet, the note is kept.
  await edit(world, await onlyNoteOf(world, conversation), 'heading', 'umark1q')
  await retitleSource(conversation, 'Cache questions')
  const kept = await sync(world)
  assert.equal(kept.counts['kept'], 1, kept.stderr)
  const note = await onlyNoteOf(world, conversation)
  const renamed = 'claude-code/2026-11/My own name.md'
  await rename(join(world.vault, note.path), join(world.vault, renamed))
  await growSource(conversation, 1)
  const run = await sync(world)
  // The person's note stays as they left it, where they put it, named as the one kept; the new turn is beside it.
  assert.equal((await onlyNoteOf(world, conversation)).path, renamed)
  assert.equal((await onlyNoteOf(world, conversation)).text, note.text)
  assert.ok(run.stdout.includes(renamed) && run.counts['kept'] === 1, `${run.stdout}${run.stderr}`)
  const beside = (await vaultNotes(world.vault)).filter(
    (other) => other.id === conversation.id && isBesideVersion(other.path)
  )
  assert.equal(beside.length, 1)
  assert.ok(beside[0]?.text.includes(turnToken(1, 2)))
})

/** Where a sync is stopped: after its first note of thirty, or after the only note it had to place (as recorded). */
const stops: Array<[NodeJS.Signals, string, number]> = [
  ['SIGKILL', 'in the middle', 30],
  ['SIGKILL', 'at its end', 1],
  ['SIGTERM', 'in the middle', 30],
  ['SIGTERM', 'at its end', 1]
]

test.each(stops)(
  'a note the person moved after a sync stopped by %s %s wrote it stays where they put it',
  async (signal, _, count) => {
    const {world, model} = await home(count)
    await interruptedSync(world, signal, 1)
    const written = (await vaultNotes(world.vault)).find((note) =>
      model.conversations.some((conversation) => conversation.id === note.id)
    )
    assert.ok(written, 'the stopped sync wrote a note')
    const conversation = model.conversations.find((candidate) => candidate.id === written.id) as ConversationModel
    const moved = 'My notes/The one I keep.md'
    await mkdir(join(world.vault, 'My notes'))
    await rename(join(world.vault, written.path), join(world.vault, moved))
    await sync(world)
    assert.equal((await onlyNoteOf(world, conversation)).path, moved)
  }
)

test.each(signals)(
  'a sync stopped by %s after it wrote a version beside a kept note leaves one such version',
  async (signal) => {
    const {world, model} = await home()
    const [conversation] = model.conversations as [ConversationModel]
    await sync(world)
    await edit(world, await onlyNoteOf(world, conversation), 'empty', '')
    await growSource(conversation, 1)
    // Its one line says the note was kept and where the new version went; the signal comes as it records that.
    await interruptedSync(world, signal, 1)
    await sync(world)
    await growSource(conversation, 1)
    await sync(world)
    const beside = (await vaultNotes(world.vault)).filter(
      (note) => note.id === conversation.id && isBesideVersion(note.path)
    )
    assert.deepEqual(
      beside.map((note) => note.path),
      ['claude-code/2026-11/2026-11-30 Question 1 about the budget what do you think of the apples (chatmark).md']
    )
  }
)

/** Ways a note comes to be kept as the person left it, with the new version beside it. */
const keptNotes: Array<[string, (world: SyncWorld, conversation: ConversationModel) => Promise<void>]> = [
  [
    'its frontmatter broken, its session grown',
    async (world, conversation) => {
      await edit(world, await onlyNoteOf(world, conversation), 'break-frontmatter', 'umark1q')
      await growSource(conversation, 1)
    }
  ],
  [
    'emptied, its session grown',
    async (world, conversation) => {
      await edit(world, await onlyNoteOf(world, conversation), 'empty', '')
      await growSource(conversation, 1)
    }
  ],
  [
    'emptied, its session file moved',
    async (world, conversation) => {
      await moveSource(world, conversation, 1)
      await edit(world, await onlyNoteOf(world, conversation), 'empty', '')
    }
  ],
  [
    'its heading rewritten as the conversation is renamed',
    async (world, conversation) => {
      await edit(world, await onlyNoteOf(world, conversation), 'heading', 'umark1q')
      await retitleSource(conversation, 'Cache questions')
    }
  ]
]

test.each(keptNotes)('a sync with nothing to do after one that kept a note (%s) writes nothing', async (_, keep) => {
  const {world, model} = await home()
  const [conversation] = model.conversations as [ConversationModel]
  await sync(world)
  await keep(world, conversation)
  const kept = await sync(world)
  assert.equal(kept.counts['kept'], 1, kept.stderr)
  const before = await filesUnder(world.vault)
  assert.ok([...before.keys()].some(isBesideVersion), [...before.keys()].join(', '))
  const again = await sync(world)
  assert.deepEqual(await filesUnder(world.vault), before)
  assert.deepEqual([again.counts['new'], again.counts['updated'], again.counts['renamed']], [0, 0, 0])
})

test('a sync with nothing to do after the person deleted a kept note writes nothing', async () => {
  const {world, model} = await home()
  const [conversation] = model.conversations as [ConversationModel]
  await sync(world)
  await edit(world, await onlyNoteOf(world, conversation), 'heading', 'umark1q')
  await retitleSource(conversation, 'Release plan')
  const kept = await sync(world)
  assert.equal(kept.counts['kept'], 1, kept.stderr)
  await rm(join(world.vault, (await onlyNoteOf(world, conversation)).path))
  await retitleSource(conversation, 'Cache questions')
  await sync(world)
  const before = await filesUnder(world.vault)
  const again = await sync(world)
  assert.deepEqual(await filesUnder(world.vault), before)
  assert.deepEqual([again.counts['new'], again.counts['updated'], again.counts['renamed']], [0, 0, 0])
})

test('a kept note the person deleted is not written again, and the version beside it goes with it', async () => {
  const {world, model} = await home()
  const [conversation] = model.conversations as [ConversationModel]
  await sync(world)
  await edit(world, await onlyNoteOf(world, conversation), 'heading', 'umark1q')
  await retitleSource(conversation, 'Cache questions')
  assert.equal((await sync(world)).counts['kept'], 1)
  await rm(join(world.vault, (await onlyNoteOf(world, conversation)).path))
  const run = await sync(world)
  assert.match(run.stdout, /kept: .* \(deleted by you: not written again\)/)
  const left = (await vaultNotes(world.vault)).filter((note) => note.id === conversation.id)
  assert.deepEqual(
    left.map((note) => note.path),
    []
  )
})
