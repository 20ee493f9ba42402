import {sha256Of} from './base-texts.js'
import {indexNotes} from './index-notes.js'
import type {NotePlacer} from './note-placer.js'
import type {VaultState} from './vault-state.js'

/** The ids of index notes in the state start so: they are not conversations. */
export const indexIdPrefix = 'chatmark-index:'

/**
 * Writes the index notes (one per tool, one per project) with the same care
 * as conversations' notes: a new one at a free path; one that chatmark wrote
 * and no one changed, replaced; one the person edited or removed, theirs.
 */
export async function writeIndexes(placer: NotePlacer, state: VaultState): Promise<void> {
  const {files, journal} = placer.run
  const notes = new Map(Object.entries(state.notes).filter(([id]) => !id.startsWith(indexIdPrefix)))
  for (const index of indexNotes(notes, placer.wikilinks)) {
    const entry = state.notes[index.id]
    const sha256 = sha256Of(index.text)
    if (!entry) {
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
    if (current === index.text || current === undefined || sha256Of(current) !== entry.sha256) continue
    const record = {...entry, sha256, base: sha256, title: index.title}
    await journal.append({note: index.id, record})
    if (await files.replace(entry.path, index.text, current)) placer.recordIndex(index.id, record)
  }
}
