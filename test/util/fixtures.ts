import {existsSync, readdirSync} from 'node:fs'
import {readdir, readFile, stat} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {Input, RenderOptions} from 'chatmark'
import {inputFromFolder, inputFromPath} from 'chatmark'
import {formatPackages, formatPrefix} from '../../scripts/workspace.js'

/**
 * The repository's `fixtures/` folder: what belongs to no one format, `corpus/` (read by `./corpus.ts`) and
 * `writers/` (hand-written models, read by `../writer-golden.test.ts`).
 */
export const fixturesRoot = fileURLToPath(new URL('../../fixtures/', import.meta.url))

const repoRoot = fileURLToPath(new URL('../../', import.meta.url))

/**
 * Where each format keeps its golden cases, by the name that starts their case names: `<name>` for the cases right
 * in `packages/format-<name>/fixtures/`, and the name of a folder of cases in there (Claude's `claude-code/` and
 * `claude-ai/`, the two tools one format reads), with the format they belong to.
 */
function caseFolders(): Map<string, {dir: string; format: string}> {
  const folders = new Map<string, {dir: string; format: string}>()
  for (const pkg of formatPackages(repoRoot)) {
    const format = pkg.dir.slice(formatPrefix.length)
    const root = join(repoRoot, 'packages', pkg.dir, 'fixtures')
    if (!existsSync(root)) continue
    folders.set(format, {dir: root, format})
    for (const entry of readdirSync(root, {withFileTypes: true}))
      if (entry.isDirectory() && !isCase(join(root, entry.name)))
        folders.set(entry.name, {dir: join(root, entry.name), format})
  }
  return folders
}

/** Whether the folder is a golden case: it holds an `input.*` file or an `input` folder. */
function isCase(dir: string): boolean {
  return readdirSync(dir).some((file) => file === 'input' || file.startsWith('input.'))
}

/**
 * The path of a file of a golden case, `<case name>/<file>` (`codex/fork/input.jsonl`,
 * `claude-code/real-tui-compact/output.md`), in the package of its format.
 */
export function fixturePath(path: string): string {
  const [folder = '', ...rest] = path.split('/')
  const found = caseFolders().get(folder)
  if (!found) throw new Error(`No format package has the golden cases of \`${folder}\` (${path})`)
  return join(found.dir, ...rest)
}

/** One golden case: `fixtures/<folder>/<case>/` with an `input.*` file. */
export interface FixtureCase {
  /** `<format>/<case>`, or `<folder>/<case>` for a folder of cases in a format's fixtures (`claude-code/...`). */
  name: string
  /** The format that must win detection: the one whose package holds the case. */
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

/** Every golden case of every format package, sorted by name. */
export async function fixtureCases(): Promise<FixtureCase[]> {
  const cases: FixtureCase[] = []
  for (const [folder, {dir: root, format}] of caseFolders()) {
    for (const entry of await readdir(root, {withFileTypes: true})) {
      if (!entry.isDirectory()) continue
      const dir = join(root, entry.name)
      const input = (await readdir(dir)).find((file) => file === 'input' || file.startsWith('input.'))
      if (!input) continue
      const isFolder = (await stat(join(dir, input))).isDirectory()
      cases.push({name: `${folder}/${entry.name}`, format, dir, input: join(dir, input), isFolder})
    }
  }
  return cases.sort((a, b) => a.name.localeCompare(b.name))
}
