import {retitles} from '../conversation-text.js'
import type {SyncModel} from '../model.js'
import {pick, withSource} from '../model.js'
import {retitleSource} from '../sources.js'
import {SourceCommand} from './source-command.js'

/** The conversation is renamed in its tool: its note follows the new title (unless the person placed it). */
export class RetitleSource extends SourceCommand {
  constructor(
    readonly choice: number,
    readonly title: number
  ) {
    super()
  }

  get newTitle(): string {
    return retitles[this.title % retitles.length] ?? 'Renamed'
  }

  protected async change(model: SyncModel): Promise<string> {
    const conversation = pick(withSource(model), this.choice)
    if (!conversation) return 'no source to retitle'
    await retitleSource(conversation, this.newTitle)
    return `c${conversation.index} is renamed "${this.newTitle}" in its tool`
  }

  toString(): string {
    return `retitle(source ${this.choice}, "${this.newTitle}")`
  }
}
