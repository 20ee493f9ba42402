import {existsSync} from 'node:fs'
import {readdir, readFile, stat} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {Input, RenderOptions} from 'chatmark'
import {inputFromFolder, inputFromPath} from 'chatmark'

/**
 * The repository's `fixtures/` folder: one folder per tool, plus `corpus/` (read
 * by `./corpus.ts`) and `writers/` (hand-written models, read by
 * `../writer-golden.test.ts`).
 */
export const fixturesRoot = fileURLToPath(new URL('../../fixtures/', import.meta.url))

/** Folders of `fixtures/` that hold no golden cases of a tool. */
const notToolFolders: ReadonlySet<string> = new Set(['corpus', 'writers'])

/** Fixture folders named after a tool whose format plugin has another name. */
const folderFormats: Readonly<Record<string, string>> = {'claude-code': 'claude', 'claude-ai': 'claude'}

/** One golden case: `fixtures/<folder>/<case>/` with an `input.*` file. */
export interface FixtureCase {
  /** `<folder>/<case>`. */
  name: string
  /** The format that must win detection: the folder's name, or the plugin that owns that folder. */
  format: string
  dir: string
  /** The `input.*` file, or a folder named `input` (an export folder). */
  input: string
  isFolder: boolean
}

/** The case's input, as the CLI would open it. */
export async function fixtureInput(fixture: FixtureCase): Promise<Input> {
  return fixture.isFolder ? inputFromFolder(fixture.input) : inputFromPath(fixture.input)
}

/** A case's `options.json`: format options for the reader, render options for the notes. */
export interface CaseOptions {
  format?: Record<string, unknown>
  render?: RenderOptions
}

/** The case's `options.json`, or no options when it has none. */
export async function readCaseOptions(fixture: FixtureCase): Promise<CaseOptions> {
  const path = join(fixture.dir, 'options.json')
  return existsSync(path) ? (JSON.parse(await readFile(path, 'utf8')) as CaseOptions) : {}
}

/** Every golden case, sorted by name. */
export async function fixtureCases(): Promise<FixtureCase[]> {
  const cases: FixtureCase[] = []
  const formats = (await readdir(fixturesRoot, {withFileTypes: true})).filter(
    (entry) => entry.isDirectory() && !notToolFolders.has(entry.name)
  )
  for (const format of formats) {
    for (const entry of await readdir(join(fixturesRoot, format.name), {withFileTypes: true})) {
      if (!entry.isDirectory()) continue
      const dir = join(fixturesRoot, format.name, entry.name)
      const input = (await readdir(dir)).find((file) => file === 'input' || file.startsWith('input.'))
      if (!input) continue
      const isFolder = (await stat(join(dir, input))).isDirectory()
      cases.push({
        name: `${format.name}/${entry.name}`,
        format: folderFormats[format.name] ?? format.name,
        dir,
        input: join(dir, input),
        isFolder
      })
    }
  }
  return cases.sort((a, b) => a.name.localeCompare(b.name))
}
