import {constants} from 'node:fs'
import {access, mkdir, stat} from 'node:fs/promises'
import {printable} from './printable.js'
import {UsageError} from './usage-error.js'

/** Errors that mean the vault's disk cannot take what a sync writes, rather than that one note is wrong. */
const diskCodes: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied'
}

/**
 * Checks that `vault` (shown as `shown`) is a folder chatmark may write
 * into, making it when missing (not in a dry run): anything else is a usage
 * error, one line.
 */
export async function checkVault(vault: string, shown: string, dryRun: boolean): Promise<void> {
  const info = await stat(vault).catch((error: NodeJS.ErrnoException) => error)
  if (info instanceof Error) {
    if (info.code === 'ENOTDIR') throw new UsageError(`${printable(shown)}: a file is on the way; a vault is a folder`)
    if (info.code !== 'ENOENT') throw new UsageError(`${printable(shown)}: ${info.message}`)
    if (dryRun) return
    try {
      await mkdir(vault, {recursive: true})
    } catch (error) {
      throw new UsageError(`cannot make the vault ${printable(shown)}: ${reason(error)}`)
    }
    return
  }
  if (!info.isDirectory()) throw new UsageError(`${printable(shown)} is a file, not a folder of notes`)
  if (dryRun) return
  try {
    await access(vault, constants.W_OK)
  } catch (error) {
    throw new UsageError(`cannot write to the vault ${printable(shown)}: ${reason(error)}`)
  }
}

/** What a failed write says about the vault's disk (full, read-only, not ours), or `undefined` for anything else. */
export function vaultWriteProblem(error: unknown): string | undefined {
  const code = (error as {code?: unknown} | undefined)?.code
  return typeof code === 'string' ? diskCodes[code] : undefined
}

function reason(error: unknown): string {
  const code = (error as {code?: unknown}).code
  return (
    (typeof code === 'string' ? diskCodes[code] : undefined) ?? (error instanceof Error ? error.message : String(error))
  )
}
