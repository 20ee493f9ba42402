import {contentSignature} from '../content-signature.js'
import type {MessageEntry, NoteEntry} from './note-entry.js'

/** What a note history holds (see `NoteHistory`); its steps take it. */
export interface HistoryState {
  entries: NoteEntry[]
  /** The entry of each message id, the ids of checkpoint copies included. */
  readonly index: Map<string, NoteEntry>
  readonly compressionIds: Map<string, 'summary' | 'acknowledgement'>
  /**
   * Positions of entries, rebuilt after a change in the middle: long sessions
   * hold tens of thousands of entries, so no lookup may scan them.
   */
  positions: Map<NoteEntry, number> | undefined
}

/** An empty history. */
export function createHistoryState(): HistoryState {
  return {entries: [], index: new Map(), compressionIds: new Map(), positions: undefined}
}

/** Where an entry is in the note, or -1. */
export function positionOf(state: HistoryState, entry: NoteEntry): number {
  if (!state.positions) state.positions = new Map(state.entries.map((item, at) => [item, at]))
  return state.positions.get(entry) ?? -1
}

/** Adds an entry at the end, known by its ids. */
export function appendEntry(state: HistoryState, entry: NoteEntry): void {
  state.positions?.set(entry, state.entries.length)
  state.entries.push(entry)
  for (const id of entry.ids) state.index.set(id, entry)
}

/** Puts `next` in place of the entries (a change in the middle: positions are rebuilt when next asked). */
export function replaceEntries(state: HistoryState, next: NoteEntry[]): void {
  state.entries = next
  state.positions = undefined
}

/** A message entry's content signature, computed once. */
export function signatureOf(entry: MessageEntry): string {
  entry.signature ??= contentSignature(entry.record)
  return entry.signature
}
