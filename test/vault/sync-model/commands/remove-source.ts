import type {SyncModel} from '../model.js'
import {pick, withSource} from '../model.js'
import {removeSource} from '../sources.js'
import {SourceCommand} from './source-command.js'

/** The session's file is deleted (the tool's history cleared): its note stays. */
export class RemoveSource extends SourceCommand {
  constructor(readonly choice: number) {
    super()
  }

  protected async change(model: SyncModel): Promise<string> {
    const conversation = pick(withSource(model), this.choice)
    if (!conversation) return 'no source to remove'
    await removeSource(conversation)
    return `the session file of c${conversation.index} disappears`
  }

  toString(): string {
    return `remove-source(${this.choice})`
  }
}
