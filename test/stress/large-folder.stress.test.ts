import assert from 'node:assert/strict'
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, test} from 'vitest'
import {inputFromFolder, normalizer} from 'chatmark'

// Issue 25, item 3: a Slack export of many day files, kept in a folder of its own (`~/Downloads/export/`). Each
// subfolder's files were spread into its parent's list, and past some 100,000 files that overflowed the stack.

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'chatmark-large-folder-'))
})

afterAll(async () => {
  await rm(folder, {recursive: true, force: true})
}, 600_000)

test('a folder holding an export of 200,000 day files is listed whole, and the export is recognised', async () => {
  const channels = 2000
  const days = 100
  const root = join(folder, 'export')
  await writeFile(join(folder, 'README.txt'), 'exports\n')
  await mkdir(root)
  await writeFile(join(root, 'users.json'), JSON.stringify([{id: 'U1', name: 'ada'}]))
  await writeFile(
    join(root, 'channels.json'),
    JSON.stringify(Array.from({length: channels}, (_, index) => ({id: `C${index}`, name: `c-${index}`})))
  )
  const day = JSON.stringify([{type: 'message', ts: '1709542800.000100', user: 'U1', text: 'hi'}])
  for (let channel = 0; channel < channels; channel++) {
    await mkdir(join(root, `c-${channel}`))
    const writes: Promise<void>[] = []
    for (let index = 0; index < days; index++) {
      const date = new Date(Date.UTC(2024, 0, 1 + index)).toISOString().slice(0, 10)
      writes.push(writeFile(join(root, `c-${channel}`, `${date}.json`), day))
    }
    await Promise.all(writes)
  }
  const entries = (await (await inputFromFolder(folder)).entries?.()) ?? []
  assert.equal(entries.length, channels * days + 3)
  assert.equal(entries[0]?.path, 'README.txt')
  assert.equal(entries.at(-1)?.path, 'export/users.json')
  const detection = await normalizer.detect(await inputFromFolder(root))
  assert.equal(detection.format, 'slack')
  assert.equal(detection.verdicts.find((verdict) => verdict.format === 'slack')?.confidence, 'certain')
}, 900_000)
