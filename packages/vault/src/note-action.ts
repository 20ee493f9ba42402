import {noBase, sha256Of} from './base-texts.js'
import {tryMerge} from './merge-note.js'
import {canonicalText, inStyle, noteStyle} from './note-style.js'

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
  /** That rendering's text, when it is still kept (and needed: a note that is that rendering needs none). */
  text: string | undefined
  /** Why there is no text, when there is none: said when the note is kept. */
  problem?: string
}

/** Whether a note is, but for how an editor saved it (see `NoteStyle`), the rendering with this SHA-256. */
export function isRendering(current: string, sha256: string): boolean {
  return sha256 !== '' && (sha256Of(current) === sha256 || sha256Of(canonicalText(current)) === sha256)
}

/**
 * Decides what to do with a note on disk (`current`) given chatmark's new
 * rendering of it (`next`). The note is chatmark's to replace only while it
 * is, byte for byte, a rendering chatmark wrote (its hash is the base's): any
 * other text holds something a person wrote, at any time since (also when
 * chatmark itself wrote that text, merging their edits, in an earlier run), so
 * it is merged three ways against the base, or kept.
 *
 * How an editor saved the note (a byte order mark, CRLF line endings, the
 * line breaks at its end) is no edit: it is left out of every comparison,
 * and kept in what is written.
 */
export function noteAction(current: string, next: string, base: NoteBase): NoteAction {
  if (current === next) return {kind: 'unchanged'}
  const mine = canonicalText(current)
  const fresh = canonicalText(next)
  if (mine === fresh) return {kind: 'unchanged'}
  const style = noteStyle(current)
  const pristine = isRendering(current, base.sha256) || (base.text !== undefined && mine === canonicalText(base.text))
  if (pristine) return {kind: 'write', text: inStyle(next, style)}
  if (base.text === undefined) return {kind: 'keep', reason: base.problem ?? noBase}
  const merged = tryMerge(canonicalText(base.text), mine, fresh)
  if ('reason' in merged) return {kind: 'keep', reason: merged.reason}
  const text = inStyle(merged.text, style)
  return text === current ? {kind: 'unchanged'} : {kind: 'merge', text}
}
