import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {mkdtemp, readdir, readFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {test} from 'vitest'
import type {FixtureCase} from '../util/fixtures.js'
import {fixtureCases, readCaseOptions} from '../util/fixtures.js'
import type {InstalledRun} from '../util/installed.js'
import {runInstalled} from '../util/installed.js'
import {flagsOf} from './flags-of.js'

// The reviewed notes, written by the command people install (the packed tarball, installed with npm into an
// empty prefix), not by the sources: a module, chunk or data file the package lacks fails here. The cases that
// share options are converted by one run into one folder, as a user converts a folder of sessions; every
// reviewed note must be among the files that run wrote, and the run must write nothing else.

const repoRoot = join(import.meta.dirname, '..', '..')

/** One run of the installed command over the cases that share a set of flags. */
interface GroupRun {
  run: InstalledRun
  /** The notes written, by content: how many files hold each text. */
  written: Map<string, number>
  /** The files written, by name, for messages. */
  names: Map<string, string>
}

const cases = await fixtureCases()
const groups = new Map<string, FixtureCase[]>()
for (const fixture of cases) {
  const key = flagsOf(await readCaseOptions(fixture)).join(' ')
  groups.set(key, [...(groups.get(key) ?? []), fixture])
}
const runs = new Map<string, Promise<GroupRun>>()

/** The run for the group with these flags, started on first use and shared by its cases. */
function groupRun(key: string): Promise<GroupRun> {
  let started = runs.get(key)
  if (!started) {
    started = convertGroup(key, groups.get(key) ?? [])
    runs.set(key, started)
  }
  return started
}

async function convertGroup(key: string, members: readonly FixtureCase[]): Promise<GroupRun> {
  const out = await mkdtemp(join(tmpdir(), 'chatmark-golden-'))
  const flags = key === '' ? [] : key.split(' ')
  const inputs = members.map((fixture) => relative(repoRoot, fixture.input))
  const run = await runInstalled([...flags, '-o', out, ...inputs], {cwd: repoRoot})
  const written = new Map<string, number>()
  const names = new Map<string, string>()
  // Dot files are chatmark's own ledger of what it wrote (`.chatmark-written`), not notes.
  for (const name of (await readdir(out)).filter((file) => !file.startsWith('.'))) {
    const text = await readFile(join(out, name), 'utf8')
    written.set(text, (written.get(text) ?? 0) + 1)
    names.set(text, name)
  }
  return {run, written, names}
}

/** The reviewed notes of a case: `output.md`, `output-2.md`, ... */
async function reviewedNotes(fixture: FixtureCase): Promise<Array<{name: string; text: string}>> {
  const names = (await readdir(fixture.dir)).filter((name) => /^output(-\d+)?\.md$/.test(name))
  return Promise.all(names.map(async (name) => ({name, text: await readFile(join(fixture.dir, name), 'utf8')})))
}

for (const [key, members] of groups) {
  const label = key === '' ? 'no flags' : key
  for (const fixture of members) {
    test.concurrent(`${fixture.name}: the installed command writes the reviewed notes (${label})`, async () => {
      const {run, written} = await groupRun(key)
      assert.equal(run.code, 0, run.stderr)
      const missing = (await reviewedNotes(fixture)).filter(({text}) => !written.has(text)).map(({name}) => name)
      assert.deepEqual(
        missing,
        [],
        `not written by \`chatmark ${key === '' ? '' : `${key} `}-o DIR ...\`; it said:\n${run.stderr}`
      )
      // What the reader reported (messages.txt, reviewed with the note) reaches the user on stderr.
      const messagesPath = join(fixture.dir, 'messages.txt')
      if (!existsSync(messagesPath)) return
      const input = relative(repoRoot, fixture.input)
      const said = run.stderr.split('\n').filter((line) => line.startsWith(input))
      for (const line of (await readFile(messagesPath, 'utf8')).trimEnd().split('\n')) {
        const reason = line.split(': ').slice(1).join(': ')
        assert.ok(
          said.some((shown) => shown.includes(reason)),
          `${input}: "${reason}" is not on stderr:\n${said.join('\n')}`
        )
      }
    })
  }
  test.concurrent(`the installed command writes no note that was not reviewed (${label})`, async () => {
    const {written, names} = await groupRun(key)
    const left = new Map(written)
    for (const fixture of members) {
      for (const {text} of await reviewedNotes(fixture)) {
        const count = left.get(text) ?? 0
        if (count <= 1) left.delete(text)
        else left.set(text, count - 1)
      }
    }
    assert.deepEqual(
      [...left.keys()].map((text) => names.get(text)),
      []
    )
  })
}
