import {createHash} from 'node:crypto'
import {mkdir, readdir, readFile, rename, stat, unlink} from 'node:fs/promises'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {gunzip, gzip} from 'node:zlib'
import {formatBytes, writeFileAtomically} from '@chatmark/core'
import {baseGzipLevel} from './stage-note.js'

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/** A base text read (see {@link BaseTexts.load}), or why there is none to merge with. */
export type BaseText = {text: string} | {problem: string}

/** Why an edited note has no base text: it is not kept (lost, or removed by hand). */
export const noBase = 'chatmark no longer has the version it wrote before your edits, to merge them'

/** The least a base text may expand to, whatever the sizes of its note (see {@link baseBound}). */
const minBaseBound = 16 * 1024 * 1024

/**
 * The most a note's base text is expanded to, in bytes, when it is read to merge the note (`current`: the
 * note's bytes; `next`: its new version's): four times the larger of the two, at least 16 MiB. A base is a
 * version of the same conversation that chatmark rendered before; one larger than that was planted or damaged,
 * and reading it whole (a gzip file of megabytes can hold gigabytes) would cost memory without bound.
 */
export function baseBound(current: number, next: number): number {
  return Math.max(minBaseBound, 4 * Math.max(current, next))
}

/**
 * chatmark's own renderings of the conversations, as it last wrote them into
 * notes, before any edit: the common ancestor of a three-way merge of the
 * person's note and the new version. Kept gzipped in `.chatmark/base/`, each
 * named by the SHA-256 of its text, so a text is never replaced by another
 * under the same name: whatever point a run was stopped at, the base a note's
 * record names is the one it was written from.
 */
export interface BaseTexts {
  /**
   * The text whose SHA-256 is `sha256`, checked, expanded to at most `maxBytes` bytes (a text that is longer is
   * refused unread: see {@link baseBound}); why not, when it is not kept, too long, or damaged.
   */
  load(sha256: string, maxBytes: number): Promise<BaseText>
  /** Keeps a text (once: a text kept before is not written again); returns its SHA-256. */
  save(text: string, sha256?: string): Promise<string>
  /** Keeps a text gzipped elsewhere in the vault's state folder (staged by a worker): moved into place, once. */
  adopt(gzipped: string, sha256: string): Promise<void>
  /** The base that version 1 kept under the note's id (`.chatmark/base/<sha256 of id>.md.gz`), as {@link load}. */
  loadLegacy(id: string, maxBytes: number): Promise<BaseText>
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
  const read = async (sha256: string, maxBytes: number): Promise<BaseText> => {
    const path = fileOf(sha256)
    const shown = `its base text .chatmark/base/${sha256}.md.gz`
    const info = await stat(path).catch(() => undefined)
    if (!info?.isFile()) return {problem: noBase}
    const tooLong = {problem: `${shown} expands past ${formatBytes(maxBytes)}, more than this note's: not read`}
    // Gzip makes no text much longer than it is (a few bytes in a thousand, at worst).
    if (info.size > maxBytes + maxBytes / 64 + 1024) return tooLong
    try {
      // Expanded to the bound at most: the expansion stops there, whatever the file holds.
      return {
        text: (await gunzipAsync(await readFile(path), {maxOutputLength: Math.max(1, maxBytes)})).toString('utf8')
      }
    } catch (error) {
      if ((error as {code?: unknown}).code === 'ERR_BUFFER_TOO_LARGE') return tooLong
      return {problem: `${shown} is damaged (${error instanceof Error ? error.message : String(error)})`}
    }
  }
  return {
    async load(sha256, maxBytes) {
      if (!/^[0-9a-f]{64}$/.test(sha256)) return {problem: noBase}
      const found = await read(sha256, maxBytes)
      // A base damaged on disk is no base: a merge against it would take chatmark's lines for the person's.
      if ('text' in found && sha256Of(found.text) !== sha256) {
        return {problem: `its base text .chatmark/base/${sha256}.md.gz is damaged (not the text it is named after)`}
      }
      return found
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
    loadLegacy(id, maxBytes) {
      return read(sha256Of(id), maxBytes)
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
