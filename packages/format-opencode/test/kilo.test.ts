import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {createNormalizer, createSample, inputFromBytes, inputFromPath} from '@chatmark/core'
import {opencode} from '@chatmark/format-opencode'
import {root} from './helpers.js'

// Kilo Code 7.7.7 (an OpenCode fork) wrote these with shared/producers/drive-kilo.sh: its kilo.db and a
// `kilo export` of the fork (fixtures/PROVENANCE.md).
const database = join(root, 'packages/format-opencode/fixtures/kilo-database/input.db')
const exported = join(root, 'packages/format-opencode/fixtures/kilo-export/input.json')
const format = opencode()
const normalizer = createNormalizer({builtins: [format]})

test("Kilo Code's database is told from OpenCode's by its name or by Kilo's own tables", async () => {
  const bytes = new Uint8Array(await readFile(database))
  const named = format.detect(await createSample(inputFromBytes(bytes, 'kilo.db'), 64 * 1024))
  assert.equal(named.confidence, 'certain')
  assert.equal(named.variant, 'kilo-db')
  // Renamed, its schema lies past the sample: a possible OpenCode database, whose tables reading tells apart.
  const renamed = await normalizer.normalize(inputFromBytes(bytes, 'sessions.sqlite'))
  assert.deepEqual(
    new Set(renamed.conversations.map((conversation) => conversation.source.variant)),
    new Set(['kilo-db'])
  )
  // OpenCode's own database stays OpenCode's.
  const opencodeDb = await normalizer.normalize(
    await inputFromPath(join(root, 'packages/format-opencode/fixtures/database/input.db'))
  )
  assert.deepEqual(
    new Set(opencodeDb.conversations.map((conversation) => conversation.source.variant)),
    new Set(['opencode-db'])
  )
})

test("Kilo Code's sessions speak as Kilo Code and keep Kilo's version", async () => {
  const {conversations} = await normalizer.normalize(await inputFromPath(database))
  assert.equal(conversations.length, 4)
  for (const conversation of conversations) {
    assert.deepEqual(
      conversation.participants.map((participant) => participant.name),
      ['User', 'Kilo Code']
    )
    assert.equal(conversation.metadata.extra?.['kiloVersion'], '7.7.7')
    assert.equal(conversation.metadata.extra?.['opencodeVersion'], undefined)
    for (const turn of conversation.turns) if (turn.role === 'assistant') assert.equal(turn.author, 'kilo')
  }
})

test("a kilo export is Kilo Code's by the version that wrote it; an opencode export stays OpenCode's", async () => {
  const kilo = await normalizer.normalize(await inputFromPath(exported))
  assert.equal(kilo.detection.format, 'opencode')
  assert.equal(kilo.conversations[0]?.source.variant, 'kilo-export')
  assert.match(kilo.detection.explanation, /kilo export \(version 7\.7\.7\)/)
  const text = JSON.parse(await readFile(exported, 'utf8')) as {info: Record<string, unknown>}
  text.info['version'] = '1.18.33'
  const relabelled = await normalizer.normalize(
    inputFromBytes(new TextEncoder().encode(JSON.stringify(text)), 'x.json')
  )
  assert.equal(relabelled.conversations[0]?.source.variant, 'opencode-export')
  assert.equal(relabelled.conversations[0]?.participants[1]?.name, 'OpenCode')
})

test("Kilo 7.0's database has OpenCode's tables alone: its sessions' version says they are Kilo Code's", async () => {
  const path = join(root, 'packages/format-opencode/fixtures/kilo-database-7.0/input.db')
  const {conversations} = await normalizer.normalize(await inputFromPath(path))
  assert.equal(conversations.length, 4)
  for (const conversation of conversations) {
    assert.equal(conversation.source.variant, 'kilo-db')
    assert.equal(conversation.metadata.extra?.['kiloVersion'], '7.0.33')
  }
})
