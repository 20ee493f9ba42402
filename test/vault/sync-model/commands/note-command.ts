import type {AsyncCommand} from 'fast-check'
import {checkInvariants, notesOf} from '../invariants.js'
import type {ConversationModel, SyncModel} from '../model.js'
import {pick} from '../model.js'
import type {SyncWorld} from '../sync-world.js'
import {beginStep} from '../sync-world.js'
import type {VaultNote} from '../vault-files.js'
import {vaultNotes} from '../vault-files.js'

/** What the person does to a conversation's note in the vault (found as they would: it is the note of that id). */
export abstract class NoteCommand implements AsyncCommand<SyncModel, SyncWorld> {
  constructor(readonly choice: number) {}

  check(model: Readonly<SyncModel>): boolean {
    return model.conversations.some((conversation) => !conversation.deletedByUser)
  }

  async run(model: SyncModel, world: SyncWorld): Promise<void> {
    beginStep(world, this.toString())
    // The person edits notes they see: one of the conversations that have a note now.
    const notes = await vaultNotes(world.vault)
    const withNote = model.conversations.flatMap((candidate) => {
      const note = candidate.deletedByUser ? undefined : notesOf(candidate, world, notes).current[0]
      return note ? [{conversation: candidate, note}] : []
    })
    const picked = pick(withNote, this.choice)
    const done = picked
      ? await this.act(model, world, picked.conversation, picked.note)
      : `${this.toString()}: no note to act on`
    world.history[world.history.length - 1] = `${world.step}. ${done}`
    await checkInvariants(model, world, {command: done})
  }

  /** Acts on the conversation's current note; says what it did. */
  protected abstract act(
    model: SyncModel,
    world: SyncWorld,
    conversation: ConversationModel,
    note: VaultNote
  ): Promise<string>

  abstract toString(): string
}
