import {open, rename, unlink} from 'node:fs/promises'
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
}

/**
 * Writes `text` to `path` so that the path holds either its old content or
 * the whole new text, whatever happens: a new temporary file in the same
 * folder (see {@link createTemporaryFile}: never a planted file or link),
 * synced, renamed over `path`, and the folder synced so the rename survives a
 * power cut. Whatever was at `path` is replaced, a link included (the link
 * itself, never its target). The temporary file is removed on failure.
 */
export async function writeFileAtomically(
  path: string,
  text: string | Uint8Array,
  options: AtomicWriteOptions = {}
): Promise<void> {
  const {mode, sync = 'all'} = options
  const folder = dirname(path)
  const temporary = await createTemporaryFile(folder)
  let isOpen = true
  try {
    await temporary.handle.writeFile(text)
    if (mode !== undefined) await temporary.handle.chmod(mode)
    if (sync !== 'none') await temporary.handle.sync()
    await temporary.handle.close()
    isOpen = false
    await rename(temporary.path, path)
  } catch (error) {
    if (isOpen) await temporary.handle.close().catch(() => undefined)
    await unlink(temporary.path).catch(() => undefined)
    throw error
  }
  if (sync === 'all') await syncFolder(folder)
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
