import {link, lstat, open, rename, unlink} from 'node:fs/promises'
import {dirname} from 'node:path'
import {createTemporaryFile} from './temporary-file.js'

/** Options for {@link writeFileAtomically}. */
export interface AtomicWriteOptions {
  /** The file's mode. Default: 0o666 less the umask. */
  mode?: number
  /**
   * What is synced to disk: `all` (the file, then its folder after the
   * rename), `file` (the caller syncs the folder once for many files: see
   * {@link syncFolder}), or `none` (a cache that may be lost). Default: `all`.
   */
  sync?: 'all' | 'file' | 'none'
  /**
   * Never replace a file at `path`: fail with `EEXIST` if one is there, even
   * one made a moment before the new file is put in place (it is linked, not
   * renamed, into place where the file system can link).
   */
  noReplace?: boolean
  /** The run's mark, which starts the temporary file's name (see `temporaryRun`). */
  run?: string
  /**
   * Called once the new text is safely in the temporary file, just before it
   * is put in place: returning `false` leaves `path` as it is (the temporary
   * file is removed) and makes the write return `false`. A caller checks here
   * that `path` still holds what it decided on.
   */
  beforeReplace?: () => Promise<boolean>
}

/**
 * Writes `text` to `path` so that the path holds either its old content or
 * the whole new text, whatever happens: a new temporary file in the same
 * folder (see {@link createTemporaryFile}: never a planted file or link),
 * synced, renamed over `path`, and the folder synced so the rename survives a
 * power cut. Whatever was at `path` is replaced, a link included (the link
 * itself, never its target), unless `noReplace`. The temporary file is
 * removed on failure.
 *
 * @returns `true`, or `false` when `beforeReplace` declined the write.
 */
export async function writeFileAtomically(
  path: string,
  text: string | Uint8Array,
  options: AtomicWriteOptions = {}
): Promise<boolean> {
  const {mode, sync = 'all'} = options
  const folder = dirname(path)
  const temporary = await createTemporaryFile(folder, options.run)
  let isOpen = true
  try {
    await temporary.handle.writeFile(text)
    if (mode !== undefined) await temporary.handle.chmod(mode)
    if (sync !== 'none') await temporary.handle.sync()
    await temporary.handle.close()
    isOpen = false
    if (options.beforeReplace && !(await options.beforeReplace())) {
      await unlink(temporary.path).catch(() => undefined)
      return false
    }
    if (options.noReplace) await linkInPlace(temporary.path, path)
    else await rename(temporary.path, path)
  } catch (error) {
    if (isOpen) await temporary.handle.close().catch(() => undefined)
    await unlink(temporary.path).catch(() => undefined)
    throw error
  }
  if (sync === 'all') await syncFolder(folder)
  return true
}

/**
 * Puts `temporary` in place at `path` unless something is there: a hard link
 * (which fails if `path` exists), then the temporary name removed. A file
 * system without hard links gets a rename after a look at `path`.
 */
async function linkInPlace(temporary: string, path: string): Promise<void> {
  try {
    await link(temporary, path)
  } catch (error) {
    const code = (error as {code?: unknown}).code
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP' && code !== 'ENOSYS') throw error
    if (await lstat(path).catch(() => undefined)) {
      throw Object.assign(new Error(`EEXIST: file already exists, ${path}`), {code: 'EEXIST', path})
    }
    await rename(temporary, path)
    return
  }
  await unlink(temporary)
}

/** Makes a folder's new entries durable; a platform that cannot sync a folder (Windows) is let be. */
export async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r').catch(() => undefined)
  if (!handle) return
  try {
    await handle.sync().catch(() => undefined)
  } finally {
    await handle.close()
  }
}
