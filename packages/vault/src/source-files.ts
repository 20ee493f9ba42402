import {sessionInputs} from '@chatmark/core'
import type {ToolFolder} from './tool-folders.js'

/** A session input found in a tool's folder: a file, or the folder itself (`SessionFolder.input`). */
export interface FoundSession {
  path: string
  folder: boolean
  /** The tool and format of the folder it was found in. */
  tool: string
  format: string
}

/**
 * The session inputs under the tools' folders (`sessionInputs`), sorted, each
 * once (the first folder that finds it names its tool). Where a tool left one
 * session in two files (Gemini CLI's `X.json` beside the `X.jsonl` of a
 * resumed legacy session, Codex's `X.jsonl` beside `X.jsonl.zst`), the one the
 * tool itself reads is kept: the `.jsonl`, the uncompressed file.
 */
export async function sourceFiles(folders: readonly ToolFolder[]): Promise<FoundSession[]> {
  const found = new Map<string, FoundSession>()
  for (const folder of folders) {
    for (const path of await sessionInputs(folder)) {
      if (!found.has(path)) {
        found.set(path, {path, folder: folder.input === 'folder', tool: folder.tool, format: folder.format})
      }
    }
  }
  return [...found.values()]
    .filter(({path}) => !(path.endsWith('.json') && found.has(`${path}l`)))
    .filter(({path}) => !(path.endsWith('.zst') && found.has(path.slice(0, -4))))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
}
