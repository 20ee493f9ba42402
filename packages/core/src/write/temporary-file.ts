import {randomBytes} from 'node:crypto'
import {constants, openSync} from 'node:fs'
import type {FileHandle} from 'node:fs/promises'
import {lstat, open, readdir, unlink} from 'node:fs/promises'
import {join} from 'node:path'

/** The names chatmark gives its temporary files: hidden, 128 random bits, so no one can plant a file or link there. */
const temporaryName = /^\.chatmark-[0-9a-f]{32}\.tmp$/

/**
 * A temporary file of chatmark's older than this was left by a run that was
 * killed (a live run renames or removes its own within moments of writing
 * it), and the next run into the folder removes it.
 */
export const staleTemporaryMs = 10 * 60 * 1000

/** How many random names are tried before giving up (a collision of 128 random bits means something is wrong). */
const maxNameAttempts = 8

/** `O_NOFOLLOW` where the platform has it. */
const noFollow = constants.O_NOFOLLOW ?? 0

/** A temporary file, open for writing. */
export interface TemporaryFile {
  path: string
  handle: FileHandle
}

/**
 * Creates a new temporary file in `folder` (an absolute path) under an
 * unpredictable name, exclusively (`O_EXCL`, `O_NOFOLLOW`): it never opens a
 * file or a link that was there before, and tries another name if one was.
 * `run` (8 hex digits, see {@link temporaryRun}) starts the name, so that the
 * run can remove what its worker threads left when it stopped early.
 */
export async function createTemporaryFile(folder: string, run?: string): Promise<TemporaryFile> {
  for (let attempt = 1; ; attempt++) {
    const path = temporaryPath(folder, run)
    try {
      return {path, handle: await open(path, createFlags, 0o666)}
    } catch (error) {
      if (!tryAgain(error, attempt)) throw error
    }
  }
}

/**
 * {@link createTemporaryFile} with a plain file descriptor, synchronously:
 * writing many small notes, a round trip through libuv's thread pool for
 * each open, write and close cost more than the calls themselves (and
 * queued behind the pool's fsyncs, a worker thread sat idle).
 */
export function openTemporaryFile(folder: string, run?: string): {path: string; fd: number} {
  for (let attempt = 1; ; attempt++) {
    const path = temporaryPath(folder, run)
    try {
      return {path, fd: openSync(path, createFlags, 0o666)}
    } catch (error) {
      if (!tryAgain(error, attempt)) throw error
    }
  }
}

const createFlags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | noFollow

function temporaryPath(folder: string, run: string | undefined): string {
  const prefix = run !== undefined && /^[0-9a-f]{8}$/.test(run) ? run : ''
  return join(folder, `.chatmark-${prefix}${randomHex(16 - prefix.length / 2)}.tmp`)
}

/** Random bytes drawn 4 KiB at a time: one `randomBytes` call per note cost an export's workers 1% of their time. */
let pool = Buffer.alloc(0)
let used = 0

function randomHex(bytes: number): string {
  if (used + bytes > pool.length) {
    pool = randomBytes(4096)
    used = 0
  }
  used += bytes
  return pool.toString('hex', used - bytes, used)
}

function tryAgain(error: unknown, attempt: number): boolean {
  return (error as {code?: unknown}).code === 'EEXIST' && attempt < maxNameAttempts
}

/** A new run's mark for its temporary files' names (see {@link createTemporaryFile}). */
export function temporaryRun(): string {
  return randomBytes(4).toString('hex')
}

/**
 * Removes the temporary files that killed runs left in `folder`: regular
 * files named as chatmark names them and older than {@link staleTemporaryMs};
 * with `run`, that run's own whatever their age (what its workers left when
 * it stopped early). Nothing else is touched; a file that cannot be removed is
 * left.
 */
export async function removeStaleTemporaries(folder: string, now = Date.now(), run?: string): Promise<void> {
  await removeTemporariesWhere(folder, (name, mtimeMs) => {
    const ours = run !== undefined && name.startsWith(`.chatmark-${run}`)
    return ours || now - mtimeMs > staleTemporaryMs
  })
}

/**
 * Removes every temporary file chatmark named in `folder`, whatever its age:
 * for a folder only chatmark writes into, by a caller that holds it alone (a
 * vault's staging folder under the vault's lock), where any such file was
 * left by a run that is gone.
 */
export async function removeEveryTemporary(folder: string): Promise<void> {
  await removeTemporariesWhere(folder, () => true)
}

async function removeTemporariesWhere(
  folder: string,
  remove: (name: string, mtimeMs: number) => boolean
): Promise<void> {
  let names: string[]
  try {
    names = await readdir(folder)
  } catch {
    return
  }
  for (const name of names) {
    if (!temporaryName.test(name)) continue
    const path = join(folder, name)
    const info = await lstat(path).catch(() => undefined)
    if (info?.isFile() && remove(name, info.mtimeMs)) await unlink(path).catch(() => undefined)
  }
}
