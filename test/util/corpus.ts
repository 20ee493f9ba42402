import {readdirSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {toolSlug} from '@chatmark/core'
import {builtinFormats} from 'chatmark'

/** `fixtures/corpus/`: sample files from public projects and real CLIs, with their provenance. */
export const corpusRoot = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url))

/**
 * The format that owns each corpus folder: a folder is named by the slug of the tool whose files it holds, as the
 * built-in formats' tool descriptors give it (`claude-code`, and `claude-ai` for the Claude format's export
 * variant), so a new format's corpus folder needs no entry here.
 */
export const corpusOwners: Readonly<Record<string, string>> = Object.fromEntries(
  builtinFormats().flatMap(({name, tool}) => {
    const identities = tool ? [tool, ...Object.values(tool.variants ?? {})] : []
    return identities.map((identity) => [toolSlug(identity.slug ?? identity.name), name])
  })
)

/**
 * Folders whose owner is registered but does not read that variant yet; no
 * format may claim their files until it does. Empty while every variant is read.
 */
export const pendingVariants: ReadonlySet<string> = new Set<string>()

/** Every sample file in the corpus, with the format that owns it and whether that format reads it yet. */
export function corpusFiles(): Array<{name: string; path: string; owner: string; pending: boolean}> {
  const files: Array<{name: string; path: string; owner: string; pending: boolean}> = []
  const folders = readdirSync(corpusRoot, {withFileTypes: true}).filter((entry) => entry.isDirectory())
  for (const folder of folders.map((entry) => entry.name).filter((name) => name !== 'LICENSES')) {
    const owner = corpusOwners[folder]
    if (owner === undefined) throw new Error(`fixtures/corpus/${folder}/ is named after no built-in format's tool`)
    for (const name of readdirSync(join(corpusRoot, folder)).sort()) {
      if (name === 'PROVENANCE.md') continue
      files.push({
        name: `${folder}/${name}`,
        path: join(corpusRoot, folder, name),
        owner,
        pending: pendingVariants.has(folder)
      })
    }
  }
  return files
}
