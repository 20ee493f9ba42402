import {basename, dirname} from 'node:path'
import type {FormatPlugin} from '@chatmark/core'
import {sessionInputs} from '@chatmark/core'
import type {ToolFolder} from './tool-folders.js'

/** A session input found in a tool's folder: a file, or the folder itself (`SessionFolder.input`). */
export interface FoundSession {
  path: string
  folder: boolean
  /** The tool (its slug) and format of the folder it was found in. */
  tool: string
  format: string
}

/**
 * The session inputs under the tools' folders (`sessionInputs`), sorted, each
 * once (the first folder that finds it names its tool). A file that belongs to
 * another input found (`ToolDescriptor.companionOf` of the folder's format, in
 * `formats`: Gemini CLI's `X.json` beside the `X.jsonl` of a resumed legacy
 * session, Codex's `X.jsonl.zst` beside `X.jsonl`) is left out: the input the
 * tool itself reads is kept.
 */
export async function sourceFiles(
  folders: readonly ToolFolder[],
  formats: readonly FormatPlugin[] = []
): Promise<FoundSession[]> {
  const found = new Map<string, FoundSession>()
  for (const folder of folders) {
    for (const path of await sessionInputs(folder)) {
      if (!found.has(path)) {
        found.set(path, {path, folder: folder.input === 'folder', tool: folder.slug, format: folder.format})
      }
    }
  }
  const siblings = new Map<string, Set<string>>()
  for (const path of found.keys()) {
    const names = siblings.get(dirname(path)) ?? new Set<string>()
    names.add(basename(path))
    siblings.set(dirname(path), names)
  }
  const kept: FoundSession[] = []
  for (const session of found.values()) {
    const tool = formats.find((format) => format.name === session.format)?.tool
    const companion = session.folder
      ? undefined
      : await Promise.resolve()
          .then(() => tool?.companionOf?.(session.path, siblings.get(dirname(session.path)) ?? new Set()))
          .catch(() => undefined)
    if (companion === undefined || !found.has(companion.input)) kept.push(session)
  }
  return kept.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
