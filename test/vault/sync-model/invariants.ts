import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {turnToken} from './conversation-text.js'
import type {ConversationModel, SyncModel} from './model.js'
import type {InvariantName, SyncWorld} from './sync-world.js'
import {outsideVault} from './sync-world.js'
import type {FileFacts, VaultNote} from './vault-files.js'
import {differences, isBesideVersion, isTemporaryFile, readVault} from './vault-files.js'
import {vaultReport} from './vault-report.js'

/** What a step did that the invariants look at beyond the vault itself. */
export interface StepFacts {
  /** The step's name, for the message. */
  command: string
  /** The step ran one sync or more; set when one ran to its end (the vault is synced now). */
  sync?: {
    /** What the syncs printed, stdout and stderr. */
    output: string
    /** The kept count of the summaries. */
    kept: number
    /** The vault's files before the syncs. */
    before: Map<string, FileFacts>
  }
  /** The step ran a sync (or killed one): nothing outside the vault may have changed. */
  ranSync?: boolean
  /**
   * A sync was killed in the step: a note it was moving may be at both its names for now (the next sync must
   * leave one), but no note may be missing.
   */
  killed?: boolean
  /** Problems the step found itself, by invariant (a refused sync, a no-change sync that wrote). */
  problems?: Array<[InvariantName, string]>
}

/** A conversation's notes in the vault: its current note (or notes) and the versions beside. */
interface NotesOf {
  current: VaultNote[]
  beside: VaultNote[]
}

/**
 * Checks every promise of `chatmark sync` after a step; throws one error naming the step, each broken promise
 * and the vault, unless the promise is in `world.skip`.
 */
export async function checkInvariants(model: SyncModel, world: SyncWorld, facts: StepFacts): Promise<void> {
  const {files, notes} = await readVault(world.vault)
  const found: Array<[InvariantName, string]> = [...(facts.problems ?? [])]
  const add = (name: InvariantName, problems: string[]): void => {
    for (const problem of problems) found.push([name, problem])
  }
  add('user-text-kept', userTextKept(model, notes))
  add('one-note-per-conversation', oneNotePerConversation(model, world, notes, facts.killed === true))
  add('moved-note-stays', movedNoteStays(model, world, notes))
  add('deleted-note-not-written', deletedNoteNotWritten(model, world, notes))
  add('state-file-whole', await stateFileWhole(world))
  if (facts.ranSync) add('nothing-written-outside', await nothingWrittenOutside(world))
  if (facts.sync) {
    add('latest-turn-in-note', latestTurnInNote(model, world, notes))
    add('kept-note-named', keptNoteNamed(model, world, notes, files, facts.sync))
    add('no-temporary-files', noTemporaryFiles(files))
  }
  const broken = found.filter(([name]) => !world.skip.has(name))
  if (broken.length === 0) return
  const list = broken.map(([name, problem]) => `  [${name}] ${problem}`).join('\n')
  throw new Error(`step ${world.step} (${facts.command}) broke a promise:\n${list}\n${await vaultReport(model, world)}`)
}

export function notesOf(conversation: ConversationModel, world: SyncWorld, notes: readonly VaultNote[]): NotesOf {
  const own = notes.filter((note) => note.id === conversation.id)
  const current = own.filter((note) => !isBesideVersion(note.path))
  // A note whose id the person made unreadable is still theirs, where chatmark knows it (else it is a file of the
  // person's own to chatmark, which may write the conversation a new note).
  const unreadable = conversation.unfindable ? undefined : world.unreadable.get(conversation.index)
  const kept = notes.find((note) => note.path === unreadable)
  if (kept && !current.includes(kept)) current.push(kept)
  return {current, beside: own.filter((note) => isBesideVersion(note.path))}
}

function userTextKept(model: SyncModel, notes: readonly VaultNote[]): string[] {
  return model.markers
    .filter((marker) => !notes.some((note) => note.text.includes(marker.text)))
    .map(
      (marker) =>
        `"${marker.text}", which the person wrote into the note of conversation ${marker.conversation} at step ` +
        `${marker.step} (${marker.edit}), is in no note of the vault`
    )
}

function oneNotePerConversation(
  model: SyncModel,
  world: SyncWorld,
  notes: readonly VaultNote[],
  killed: boolean
): string[] {
  const problems: string[] = []
  for (const conversation of model.conversations) {
    if (conversation.deletedByUser) continue
    const {current, beside} = notesOf(conversation, world, notes)
    const paths = current.map((note) => note.path).join(', ')
    if (current.length > 1 && !killed)
      problems.push(`conversation ${conversation.index} has ${current.length} notes: ${paths}`)
    else if (current.length === 0 && conversation.synced && !conversation.unfindable)
      problems.push(`conversation ${conversation.index} has no note, though a sync ran to its end with it`)
    if (beside.length > 1 && !killed)
      problems.push(
        `conversation ${conversation.index} has ${beside.length} versions beside its note: ` +
          beside.map((note) => note.path).join(', ')
      )
  }
  return problems
}

function movedNoteStays(model: SyncModel, world: SyncWorld, notes: readonly VaultNote[]): string[] {
  const problems: string[] = []
  for (const [index, path] of world.placedByUser) {
    const conversation = model.conversations.find((candidate) => candidate.index === index)
    if (!conversation || conversation.deletedByUser) continue
    const {current} = notesOf(conversation, world, notes)
    const there = conversation.unfindable
      ? notes.some((note) => note.path === path)
      : current.some((note) => note.path === path)
    if (!there) {
      const now = current.map((note) => note.path).join(', ') || 'nowhere'
      problems.push(`the person put the note of conversation ${index} at ${path}; it is now at ${now}`)
    }
  }
  return problems
}

function deletedNoteNotWritten(model: SyncModel, world: SyncWorld, notes: readonly VaultNote[]): string[] {
  const problems: string[] = []
  for (const [index, deletion] of world.deleted) {
    const conversation = model.conversations.find((candidate) => candidate.index === index)
    if (!conversation) continue
    const again = notes.filter(
      (note) => note.id === conversation.id && !isBesideVersion(note.path) && !deletion.others.has(note.path)
    )
    for (const note of again) {
      problems.push(
        `the person deleted the note of conversation ${index} (${deletion.path}); it was written again: ${note.path}`
      )
    }
  }
  return problems
}

async function stateFileWhole(world: SyncWorld): Promise<string[]> {
  const folder = join(world.vault, '.chatmark')
  const problems: string[] = []
  const text = await readFile(join(folder, 'state.json'), 'utf8').catch(() => undefined)
  if (text !== undefined) {
    try {
      JSON.parse(text)
    } catch (error) {
      problems.push(`.chatmark/state.json is not valid JSON (${(error as Error).message}), ${text.length} characters`)
    }
  }
  const names = await readdir(folder).catch(() => [])
  // The model never corrupts the state file: one set aside means chatmark found its own file unreadable.
  for (const name of names)
    if (name.startsWith('state.json.unreadable')) problems.push(`.chatmark/${name} was set aside`)
  return problems
}

async function nothingWrittenOutside(world: SyncWorld): Promise<string[]> {
  return differences(world.outside, await outsideVault(world)).map((change) => `outside the vault, ~/${change}`)
}

function latestTurnInNote(model: SyncModel, world: SyncWorld, notes: readonly VaultNote[]): string[] {
  const problems: string[] = []
  for (const conversation of model.conversations) {
    if (conversation.source === undefined || conversation.deletedByUser || conversation.unfindable) continue
    if (conversation.emptiedAt !== undefined && conversation.turns <= conversation.emptiedAt) continue
    const token = turnToken(conversation.index, conversation.turns)
    const {current, beside} = notesOf(conversation, world, notes)
    if (![...current, ...beside].some((note) => note.text.includes(token))) {
      const where = [...current, ...beside].map((note) => note.path).join(', ') || 'no note'
      problems.push(`the note of conversation ${conversation.index} (${where}) lacks its latest turn (${token})`)
    }
  }
  return problems
}

function keptNoteNamed(
  model: SyncModel,
  world: SyncWorld,
  notes: readonly VaultNote[],
  after: ReadonlyMap<string, FileFacts>,
  sync: NonNullable<StepFacts['sync']>
): string[] {
  const problems: string[] = []
  for (const conversation of model.conversations) {
    const {current, beside} = notesOf(conversation, world, notes)
    for (const version of beside) {
      const before = sync.before.get(version.path)
      const facts = after.get(version.path)
      if (before && facts && before.sha256 === facts.sha256 && before.mtimeMs === facts.mtimeMs) continue
      const kept = current[0]?.path
      if (kept === undefined) continue
      if (!sync.output.includes(kept) || sync.kept === 0) {
        problems.push(
          `the sync wrote ${version.path} beside the note of conversation ${conversation.index}, ` +
            `but did not name the note it kept (${kept}; its summary counted ${sync.kept} kept)`
        )
      }
    }
  }
  return problems
}

function noTemporaryFiles(files: ReadonlyMap<string, FileFacts>): string[] {
  return [...files.keys()].filter(isTemporaryFile).map((path) => `a temporary file is left in the vault: ${path}`)
}
