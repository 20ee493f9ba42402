import {rm} from 'node:fs/promises'
import {join} from 'node:path'
import {notesOf} from '../invariants.js'
import type {ConversationModel, SyncModel} from '../model.js'
import type {SyncWorld} from '../sync-world.js'
import type {VaultNote} from '../vault-files.js'
import {vaultNotes} from '../vault-files.js'
import {NoteCommand} from './note-command.js'

/** The person deletes a note: it is not written again, whatever its conversation does. */
export class DeleteNote extends NoteCommand {
  protected async act(
    model: SyncModel,
    world: SyncWorld,
    conversation: ConversationModel,
    note: VaultNote
  ): Promise<string> {
    await rm(join(world.vault, note.path))
    const others = notesOf(conversation, world, await vaultNotes(world.vault)).current.map((other) => other.path)
    conversation.deletedByUser = true
    model.markers = model.markers.filter((marker) => marker.conversation !== conversation.index)
    world.deleted.set(conversation.index, {path: note.path, others: new Set(others)})
    world.unreadable.delete(conversation.index)
    world.placedByUser.delete(conversation.index)
    return `the person deletes the note of c${conversation.index}, ${note.path}`
  }

  toString(): string {
    return `delete-note(${this.choice})`
  }
}
