import {createHash} from 'node:crypto'
import {mkdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {promisify} from 'node:util'
import {gunzip, gzip} from 'node:zlib'
import {writeFileAtomically} from '@chatmark/core'

const gzipAsync = promisify(gzip)
const gunzipAsync = promisify(gunzip)

/**
 * The text of each note as chatmark last wrote it, before any edit, kept
 * gzipped in `.chatmark/base/`: the common ancestor of a three-way merge of
 * the person's note and the new version. Without it, an edited note could
 * only be kept or replaced.
 */
export interface BaseTexts {
  load(id: string): Promise<string | undefined>
  save(id: string, text: string): Promise<void>
}

export function baseTexts(stateDir: string, dryRun: boolean): BaseTexts {
  const folder = join(stateDir, 'base')
  const fileOf = (id: string): string => join(folder, `${createHash('sha256').update(id).digest('hex')}.md.gz`)
  return {
    async load(id) {
      try {
        return (await gunzipAsync(await readFile(fileOf(id)))).toString('utf8')
      } catch {
        return undefined
      }
    },
    async save(id, text) {
      if (dryRun) return
      await mkdir(folder, {recursive: true})
      // Not synced: a base lost in a power cut only makes the next merge of that note a keep-beside.
      await writeFileAtomically(fileOf(id), await gzipAsync(Buffer.from(text, 'utf8')), {sync: 'none'})
    }
  }
}
