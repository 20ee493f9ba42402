import type {SyncModel} from '../model.js'
import {pick, withSource} from '../model.js'
import {moveSource} from '../sources.js'
import type {SyncWorld} from '../sync-world.js'
import {SourceCommand} from './source-command.js'

/** The session's file moves (its project folder was renamed): the same conversation in another file, one note. */
export class MoveSource extends SourceCommand {
  constructor(readonly choice: number) {
    super()
  }

  protected async change(model: SyncModel, world: SyncWorld): Promise<string> {
    const conversation = pick(withSource(model), this.choice)
    if (!conversation) return 'no source to move'
    await moveSource(world, conversation, world.step)
    return `the session file of c${conversation.index} moves to ~/${conversation.source?.slice(world.home.length + 1)}`
  }

  toString(): string {
    return `move-source(${this.choice})`
  }
}
