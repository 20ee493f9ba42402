import {constants} from 'node:fs'
import {access, mkdir, stat} from 'node:fs/promises'
import type {VaultWriteError} from '@chatmark/vault'
import {writeProblem} from '@chatmark/vault'
import {printable} from '../base/printable.js'

/** What is said of a vault that could not be written at all. */
const untouched = 'No note was written, and nothing that was there changed'

/**
 * Why `vault` (shown as `shown`) is not a folder chatmark may write into, as
 * one line, or `undefined` when it is one (made when missing, not in a dry
 * run). Not a usage error: the command was right, the disk or the path is not.
 */
export async function vaultProblem(vault: string, shown: string, dryRun: boolean): Promise<string | undefined> {
  const name = printable(shown)
  const info = await stat(vault).catch((error: NodeJS.ErrnoException) => error)
  if (info instanceof Error) {
    if (info.code !== 'ENOENT') return `cannot write to ${name}: ${reason(info)}. ${untouched}`
    if (dryRun) return undefined
    try {
      await mkdir(vault, {recursive: true})
    } catch (error) {
      return `cannot make the vault ${name}: ${reason(error)}. ${untouched}`
    }
    return undefined
  }
  if (!info.isDirectory()) return `cannot write to ${name}: it is a file, not a folder of notes. ${untouched}`
  if (dryRun) return undefined
  try {
    await access(vault, constants.W_OK)
  } catch (error) {
    return `cannot write to ${name}: ${reason(error)}. ${untouched}`
  }
  return undefined
}

/**
 * The line that says a sync stopped because the vault could not be written:
 * which path (under the vault as the person named it), why, and what was
 * kept (every write is atomic, and the next run takes up this one's journal).
 */
export function vaultWriteReport(error: VaultWriteError, vault: string, shown: string): string {
  const {notes} = error.written
  const kept =
    notes === 0
      ? 'No note was written'
      : `${notes.toLocaleString('en-US')} note${notes === 1 ? ' was' : 's were'} written before it stopped, and stay`
  return (
    `cannot write to ${printable(error.shownPath(vault, shown))}: ${error.problem}. ${kept}; ` +
    'nothing in the vault is lost or half-written, and the next sync takes up what this one did'
  )
}

function reason(error: unknown): string {
  return writeProblem(error) ?? (error instanceof Error ? error.message : String(error))
}
