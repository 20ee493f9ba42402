import type {SyncModel} from '../model.js'
import {pick, withSource} from '../model.js'
import {growSource} from '../sources.js'
import {SourceCommand} from './source-command.js'

/** A session goes on: turns are appended to its file. */
export class GrowSource extends SourceCommand {
  constructor(
    readonly choice: number,
    readonly turns: number
  ) {
    super()
  }

  protected async change(model: SyncModel): Promise<string> {
    const conversation = pick(withSource(model), this.choice)
    if (!conversation) return 'no source to grow'
    await growSource(conversation, this.turns)
    return `the session of c${conversation.index} grows by ${this.turns} turn(s), to ${conversation.turns}`
  }

  toString(): string {
    return `grow(source ${this.choice}, +${this.turns})`
  }
}
