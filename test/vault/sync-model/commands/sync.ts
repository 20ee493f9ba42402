import type {AsyncCommand} from 'fast-check'
import {syncInProcess} from '../in-process-sync.js'
import type {SyncModel} from '../model.js'
import {afterSyncs} from '../sync-steps.js'
import type {SyncWorld} from '../sync-world.js'
import {beginStep} from '../sync-world.js'
import {filesUnder} from '../vault-files.js'

/** `chatmark sync vault`, run in this process (then one more with nothing changed). */
export class Sync implements AsyncCommand<SyncModel, SyncWorld> {
  check(): boolean {
    return true
  }

  async run(model: SyncModel, world: SyncWorld): Promise<void> {
    beginStep(world, 'sync')
    const before = await filesUnder(world.vault)
    const run = await syncInProcess(world)
    world.history[world.history.length - 1] += `: ${run.stderr.trim().split('\n').at(-1) ?? ''}`
    await afterSyncs(model, world, 'sync', [{run, killedByUs: false}], before)
  }

  toString(): string {
    return 'sync'
  }
}
