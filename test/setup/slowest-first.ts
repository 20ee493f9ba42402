import {readFileSync, statSync} from 'node:fs'
import {relative} from 'node:path'
import type {TestSpecification} from 'vitest/node'
import {BaseSequencer} from 'vitest/node'

/** The repository, which the recorded durations' paths are relative to. */
const root = new URL('../../', import.meta.url).pathname

/**
 * The seconds each test file took in a recorded run (`scripts/record-test-durations.js` writes them), by path
 * from the repository.
 */
const recorded: Readonly<Record<string, number>> = JSON.parse(
  readFileSync(new URL('./test-durations.json', import.meta.url), 'utf8')
)

/**
 * vitest's sequencer, but with a project's slowest files first, by durations recorded in the repository rather
 * than by vitest's cache of the last run on this machine. A clean clone (CI) has no such cache, and vitest then
 * orders a project's files by size: the slowest file of the suite, a short file that runs a long loop, started
 * near its project's end and ran alone while the other core idled. Projects still run one after another, in
 * vitest's order: files of several projects mixed cost each worker the imports of every project (the run took
 * longer). Files with no recorded duration run after the others of their project, largest first.
 */
export class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weight = (file: TestSpecification): number => {
      const seconds = recorded[relative(root, file.moduleId)]
      return seconds === undefined ? -1 / (1 + statSync(file.moduleId).size) : seconds
    }
    const weights = new Map(files.map((file) => [file, weight(file)]))
    // vitest's own order of projects, and the files in each by weight.
    const projects = [...new Set((await super.sort(files)).map((file) => file.project.name))]
    return projects.flatMap((project) =>
      files
        .filter((file) => file.project.name === project)
        .sort((a, b) => (weights.get(b) ?? 0) - (weights.get(a) ?? 0))
    )
  }
}
