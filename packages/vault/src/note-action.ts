import {sha256Of} from './base-texts.js'
import {tryMerge} from './merge-note.js'

/** What becomes of a note that is in the vault when its conversation is rendered again. */
export type NoteAction =
  /** The note already reads as it would be written. */
  | {kind: 'unchanged'}
  /** Nothing in the note is the person's: the new rendering replaces it. */
  | {kind: 'write'; text: string}
  /** The person's edits, merged into the new rendering. */
  | {kind: 'merge'; text: string}
  /** The note is the person's as it is; the new rendering goes beside it. */
  | {kind: 'keep'; reason: string}

/**
 * What chatmark knows of a note it wrote: the SHA-256 of the rendering it last wrote it from
 * (see `NoteRecord.base`).
 */
export interface NoteBase {
  /** SHA-256 of that rendering; empty when not known (a vault of version 1 whose base text was lost). */
  sha256: string
  /** That rendering's text, when it is still kept. */
  text: string | undefined
}

/**
 * Decides what to do with a note on disk (`current`) given chatmark's new
 * rendering of it (`next`). The note is chatmark's to replace only while it
 * is, byte for byte, a rendering chatmark wrote (its hash is the base's): any
 * other text holds something a person wrote, at any time since (also when
 * chatmark itself wrote that text, merging their edits, in an earlier run), so
 * it is merged three ways against the base, or kept.
 */
export function noteAction(current: string, next: string, base: NoteBase): NoteAction {
  if (current === next) return {kind: 'unchanged'}
  const pristine = base.sha256 !== '' ? sha256Of(current) === base.sha256 : current === base.text
  if (pristine) return {kind: 'write', text: next}
  if (base.text === undefined) {
    return {kind: 'keep', reason: 'chatmark no longer has the version it wrote before your edits, to merge them'}
  }
  const merged = tryMerge(base.text, current, next)
  if ('reason' in merged) return {kind: 'keep', reason: merged.reason}
  return merged.text === current ? {kind: 'unchanged'} : {kind: 'merge', text: merged.text}
}
