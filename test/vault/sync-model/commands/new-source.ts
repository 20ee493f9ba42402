import type {SyncModel} from '../model.js'
import type {Tool} from '../sources.js'
import {addSource} from '../sources.js'
import type {SyncWorld} from '../sync-world.js'
import {SourceCommand} from './source-command.js'

/** A new session starts in one of the tools. */
export class NewSource extends SourceCommand {
  constructor(
    readonly tool: Tool,
    readonly turns: number
  ) {
    super()
  }

  override check(): boolean {
    return true
  }

  protected async change(model: SyncModel, world: SyncWorld): Promise<string> {
    await addSource(model, world, this.tool, this.turns)
    return `a new ${this.tool} session, c${model.conversations.length}, with ${this.turns} turn(s)`
  }

  toString(): string {
    return `new-source(${this.tool}, ${this.turns} turns)`
  }
}
