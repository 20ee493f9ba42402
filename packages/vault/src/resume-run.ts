import {lstat, unlink} from 'node:fs/promises'
import {join} from 'node:path'
import {glob} from 'tinyglobby'
import {sha256Of} from './base-texts.js'
import type {JournalEntry} from './state-journal.js'
import type {VaultFiles} from './vault-files.js'
import type {NoteRecord, VaultState} from './vault-state.js'
import {safeRelativePath} from './vault-state.js'

/**
 * Takes up what a run that was stopped (killed, a power cut) did, from the
 * journal it left, into `state`: a note's record counts if the journal says
 * it was written (`done`), or, said only before the write, if the note on
 * disk is the one the journal said would be written (a note whose write
 * never happened is not taken for written);
 * a move counts if it happened; a source's record (written after all its
 * notes) counts. The temporary files the run left (named with its mark) are
 * removed. Notes it wrote that the journal cannot vouch for are found later
 * by their ids (the caller scans the vault).
 */
export async function takeUpInterruptedRun(
  entries: readonly JournalEntry[],
  state: VaultState,
  files: VaultFiles,
  vault: string
): Promise<void> {
  let run: string | undefined
  for (const entry of entries) {
    if ('run' in entry) {
      run = entry.run
    } else if ('note' in entry) {
      if (entry.done || (await happened(entry.record, files))) state.notes[entry.note] = entry.record
    } else if ('move' in entry) {
      await takeUpMove(entry, state, files)
    } else {
      state.sources[entry.source] = entry.record
    }
  }
  if (run !== undefined && /^[0-9a-f]{8}$/.test(run)) await removeTemporaries(vault, run)
}

/**
 * Whether the write a record was made for happened, by what is on disk: the
 * note (or the version beside it) holds what the record says was written. A
 * note the person moved or deleted since has no `done` line to go by only if
 * the run was stopped in the moment between writing it and saying so.
 */
async function happened(record: NoteRecord, files: VaultFiles): Promise<boolean> {
  const holds = async (path: string | undefined, sha256: string | undefined): Promise<boolean> => {
    if (path === undefined || sha256 === undefined || !safeRelativePath(path)) return false
    const text = await files.read(path)
    return text !== undefined && sha256Of(text) === sha256
  }
  return (await holds(record.beside, record.besideSha256)) || holds(record.path, record.sha256)
}

/** A move the run began: done if the note is at its new path; a hard link left at both is made a move. */
async function takeUpMove(
  entry: {move: string; from: string; to: string},
  state: VaultState,
  files: VaultFiles
): Promise<void> {
  const note = state.notes[entry.move]
  if (!note || note.path !== entry.from || !safeRelativePath(entry.to)) return
  const [from, to] = await Promise.all([
    lstat(files.inside(entry.from)).catch(() => undefined),
    lstat(files.inside(entry.to)).catch(() => undefined)
  ])
  if (!to?.isFile()) return
  // Stopped between the link and the removal of the old name: the same file under both names.
  if (from?.isFile() && from.ino === to.ino && from.dev === to.dev) await unlink(files.inside(entry.from))
  else if (from) return
  state.notes[entry.move] = {...note, path: entry.to}
}

/** Removes the temporary files of run `run` anywhere in the vault (their names are chatmark's, with its mark). */
async function removeTemporaries(vault: string, run: string): Promise<void> {
  const found = await glob([`**/.chatmark-${run}*.tmp`], {
    cwd: vault,
    dot: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    ignore: ['.git/**'],
    expandDirectories: false
  }).catch(() => [] as string[])
  for (const path of found) {
    const location = join(vault, path)
    if ((await lstat(location).catch(() => undefined))?.isFile()) await unlink(location).catch(() => undefined)
  }
}
