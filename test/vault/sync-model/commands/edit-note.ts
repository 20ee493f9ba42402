import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import type {ConversationModel, SyncModel} from '../model.js'
import {newMarker} from '../model.js'
import type {NoteEdit} from '../note-edits.js'
import {editNote} from '../note-edits.js'
import type {SyncWorld} from '../sync-world.js'
import type {VaultNote} from '../vault-files.js'
import {NoteCommand} from './note-command.js'

/** The person edits a note in their editor (saved in place, as editors do): each edit writes a new marker. */
export class EditNote extends NoteCommand {
  constructor(
    choice: number,
    readonly edit: NoteEdit,
    readonly where: number
  ) {
    super(choice)
  }

  protected async act(
    model: SyncModel,
    world: SyncWorld,
    conversation: ConversationModel,
    note: VaultNote
  ): Promise<string> {
    const marker = newMarker(model)
    const text = editNote(note.text, this.edit, marker, this.where)
    if (text === undefined) return `edit ${this.edit} of c${conversation.index}'s note: nothing to edit there`
    await writeFile(join(world.vault, note.path), text)
    // What the person removed (a heading they wrote over, a note they emptied) is theirs to remove.
    model.markers = model.markers.filter((kept) => !(note.text.includes(kept.text) && !text.includes(kept.text)))
    if (this.edit === 'empty') conversation.emptiedAt = conversation.turns
    else model.markers.push({text: marker, conversation: conversation.index, step: world.step, edit: this.edit})
    if (this.edit === 'empty' || this.edit === 'break-frontmatter') {
      world.unreadable.set(conversation.index, note.path)
      // Moved where chatmark has not seen it, and now without an id to find it by.
      if (conversation.movedUnseen) conversation.unfindable = true
    }
    const what = this.edit === 'empty' ? 'empties' : `edits (${this.edit}, "${marker}")`
    return `the person ${what} the note of c${conversation.index}, ${note.path}`
  }

  toString(): string {
    return `edit-note(${this.choice}, ${this.edit})`
  }
}
