import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, test} from 'vitest'
import {runSync} from '../util/run-sync.js'
import {scratchFormatSource, scratchSession} from '../util/scratch-format.js'

// `chatmark sync --use ./scratch.js` by the installed command (issue 26, item 1): a format of a person's own is
// synced as a built-in is. Its plugin says where its tool keeps sessions (and the variable that moves them), the
// slug of the vault's folder and of the notes' tag, which file beside a session belongs to it, and what a vault
// passes for its option; nothing else in chatmark names it.

let home: string

beforeAll(async () => {
  home = await mkdtemp(join(tmpdir(), 'chatmark-sync-use-'))
  await writeFile(join(home, 'scratch.js'), scratchFormatSource)
  for (const folder of ['.scratch', 'moved']) {
    await mkdir(join(home, folder), {recursive: true})
    await writeFile(join(home, folder, 'first.scratch'), scratchSession)
    await writeFile(join(home, folder, 'first.draft.scratch'), 'user: a draft, not a session\n')
  }
})

afterAll(async () => {
  await rm(home, {recursive: true, force: true})
})

/** The notes of a vault, relative, sorted (chatmark's own folder and the index notes left out). */
async function notesOf(vault: string): Promise<string[]> {
  const found = await readdir(join(home, vault), {recursive: true, withFileTypes: true})
  return found
    .filter((entry) => entry.isFile() && !join(entry.parentPath, entry.name).includes('.chatmark'))
    .map((entry) => join(entry.parentPath, entry.name).slice(join(home, vault).length + 1))
    .filter((path) => !/^([^/]+)\/\1\.md$/.test(path))
    .sort()
}

test('sync --use lists and syncs the home folder the format declares, in its tool’s folder and tag', async () => {
  const listed = await runSync(['vault', '--use', './scratch.js', '--list-sources'], {home})
  assert.equal(listed.code, 0, listed.stderr)
  assert.match(listed.stdout, /^Scratch Pad +found +1 session +\S+\/\.scratch$/m)

  const run = await runSync(['vault', '--use', './scratch.js'], {home})
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stderr, /^1 new, 0 updated, 0 unchanged/m)
  assert.deepEqual(await notesOf('vault'), ['scratchpad/2026-11/2026-11-30 HOW DO I KEEP MY NOTES.md'])
  const note = await readFile(join(home, 'vault/scratchpad/2026-11/2026-11-30 HOW DO I KEEP MY NOTES.md'), 'utf8')
  // Tagged with the tool's slug; the option's vault default (`syncDefault`) is passed.
  assert.match(note, /^tags:\n {2}- chatmark\n {2}- scratchpad$/m)
  assert.match(note, /SYNC THEM INTO A VAULT\./)

  // Without the format, its folder is nobody's.
  const without = await runSync(['other', '--list-sources'], {home})
  assert.doesNotMatch(without.stdout, /Scratch Pad/)
})

test('sync --use follows the variable that moves the tool’s folder, a named folder’s draft no session', async () => {
  const env = {SCRATCH_HOME: join(home, 'moved')}
  const listed = await runSync(['moved-vault', '--use', './scratch.js', '--list-sources'], {home, env})
  assert.match(listed.stdout, /^Scratch Pad +found +1 session +\S+\/moved \(from \$SCRATCH_HOME\)$/m)
  // The option given wins over the vault's default; a folder named is walked, and the draft belongs to its session.
  const run = await runSync(['moved-vault', '--use', './scratch.js', '--no-shout', '--no-defaults', 'moved'], {home})
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stderr, /^moved\/first\.draft\.scratch: skipped: the draft of moved\/first\.scratch$/m)
  assert.deepEqual(await notesOf('moved-vault'), ['scratchpad/2026-11/2026-11-30 how do I keep my notes.md'])
})
