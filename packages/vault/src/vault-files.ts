import {link, lstat, mkdir, readdir, readFile, realpath, rename, unlink} from 'node:fs/promises'
import {join, relative, sep} from 'node:path'
import {syncFolder, writeFileAtomically} from '@chatmark/core'
import {isVault} from './state-folder.js'
import {foldedName} from './note-path.js'
import {safeRelativePath} from './vault-state.js'

/** Errors of `link` on file systems without hard links (FAT, some network shares), or across two of them. */
const noHardLinks: ReadonlySet<string> = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV'])

/**
 * The files of a vault, by vault path (relative, with `/`): every path is
 * checked to stay inside the vault, no folder on the way may be a link, and
 * every write is atomic (a temporary file of the run's mark, renamed or
 * linked into place). Nothing is written in a dry run.
 */
export class VaultFiles {
  /** Folders written into, synced once at the end of the run (see {@link VaultFiles.syncFolders}). */
  readonly #touched = new Set<string>()
  /** Folders (vault paths) checked in this run to be folders inside the vault, made where missing. */
  readonly #checked = new Set<string>()
  /** The names in a folder (by vault path), folded (`foldedName`), read when first asked and kept up by the run. */
  readonly #folded = new Map<string, Set<string>>()

  constructor(
    readonly root: string,
    readonly rootReal: string,
    readonly run: string,
    readonly dryRun: boolean
  ) {}

  /** The absolute path of a vault path, or an error if it would leave the vault. */
  inside(path: string): string {
    if (!safeRelativePath(path)) throw new Error(`${path} is not a path inside the vault`)
    const location = join(this.root, ...path.split('/'))
    if (relative(this.root, location).startsWith('..')) throw new Error(`${path} is outside the vault`)
    return location
  }

  /** The text of a note that is a regular file in the vault, or `undefined`. */
  async read(path: string): Promise<string | undefined> {
    const location = this.inside(path)
    const info = await lstat(location).catch(() => undefined)
    if (!info?.isFile()) return undefined
    return readFile(location, 'utf8').catch(() => undefined)
  }

  /** Whether anything (a file, a folder, a link) is at a vault path. */
  async exists(path: string): Promise<boolean> {
    return (await lstat(this.inside(path)).catch(() => undefined)) !== undefined
  }

  /**
   * Whether a file of another name that folds to this one's (`foldedName`: `Hello.md` for `hello.md`) is in
   * its folder: on a disk that ignores case or normalisation, this name is that file's.
   */
  async takenFolded(path: string): Promise<boolean> {
    const slash = path.lastIndexOf('/')
    return (await this.#foldedNames(path.slice(0, Math.max(slash, 0)))).has(foldedName(path.slice(slash + 1)))
  }

  async #foldedNames(folder: string): Promise<Set<string>> {
    let names = this.#folded.get(folder)
    if (names === undefined) {
      const listed = await readdir(folder === '' ? this.root : this.inside(folder)).catch(() => [] as string[])
      names = new Set(listed.map(foldedName))
      this.#folded.set(folder, names)
    }
    return names
  }

  /** Notes a name now taken in its folder, for {@link takenFolded}. */
  #taken(path: string): void {
    const slash = path.lastIndexOf('/')
    this.#folded.get(path.slice(0, Math.max(slash, 0)))?.add(foldedName(path.slice(slash + 1)))
  }

  /** Writes a new file where nothing is; `false` when something is there after all. */
  async create(path: string, text: string | Uint8Array): Promise<boolean> {
    if (this.dryRun) return true
    const location = this.inside(path)
    const folder = await this.folderOf(path)
    try {
      await writeFileAtomically(location, text, {sync: 'file', noReplace: true, run: this.run})
    } catch (error) {
      if ((error as {code?: unknown}).code === 'EEXIST') return false
      throw error
    }
    this.#touched.add(folder)
    this.#taken(path)
    return true
  }

  /**
   * Replaces a file, but only while it holds `expected` (checked once the new
   * text is safely written beside it, just before it takes its place):
   * `false` when someone changed it meanwhile, and it is left as they made it.
   */
  async replace(path: string, text: string, expected: string): Promise<boolean> {
    if (this.dryRun) return true
    const location = this.inside(path)
    const folder = await this.folderOf(path)
    const done = await writeFileAtomically(location, text, {
      sync: 'file',
      run: this.run,
      beforeReplace: async () => (await this.read(path)) === expected
    })
    if (done) this.#touched.add(folder)
    return done
  }

  /**
   * Puts a staged note (a temporary file of the run's, on the vault's disk)
   * where nothing is: linked into place, so nothing that appeared at `path`
   * meanwhile is replaced; `false` when something is there. The staged file's
   * name is removed either way once it is placed.
   */
  async placeStaged(staged: string, path: string): Promise<boolean> {
    if (this.dryRun) return true
    const target = this.inside(path)
    const folder = await this.folderOf(path)
    try {
      await link(staged, target)
    } catch (error) {
      const code = (error as {code?: unknown}).code
      if (code === 'EEXIST') return false
      if (!noHardLinks.has(String(code))) throw error
      if (await this.exists(path)) return false
      // Another disk mounted inside the vault: no link or rename reaches it; the text is copied.
      if (code === 'EXDEV') return this.create(path, await readFile(staged))
      await rename(staged, target)
      this.#touched.add(folder)
      this.#taken(path)
      return true
    }
    await unlink(staged)
    this.#touched.add(folder)
    this.#taken(path)
    return true
  }

  /** Puts a staged note in the place of a file, but only while that file holds `expected` (see {@link replace}). */
  async replaceWithStaged(staged: string, path: string, expected: string): Promise<boolean> {
    if (this.dryRun) return true
    const target = this.inside(path)
    const folder = await this.folderOf(path)
    if ((await this.read(path)) !== expected) return false
    try {
      await rename(staged, target)
    } catch (error) {
      if ((error as {code?: unknown}).code !== 'EXDEV') throw error
      return this.replace(path, await readFile(staged, 'utf8'), expected)
    }
    this.#touched.add(folder)
    return true
  }

  /**
   * Moves a file to a path where nothing is (a hard link, then the old name
   * removed, so that nothing at `to` is ever replaced); `false` when
   * something is at `to`.
   */
  async move(from: string, to: string): Promise<boolean> {
    if (this.dryRun) return true
    const source = this.inside(from)
    const target = this.inside(to)
    const folder = await this.folderOf(to)
    try {
      await link(source, target)
      await unlink(source)
    } catch (error) {
      const code = (error as {code?: unknown}).code
      if (code === 'EEXIST') return false
      if (!noHardLinks.has(String(code))) throw error
      if (await this.exists(to)) return false
      await rename(source, target)
    }
    this.#taken(to)
    this.#touched.add(folder)
    this.#touched.add(join(source, '..'))
    return true
  }

  /** Removes a file of chatmark's own while it still holds `text`; one someone changed stays. */
  async removeIfUnchanged(path: string, text: (current: string) => boolean): Promise<void> {
    if (this.dryRun) return
    const current = await this.read(path)
    if (current !== undefined && text(current)) await unlink(this.inside(path)).catch(() => undefined)
  }

  /**
   * The folder of a vault path, made where missing, one level at a time: a
   * level that is a link (or not a folder) is never followed or made through,
   * since it could take the note out of the vault.
   */
  async folderOf(path: string): Promise<string> {
    const segments = path.split('/').slice(0, -1)
    const known = segments.join('/')
    // Checked once a run: every note of a month's folder would otherwise check each level of it again.
    if (this.#checked.has(known)) return join(this.root, ...segments)
    let folder = this.root
    for (const [index, segment] of segments.entries()) {
      folder = join(folder, segment)
      const info = await lstat(folder).catch(() => undefined)
      const where = segments.slice(0, index + 1).join('/')
      if (info?.isDirectory()) {
        // Another vault's folder is its own: a note of this one never goes in it.
        if (await isVault(folder)) throw new Error(`${where} is another vault (it has .chatmark/): no note goes in it`)
        continue
      }
      if (info)
        throw new Error(`${where} leads out of the vault (${info.isSymbolicLink() ? 'a link' : 'not a folder'})`)
      await mkdir(folder).catch((error: unknown) => {
        if ((error as {code?: unknown}).code !== 'EEXIST') throw error
      })
    }
    const real = await realpath(folder)
    if (real !== this.rootReal && !real.startsWith(`${this.rootReal}${sep}`)) {
      throw new Error(`${segments.join('/')} leads out of the vault`)
    }
    this.#checked.add(known)
    return folder
  }

  /** Makes the renames of the run durable: each folder written into, synced once. */
  async syncFolders(): Promise<void> {
    for (const folder of this.#touched) await syncFolder(folder)
    this.#touched.clear()
  }
}
