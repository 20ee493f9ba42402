import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createReplay} from '../src/replay-jsonl.js'
import {header, modelLine, userLine} from './helpers.js'

// A session with a checkpoint that re-states its history (a resume), then a rewind and a new exchange.
const records: unknown[] = [
  header,
  userLine('u1', 'first'),
  modelLine('m1', 'one'),
  userLine('u2', 'second'),
  modelLine('m2', 'two'),
  {
    $set: {
      messages: [userLine('u1', 'first'), modelLine('m1', 'one'), userLine('u2', 'second'), modelLine('m2', 'two')]
    }
  },
  {$rewindTo: 'u2'},
  userLine('u3', 'third'),
  modelLine('m3', 'three')
]

function replayed(loaded: boolean | undefined): ReturnType<ReturnType<typeof createReplay>['finish']> {
  const state = createReplay({warn: () => undefined, ...(loaded === undefined ? {} : {loaded})})
  for (const [index, value] of records.entries()) state.record(structuredClone(value), index + 1)
  return state.finish()
}

test("without the resume view the loader keeps only ids: the note's history and counts are the same", () => {
  const kept = replayed(undefined)
  const dropped = replayed(false)
  assert.deepEqual(
    kept.loaded.map((record) => record.id),
    ['u1', 'm1', 'u3', 'm3']
  )
  assert.deepEqual(dropped.loaded, [])
  const ids = (replay: typeof kept): string[] => replay.note.entries.flatMap((entry) => [...entry.ids])
  assert.deepEqual(ids(dropped), ids(kept))
  assert.deepEqual(dropped.fidelity, kept.fidelity)
  assert.equal(dropped.resumes, kept.resumes)
})
