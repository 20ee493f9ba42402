import type {AsyncCommand} from 'fast-check'
import {checkInvariants} from '../invariants.js'
import type {SyncModel} from '../model.js'
import {withSource} from '../model.js'
import type {SyncWorld} from '../sync-world.js'
import {beginStep, rememberOutside} from '../sync-world.js'

/** What the tools do to their session files between syncs: a change outside the vault that syncs must not make. */
export abstract class SourceCommand implements AsyncCommand<SyncModel, SyncWorld> {
  check(model: Readonly<SyncModel>): boolean {
    return withSource(model).length > 0
  }

  async run(model: SyncModel, world: SyncWorld): Promise<void> {
    beginStep(world, this.toString())
    // The history (which a failure shows) says what the step did: which conversation it picked, and how.
    const done = await this.change(model, world)
    world.history[world.history.length - 1] = `${world.step}. ${done}`
    await rememberOutside(world)
    await checkInvariants(model, world, {command: done})
  }

  /** Makes the change; says what it did. */
  protected abstract change(model: SyncModel, world: SyncWorld): Promise<string>
  abstract toString(): string
}
