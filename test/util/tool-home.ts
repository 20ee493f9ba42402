import {copyFile, mkdir, writeFile} from 'node:fs/promises'
import {dirname, join, relative, sep} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {SessionFolder} from '@chatmark/core'
import {sessionInputs} from '@chatmark/core'

// The format packages' tests of their tools' session folders (`test/tool.test.ts`): a home laid out as a tool lays
// out its files, and the inputs `chatmark sync` would take from it.

const repository = fileURLToPath(new URL('../../', import.meta.url))

/** Files to lay out under a home, by path with `/`: a file of the repository to copy, or a file's text. */
export type Layout = Record<string, {fixture: string} | string>

/** Writes `layout` under `home`; a fixture's path is relative to `from` (a folder of the repository). */
export async function layOut(home: string, layout: Layout, from = ''): Promise<void> {
  for (const [path, source] of Object.entries(layout)) {
    const target = join(home, ...path.split('/'))
    await mkdir(dirname(target), {recursive: true})
    if (typeof source === 'string') await writeFile(target, source)
    else await copyFile(join(repository, from, ...source.fixture.split('/')), target)
  }
}

/** The inputs the folders hold (as `chatmark sync` takes them), relative to `home` with `/`, sorted. */
export async function sessionFiles(home: string, folders: readonly SessionFolder[]): Promise<string[]> {
  const files: string[] = []
  for (const folder of folders) {
    for (const path of await sessionInputs(folder)) files.push(relative(home, path).split(sep).join('/'))
  }
  return files.sort()
}
