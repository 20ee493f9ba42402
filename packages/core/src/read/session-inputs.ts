import {glob} from 'tinyglobby'
import type {SessionFolder} from './tool.js'

/**
 * The inputs a tool's session folder holds, absolute and sorted: the files
 * its patterns take (not those `ignore` names; no link followed, no hidden
 * file unless a pattern names one), or, for a folder that is one input
 * (`input: 'folder'`), the folder itself when its patterns take any file. A
 * folder that does not exist holds none.
 */
export async function sessionInputs(folder: SessionFolder): Promise<string[]> {
  const files = await glob([...folder.patterns], {
    cwd: folder.path,
    absolute: true,
    onlyFiles: true,
    followSymbolicLinks: false,
    dot: false,
    ignore: [...(folder.ignore ?? [])],
    expandDirectories: false
  }).catch(() => [] as string[])
  if (folder.input === 'folder') return files.length > 0 ? [folder.path] : []
  return files.sort()
}
