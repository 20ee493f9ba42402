import {lstat, mkdir} from 'node:fs/promises'
import {join} from 'node:path'
import {journalFileName} from './state-journal.js'
import {stateFileName} from './vault-state.js'
import {VaultWriteError} from './vault-write-error.js'

/** The folder of a vault that holds chatmark's own files: what makes a folder a vault. */
export const stateFolderName = '.chatmark'

/** What each of chatmark's own files in {@link stateFolderName} is. */
const kinds: ReadonlyArray<[string, 'file' | 'folder']> = [
  [stateFileName, 'file'],
  [journalFileName, 'file'],
  ['base', 'folder'],
  ['staging', 'folder']
]

/**
 * Makes the vault's `.chatmark` folder where it is missing, and checks that
 * it and chatmark's files in it are what they should be, before anything is
 * read or written: a file where a folder goes (or the reverse) would fail
 * every note, and a link would lead writes out of the vault (a planted
 * `journal.jsonl` link would have a file elsewhere emptied). Anything else is
 * a {@link VaultWriteError} naming the path, and nothing is written.
 */
export async function checkStateFolder(stateDir: string): Promise<void> {
  const own = await lstat(stateDir).catch(() => undefined)
  if (own === undefined) await mkdir(stateDir, {recursive: true})
  else if (!own.isDirectory()) throw new VaultWriteError(stateDir, kindProblem(own.isSymbolicLink(), 'folder'))
  for (const [name, kind] of kinds) {
    const path = join(stateDir, name)
    const info = await lstat(path).catch(() => undefined)
    if (info === undefined) continue
    const link = info.isSymbolicLink()
    if (link || info.isDirectory() !== (kind === 'folder')) throw new VaultWriteError(path, kindProblem(link, kind))
  }
}

/** Whether `folder` is a vault: it has a {@link stateFolderName} folder (a link to one is not followed). */
export async function isVault(folder: string): Promise<boolean> {
  return (await lstat(join(folder, stateFolderName)).catch(() => undefined))?.isDirectory() === true
}

function kindProblem(link: boolean, kind: 'file' | 'folder'): string {
  if (link) return 'it is a link, which could lead chatmark’s writes out of the vault'
  return kind === 'folder' ? 'it is a file, not a folder' : 'it is a folder, not a file'
}
