import type {AsyncCommand} from 'fast-check'
import {startChildSync} from '../child-sync.js'
import type {SyncModel} from '../model.js'
import {afterSyncs} from '../sync-steps.js'
import type {SyncWorld} from '../sync-world.js'
import {beginStep} from '../sync-world.js'
import {filesUnder} from '../vault-files.js'

/**
 * A sync of the bundled command in a child process, sent `signal` once it printed its `lines`th line (it prints
 * one per note it places; 0: as soon as it started). One that ends before is a sync like any other.
 */
export class InterruptedSync implements AsyncCommand<SyncModel, SyncWorld> {
  constructor(
    readonly signal: 'SIGKILL' | 'SIGTERM',
    readonly lines: number
  ) {}

  check(): boolean {
    return true
  }

  async run(model: SyncModel, world: SyncWorld): Promise<void> {
    beginStep(world, this.toString())
    const before = await filesUnder(world.vault)
    const child = startChildSync(world)
    const reached = await child.printed(this.lines)
    if (reached) child.kill(this.signal)
    const run = await child.ended
    // A run that handles the signal may end with a status of its own rather than by the signal.
    const killed = reached && (run.signal !== null || run.code !== 0)
    const done = killed
      ? `a sync gets ${this.signal} after ${this.lines} line(s) of output`
      : `a sync meant to get ${this.signal} after ${this.lines} line(s) ended first: ` +
        `${run.stderr.trim().split('\n').at(-1) ?? ''}`
    world.history[world.history.length - 1] = `${world.step}. ${done}`
    await afterSyncs(model, world, done, [{run, killedByUs: killed}], before)
  }

  toString(): string {
    return `${this.signal === 'SIGKILL' ? 'kill-9' : 'sigterm'}-sync(after ${this.lines} lines)`
  }
}
