import {createHash} from 'node:crypto'
import {mkdir, readdir, readFile, rename, stat, unlink} from 'node:fs/promises'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {gunzip, gzip} from 'node:zlib'
import {writeFileAtomically} from '@chatmark/core'
import {baseGzipLevel} from './stage-note.js'

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/**
 * chatmark's own renderings of the conversations, as it last wrote them into
 * notes, before any edit: the common ancestor of a three-way merge of the
 * person's note and the new version. Kept gzipped in `.chatmark/base/`, each
 * named by the SHA-256 of its text, so a text is never replaced by another
 * under the same name: whatever point a run was stopped at, the base a note's
 * record names is the one it was written from.
 */
export interface BaseTexts {
  /** The text whose SHA-256 is `sha256`, checked; `undefined` when it is not kept (or no longer matches). */
  load(sha256: string): Promise<string | undefined>
  /** Keeps a text (once: a text kept before is not written again); returns its SHA-256. */
  save(text: string, sha256?: string): Promise<string>
  /** Keeps a text gzipped elsewhere in the vault's state folder (staged by a worker): moved into place, once. */
  adopt(gzipped: string, sha256: string): Promise<void>
  /** The base that version 1 kept under the note's id (`.chatmark/base/<sha256 of id>.md.gz`), if any. */
  loadLegacy(id: string): Promise<string | undefined>
  /** Removes every kept text but those named (of this store's making: nothing else in the folder). */
  keepOnly(sha256s: ReadonlySet<string>): Promise<void>
}

/** The SHA-256 of a text, in hex. */
export function sha256Of(text: string | Uint8Array): string {
  return createHash('sha256').update(text).digest('hex')
}

/** A base text's file name. */
const baseName = /^([0-9a-f]{64})\.md\.gz$/

export function baseTexts(stateDir: string, dryRun: boolean, run?: string): BaseTexts {
  const folder = join(stateDir, 'base')
  const fileOf = (sha256: string): string => join(folder, `${sha256}.md.gz`)
  const kept = new Set<string>()
  let madeFolder = false
  const read = async (path: string): Promise<string | undefined> => {
    try {
      return (await gunzipAsync(await readFile(path))).toString('utf8')
    } catch {
      return undefined
    }
  }
  return {
    async load(sha256) {
      if (!/^[0-9a-f]{64}$/.test(sha256)) return undefined
      const text = await read(fileOf(sha256))
      // A base damaged on disk is no base: a merge against it would take chatmark's lines for the person's.
      return text !== undefined && sha256Of(text) === sha256 ? text : undefined
    },
    async save(text, sha256 = sha256Of(text)) {
      if (dryRun || kept.has(sha256)) return sha256
      // Named by its content: one that is there already holds this text.
      if (await stat(fileOf(sha256)).catch(() => undefined)) {
        kept.add(sha256)
        return sha256
      }
      if (!madeFolder) {
        await mkdir(folder, {recursive: true})
        madeFolder = true
      }
      // Not synced: a base lost in a power cut only makes the next merge of that note a keep-beside.
      await writeFileAtomically(fileOf(sha256), await gzipAsync(Buffer.from(text, 'utf8'), {level: baseGzipLevel}), {
        sync: 'none',
        ...(run === undefined ? {} : {run})
      })
      kept.add(sha256)
      return sha256
    },
    async adopt(gzipped, sha256) {
      if (dryRun || kept.has(sha256)) return
      if (!madeFolder) {
        await mkdir(folder, {recursive: true})
        madeFolder = true
      }
      if (!(await stat(fileOf(sha256)).catch(() => undefined))) await rename(gzipped, fileOf(sha256))
      kept.add(sha256)
    },
    loadLegacy(id) {
      return read(fileOf(sha256Of(id)))
    },
    async keepOnly(sha256s) {
      if (dryRun) return
      const names = await readdir(folder).catch(() => [] as string[])
      for (const name of names) {
        const sha256 = baseName.exec(name)?.[1]
        if (sha256 !== undefined && !sha256s.has(sha256)) await unlink(join(folder, name)).catch(() => undefined)
      }
    }
  }
}
