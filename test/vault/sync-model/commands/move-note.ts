import {mkdir, rename} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import type {ConversationModel, SyncModel} from '../model.js'
import type {SyncWorld} from '../sync-world.js'
import type {VaultNote} from '../vault-files.js'
import {NoteCommand} from './note-command.js'

/** The person renames a note, or moves it into a folder of their own: it must stay there. */
export class MoveNote extends NoteCommand {
  constructor(
    choice: number,
    readonly intoFolder: boolean
  ) {
    super(choice)
  }

  protected async act(
    _model: SyncModel,
    world: SyncWorld,
    conversation: ConversationModel,
    note: VaultNote
  ): Promise<string> {
    const name = `c${conversation.index} as I named it at step ${world.step}.md`
    const folder = note.path.includes('/') ? note.path.slice(0, note.path.lastIndexOf('/') + 1) : ''
    const to = this.intoFolder ? `My notes/${name}` : `${folder}${name}`
    await mkdir(dirname(join(world.vault, to)), {recursive: true})
    await rename(join(world.vault, note.path), join(world.vault, to))
    world.placedByUser.set(conversation.index, to)
    conversation.movedUnseen = true
    if (world.unreadable.has(conversation.index)) {
      world.unreadable.set(conversation.index, to)
      conversation.unfindable = true
    }
    return `the person ${this.intoFolder ? 'moves' : 'renames'} the note of c${conversation.index} to ${to}`
  }

  toString(): string {
    return `${this.intoFolder ? 'move' : 'rename'}-note(${this.choice})`
  }
}
