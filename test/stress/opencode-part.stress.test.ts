import assert from 'node:assert/strict'
import {mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, test} from 'vitest'
import {measuredChatmark} from '../util/measured-run.js'
import {opencodeDatabaseWithOutput, readCall} from '../util/opencode-database.js'

// Issue 25, item 4: an OpenCode database whose one tool output is huge. The whole session's rows were read at once,
// each row's text and its parsed JSON held with the conversation: a 64 MB output took 730 MB, and on a 64 MB heap
// the run died of it with no note at all.

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'chatmark-opencode-part-'))
})

afterAll(async () => {
  await rm(folder, {recursive: true, force: true})
})

test("a 64 MB tool output in OpenCode's database: every session written on a 64 MB heap, the output cut", async () => {
  const lines = Array.from({length: 1_600_000}, (_, index) => `${index + 1}: INFO request ${index} handled in 3 ms`)
  const output = lines.join('\n')
  assert.ok(output.length > 64 * 1024 * 1024)
  const database = join(folder, 'opencode.db')
  await writeFile(database, await opencodeDatabaseWithOutput(output))
  const notes = join(folder, 'notes')
  const run = measuredChatmark(['--jobs', '1', '-o', notes, database], {
    node: ['--max-old-space-size=64'],
    timeout: 600_000
  })
  assert.equal(run.status, 0, run.stderr)
  assert.match(
    run.stderr,
    new RegExp(
      `state\\.output of ${readCall} \\(${output.length.toLocaleString('en-US')} characters, .*\\) keeps its first`
    )
  )
  const written = (await readdir(notes)).filter((name) => name.endsWith('.md')).sort()
  assert.equal(written.length, 4)
  const first = await readFile(join(notes, '2026-12-01-mock-session-title.md'), 'utf8')
  assert.match(first, /long-text-cut: 1/)
  assert.match(first, /^1: INFO request 0 handled in 3 ms$/m)
  assert.match(first, /^1600000: INFO request 1599999 handled in 3 ms$/m)
  // The database is in SQLite's memory (sql.js); what JavaScript holds of the output is a million characters.
  assert.ok(run.peakMb < 450, `peak ${run.peakMb} MiB`)
}, 900_000)
