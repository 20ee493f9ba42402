import {test} from 'vitest'
import {checkSyncModel} from '../vault/sync-model/sync-model-property.js'

// The model-based test of `chatmark sync` (test/vault/sync-model.test.ts) at length: 2,000 sequences of up to 25
// steps, child processes (two syncs at once, killed syncs) twice as often. SYNC_MODEL_RUNS sets the number of
// sequences; SYNC_MODEL_SEED and SYNC_MODEL_PATH replay a failure.
const env = process.env
const runs = Number(env['SYNC_MODEL_RUNS'] ?? 2_000)
const seed = env['SYNC_MODEL_SEED'] === undefined ? undefined : Number(env['SYNC_MODEL_SEED'])
const path = env['SYNC_MODEL_PATH']

test(`${runs} sequences of syncs, edits and kills keep every promise of the sync`, async () => {
  await checkSyncModel({
    numRuns: runs,
    maxCommands: 25,
    childWeight: 4,
    ...(seed === undefined ? {} : {seed}),
    ...(path === undefined ? {} : {path})
  })
})
