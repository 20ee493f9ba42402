import {readdir} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'

/** The repository's `fixtures/` folder. */
export const fixturesRoot = fileURLToPath(new URL('../../fixtures/', import.meta.url))

/** One golden case: `fixtures/<format>/<case>/` with an `input.*` file. */
export interface FixtureCase {
  /** `<format>/<case>`. */
  name: string
  /** The folder name under `fixtures/`, which is the format that must win detection. */
  format: string
  dir: string
  input: string
}

/** Every golden case, sorted by name. */
export async function fixtureCases(): Promise<FixtureCase[]> {
  const cases: FixtureCase[] = []
  for (const format of (await readdir(fixturesRoot, {withFileTypes: true})).filter((entry) => entry.isDirectory())) {
    for (const entry of await readdir(join(fixturesRoot, format.name), {withFileTypes: true})) {
      if (!entry.isDirectory()) continue
      const dir = join(fixturesRoot, format.name, entry.name)
      const input = (await readdir(dir)).find((file) => file.startsWith('input.'))
      if (input) cases.push({name: `${format.name}/${entry.name}`, format: format.name, dir, input: join(dir, input)})
    }
  }
  return cases.sort((a, b) => a.name.localeCompare(b.name))
}
