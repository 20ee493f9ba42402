import assert from 'node:assert/strict'
import {join, relative} from 'node:path'
import {test} from 'vitest'
import {normalizer} from 'chatmark'
import {corpusFiles} from '../util/corpus.js'
import {fixtureCases} from '../util/fixtures.js'
import type {InstalledRun} from '../util/installed.js'
import {runInstalled} from '../util/installed.js'

// The detection matrix's end-to-end layer: what `chatmark --explain` of the installed package says of every
// fixture and corpus file (one run over all of them), read as a user reads it. The in-process matrix
// (../detection-matrix.test.ts) asks each detector directly.

const repoRoot = join(import.meta.dirname, '..', '..')

/** One input's explanation: every format's confidence, and the winner (the line marked `→`). */
interface Explained {
  winner: string | undefined
  confidence: Map<string, string>
}

/** The explanations of `--explain` output, by input path as given. */
function explanations(stdout: string): Map<string, Explained> {
  const byInput = new Map<string, Explained>()
  let current: Explained | undefined
  for (const line of stdout.split('\n')) {
    if (line.endsWith(':') && !line.startsWith(' ')) {
      current = {winner: undefined, confidence: new Map()}
      byInput.set(line.slice(0, -1), current)
      continue
    }
    const verdict = /^(→| ) (\S+)\s+(certain|likely|possible|none)\s/.exec(line)
    if (!current || !verdict) continue
    current.confidence.set(verdict[2]!, verdict[3]!)
    if (verdict[1] === '→') current.winner = verdict[2]
  }
  return byInput
}

async function explain(paths: readonly string[]): Promise<{run: InstalledRun; explained: Map<string, Explained>}> {
  const run = await runInstalled(['--explain', ...paths], {cwd: repoRoot})
  return {run, explained: explanations(run.stdout)}
}

const fixtures = (await fixtureCases()).map((fixture) => ({...fixture, path: relative(repoRoot, fixture.input)}))
const corpus = corpusFiles().map((file) => ({...file, path: relative(repoRoot, file.path)}))
let fixtureRun: ReturnType<typeof explain> | undefined
let corpusRun: ReturnType<typeof explain> | undefined

/** One `--explain` run over every fixture, shared by their tests. */
function explainFixtures(): ReturnType<typeof explain> {
  fixtureRun ??= explain(fixtures.map((fixture) => fixture.path))
  return fixtureRun
}

/** One `--explain` run over every corpus file, shared by their tests. */
function explainCorpus(): ReturnType<typeof explain> {
  corpusRun ??= explain(corpus.map((file) => file.path))
  return corpusRun
}

test('--explain names every registered format for each input', async () => {
  const {run, explained} = await explainFixtures()
  assert.equal(run.code, 0, run.stderr)
  assert.equal(explained.size, fixtures.length, run.stdout.slice(0, 2000))
  const names = normalizer.formats.map((format) => format.name).sort()
  for (const [path, {confidence}] of explained) assert.deepEqual([...confidence.keys()].sort(), names, path)
})

for (const fixture of fixtures) {
  test.concurrent(`${fixture.name}: the installed --explain picks ${fixture.format}, no other is certain`, async () => {
    const {run, explained} = await explainFixtures()
    const seen = explained.get(fixture.path)
    assert.ok(seen, `no explanation of ${fixture.path} in:\n${run.stdout.slice(0, 2000)}`)
    assert.equal(seen.winner, fixture.format, run.stdout)
    const certain = [...seen.confidence].filter(([name, level]) => level === 'certain' && name !== fixture.format)
    assert.deepEqual(certain, [])
  })
}

for (const file of corpus) {
  const readable = normalizer.formats.some((format) => format.name === file.owner) && !file.pending
  const expected = readable ? `picks ${file.owner}` : 'picks none'
  test.concurrent(`corpus ${file.name}: the installed --explain ${expected}`, async () => {
    const {run, explained} = await explainCorpus()
    const seen = explained.get(file.path)
    assert.ok(seen, `no explanation of ${file.path} in:\n${run.stdout.slice(0, 2000)}`)
    assert.equal(seen.winner, readable ? file.owner : undefined)
  })
}
