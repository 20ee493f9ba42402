import type {AsyncCommand} from 'fast-check'
import {startChildSync} from '../child-sync.js'
import type {SyncModel} from '../model.js'
import {afterSyncs} from '../sync-steps.js'
import type {SyncWorld} from '../sync-world.js'
import {beginStep} from '../sync-world.js'
import {filesUnder} from '../vault-files.js'

/** Two `chatmark sync vault` processes of the bundled command started at once: one at a time holds the vault. */
export class TwoSyncs implements AsyncCommand<SyncModel, SyncWorld> {
  check(): boolean {
    return true
  }

  async run(model: SyncModel, world: SyncWorld): Promise<void> {
    beginStep(world, 'two syncs at once (child processes)')
    const before = await filesUnder(world.vault)
    const children = [startChildSync(world), startChildSync(world)]
    const runs = await Promise.all(children.map((child) => child.ended))
    const ends = runs.map((run) => run.stderr.trim().split('\n').at(-1) ?? '').join(' | ')
    world.history[world.history.length - 1] += `: ${ends}`
    await afterSyncs(
      model,
      world,
      'two syncs at once',
      runs.map((run) => ({run, killedByUs: false})),
      before
    )
  }

  toString(): string {
    return 'two-syncs-at-once'
  }
}
