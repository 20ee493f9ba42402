import {constants} from 'node:fs'
import {access, mkdir, mkdtemp, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {installedPackage} from '../../util/installed.js'
import type {FileFacts} from './vault-files.js'
import {filesUnder} from './vault-files.js'

/** The promises the model checks (`invariants.ts`), by name. */
export type InvariantName =
  | 'sync-succeeds'
  | 'user-text-kept'
  | 'one-note-per-conversation'
  | 'moved-note-stays'
  | 'deleted-note-not-written'
  | 'latest-turn-in-note'
  | 'kept-note-named'
  | 'no-change-sync-writes-nothing'
  | 'state-file-whole'
  | 'sync-runs-after-kill'
  | 'no-temporary-files'
  | 'nothing-written-outside'

/** Options of a model run. */
export interface WorldOptions {
  /**
   * Promises not checked: only to look past a known failure for the next one (the committed tests check every
   * one).
   */
  skip?: ReadonlySet<InvariantName>
}

/** The real system: a fake home folder holding the tools' folders and the vault, and what the steps did to it. */
export interface SyncWorld {
  home: string
  vault: string
  /** The bundled command the child processes run. */
  command: string
  /** The number of the step running, from 1, and what each step so far was. */
  step: number
  history: string[]
  /** The home folder outside the vault, as the steps left it: no sync may change it. */
  outside: Map<string, FileFacts>
  /** Notes whose frontmatter the person broke or emptied (their id cannot be read), by conversation: their path. */
  unreadable: Map<number, string>
  /** Notes the person moved or renamed, by conversation: where they put them. */
  placedByUser: Map<number, string>
  /** Notes the person deleted, by conversation: the path, and the other notes of that id there were then. */
  deleted: Map<number, {path: string; others: ReadonlySet<string>}>
  skip: ReadonlySet<InvariantName>
}

/**
 * Where fake homes go: a memory file system where there is one (Linux's `/dev/shm`), since every note a sync
 * writes is synced to disk, which on a disk costs most of a step's time; what a killed process leaves is the
 * same on either.
 */
async function scratchFolder(): Promise<string> {
  const memory = '/dev/shm'
  try {
    await access(memory, constants.W_OK)
    return memory
  } catch {
    return tmpdir()
  }
}

/** A new fake home with the tools' folders and no vault yet. */
export async function makeWorld(options: WorldOptions = {}): Promise<SyncWorld> {
  const home = await mkdtemp(join(await scratchFolder(), 'chatmark-sync-model-'))
  await mkdir(join(home, '.claude', 'projects'), {recursive: true})
  await mkdir(join(home, '.gemini', 'tmp'), {recursive: true})
  // A file of the person's own in the home folder: no sync touches it.
  await mkdir(join(home, 'Documents'))
  const world: SyncWorld = {
    home,
    vault: join(home, 'vault'),
    command: installedPackage().bin,
    step: 0,
    history: [],
    outside: new Map(),
    unreadable: new Map(),
    placedByUser: new Map(),
    deleted: new Map(),
    skip: options.skip ?? new Set()
  }
  return world
}

export async function removeWorld(world: SyncWorld): Promise<void> {
  await rm(world.home, {recursive: true, force: true})
}

/** Records the home folder outside the vault as a step of the model left it. */
export async function rememberOutside(world: SyncWorld): Promise<void> {
  world.outside = await outsideVault(world)
}

export function outsideVault(world: SyncWorld): Promise<Map<string, FileFacts>> {
  return filesUnder(world.home, (path) => path === 'vault' || path.startsWith('vault/'))
}

/** Starts a step: its number, and its name in the history the failure messages show. */
export function beginStep(world: SyncWorld, name: string): number {
  world.step++
  world.history.push(`${world.step}. ${name}`)
  return world.step
}
