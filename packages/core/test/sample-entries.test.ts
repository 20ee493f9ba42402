import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Input} from '@chatmark/core'
import {createSample, defaultLimits, sampleEntryLimit} from '@chatmark/core'
import {sampleEntries} from '../src/read/sample-entries.js'

/** A container of these files (sorted by path, as `Input.entries` gives them), each holding `[]`. */
function container(paths: string[]): Input {
  const sorted = [...paths].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  return {
    name: 'export',
    async *open() {},
    async head() {
      return new Uint8Array(0)
    },
    async entries() {
      return sorted.map((path) => ({path, size: 2}))
    },
    async *openEntry() {
      yield Buffer.from('[]')
    }
  }
}

/** A Slack export of `channels` channel folders of two day files, listed before its root files. */
function slackPaths(channels: number): string[] {
  const paths = ['channels.json', 'dms.json', 'users.json']
  for (let index = 0; index < channels; index++) {
    const folder = index % 2 === 0 ? `C${String(index).padStart(6, '0')}` : `channel-${index}`
    paths.push(`${folder}/2024-01-01.json`, `${folder}/2024-01-02.json`)
  }
  return paths
}

test("a container's sample keeps its root files however many files its folders hold", async () => {
  const sample = await createSample(container(slackPaths(15_000)), defaultLimits.sampleBytes)
  assert.equal(sample.entries.length, sampleEntryLimit)
  for (const root of ['channels.json', 'dms.json', 'users.json']) assert.ok(sample.entries.includes(root), root)
  assert.deepEqual([...sample.heads.keys()], ['channels.json', 'dms.json', 'users.json'])
  const sorted = [...sample.entries].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0))
  assert.deepEqual(sample.entries, sorted, 'still in name order')
})

test('every folder keeps its share: a small one whole, the large ones split what is left evenly', () => {
  const paths = [
    ...Array.from({length: 900}, (_, index) => `message/ses_1/msg_${String(index).padStart(4, '0')}.json`),
    ...Array.from({length: 900}, (_, index) => `part/msg_1/prt_${String(index).padStart(4, '0')}.json`),
    'session/global/ses_1.json',
    'session/global/ses_2.json'
  ]
  const chosen = sampleEntries(paths, 100)
  assert.equal(chosen.length, 100)
  assert.ok(chosen.includes('session/global/ses_1.json') && chosen.includes('session/global/ses_2.json'))
  assert.equal(chosen.filter((path) => path.startsWith('message/')).length, 49)
  assert.equal(chosen.filter((path) => path.startsWith('part/')).length, 49)
})

test('a container wrapped in one folder is shared out inside it, its files first', () => {
  const paths = ['top/users.json', ...Array.from({length: 50}, (_, index) => `top/c${index}/2024-01-01.json`)]
  const chosen = sampleEntries(paths.sort(), 10)
  assert.equal(chosen.length, 10)
  assert.ok(chosen.includes('top/users.json'))
})

test('a container within the limit is sampled whole', () => {
  const paths = ['a/1.json', 'a/2.json', 'b.json']
  assert.deepEqual(sampleEntries(paths, 3), paths)
})
