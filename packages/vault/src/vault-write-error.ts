import {isAbsolute, relative, sep} from 'node:path'

/** What an error of the file system says about a path of the vault, in words. */
const problems: Readonly<Record<string, string>> = {
  ENOSPC: 'the disk is full',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EISDIR: 'it is a folder, not a file',
  ENOTDIR: 'a file is on the way, where a folder should be',
  EEXIST: 'something else is in the way',
  ELOOP: 'it is a link',
  EIO: 'the disk failed to read or write'
}

/** What failed, counted before the run stopped (see {@link VaultWriteError.written}). */
export interface WrittenBeforeStop {
  /** Notes written (new, updated, renamed, or a new version beside an edited note) before the run stopped. */
  notes: number
}

/**
 * The vault cannot take what a sync writes: its disk is full or read-only,
 * a folder is not writable, or a file of its own (`.chatmark/state.json`, the
 * journal, the base texts) is not what it should be. The run stops at once:
 * every note is written atomically, so nothing is half-written, what it wrote
 * stays, and the next run takes up the rest (its journal).
 */
export class VaultWriteError extends Error {
  /** What the run had written when it stopped. */
  written: WrittenBeforeStop = {notes: 0}

  constructor(
    /** The path that could not be written, absolute. */
    readonly path: string,
    /** Why, in words (`the disk is full`). */
    readonly problem: string,
    /** The error's code (`ENOSPC`), when it had one. */
    readonly code?: string
  ) {
    super(`cannot write to ${path}: ${problem}`)
    this.name = 'VaultWriteError'
  }

  /** The path as the person named the vault (`shown`), when it is inside `vault`. */
  shownPath(vault: string, shown: string): string {
    const rest = relative(vault, this.path)
    if (rest === '') return shown
    if (rest === '..' || rest.startsWith(`..${sep}`) || isAbsolute(rest)) return this.path
    return `${shown.replace(/[\\/]+$/, '')}${sep}${rest}`
  }
}

/** The words for an error's code (see {@link VaultWriteError}), or `undefined` for any other error. */
export function writeProblem(error: unknown): string | undefined {
  const code = (error as {code?: unknown} | undefined)?.code
  return typeof code === 'string' ? problems[code] : undefined
}

/**
 * An error of the file system met while writing the vault, as a
 * {@link VaultWriteError} (`where`: the path, when the error names none), or
 * `undefined` when it is not one (a bug, to be seen as one).
 */
export function vaultWriteError(error: unknown, where: string): VaultWriteError | undefined {
  if (error instanceof VaultWriteError) return error
  const problem = writeProblem(error)
  if (problem === undefined) return undefined
  const {code, path} = error as {code: string; path?: unknown}
  return new VaultWriteError(typeof path === 'string' ? path : where, problem, code)
}
