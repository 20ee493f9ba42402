import {readdirSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

/** `fixtures/corpus/`: sample files from public projects and real CLIs, with their provenance. */
export const corpusRoot = fileURLToPath(new URL('../../fixtures/corpus/', import.meta.url))

/** The format that owns each corpus folder. */
export const corpusOwners: Readonly<Record<string, string>> = {
  'gemini-cli': 'gemini',
  'claude-code': 'claude',
  'claude-ai': 'claude',
  codex: 'codex',
  chatgpt: 'chatgpt',
  slack: 'slack'
}

/**
 * Folders whose owner is registered but does not read that variant yet; no
 * format may claim their files until it does. Empty while every variant is read.
 */
export const pendingVariants: ReadonlySet<string> = new Set<string>()

/** Every sample file in the corpus, with the format that owns it and whether that format reads it yet. */
export function corpusFiles(): Array<{name: string; path: string; owner: string; pending: boolean}> {
  const files: Array<{name: string; path: string; owner: string; pending: boolean}> = []
  for (const [folder, owner] of Object.entries(corpusOwners)) {
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
