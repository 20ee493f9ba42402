import {sha256Of} from './base-texts.js'
import {indexNotes} from './index-notes.js'
import {isRendering} from './note-action.js'
import type {NotePlacer} from './note-placer.js'
import {canonicalText, inStyle, noteStyle} from './note-style.js'
import type {NoteRecord, VaultState} from './vault-state.js'

/** The ids of index notes in the state start so: they are not conversations. */
export const indexIdPrefix = 'chatmark-index:'

/**
 * Writes the index notes (one per tool, one per project) with the same care
 * as conversations' notes: a new one at a free path; one that chatmark wrote
 * and no one changed (but for how an editor saved it), replaced, in its style;
 * one the person edited or removed, theirs. Each is kept as a base text, so
 * that a vault whose state was lost knows its index notes by their ids and
 * texts, and writes no second one.
 */
export async function writeIndexes(placer: NotePlacer, state: VaultState): Promise<void> {
  const {files, journal, bases} = placer.run
  const notes = new Map(Object.entries(state.notes).filter(([id]) => !id.startsWith(indexIdPrefix)))
  for (const index of indexNotes(notes, placer.wikilinks)) {
    const sha256 = sha256Of(index.text)
    const entry = state.notes[index.id] ?? (await adopt(placer, index.id))
    if (!entry) {
      await bases.save(index.text, sha256)
      for (;;) {
        const path = await placer.freePath(index.path)
        const record = {path, sha256, base: sha256, title: index.title, tool: '', turns: 0, source: ''}
        await journal.append({note: index.id, record})
        if (await files.create(path, index.text)) {
          placer.recordIndex(index.id, record)
          break
        }
        placer.claim(path)
      }
      continue
    }
    const current = await files.read(entry.path)
    // Removed by the person: not written again.
    if (current === undefined) continue
    if (canonicalText(current) === canonicalText(index.text)) {
      // Up to date; one found by its id is chatmark's from now on.
      if (entry.base !== sha256 || state.notes[index.id] !== entry) {
        await bases.save(index.text, sha256)
        placer.recordIndex(index.id, {...entry, sha256: sha256Of(current), base: sha256, title: index.title})
      }
      continue
    }
    // A state of version 1 kept no base: what chatmark wrote is the note's own hash.
    if (!isRendering(current, entry.base || entry.sha256)) {
      if (state.notes[index.id] !== entry) placer.recordIndex(index.id, entry)
      continue
    }
    const text = inStyle(index.text, noteStyle(current))
    await bases.save(index.text, sha256)
    const record = {...entry, sha256: sha256Of(text), base: sha256, title: index.title}
    await journal.append({note: index.id, record})
    if (await files.replace(entry.path, text, current)) placer.recordIndex(index.id, record)
  }
}

/**
 * The record of an index note the state does not know but the vault holds (the state was lost): chatmark's own
 * when it is a text chatmark kept as a base, else the person's (`sha256` and `base` empty: never replaced).
 */
async function adopt(placer: NotePlacer, id: string): Promise<NoteRecord | undefined> {
  const found = await placer.unknownNote(id)
  if (found === undefined) return undefined
  const base = await placer.renderingOf(found.current)
  return {
    path: found.path,
    sha256: base === '' ? '' : sha256Of(found.current),
    base,
    title: '',
    tool: '',
    turns: 0,
    source: ''
  }
}
