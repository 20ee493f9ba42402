import type {Role} from '@chatmark/core/model'

/**
 * The transcript styles plain text is read as. The detector picks one from
 * the sample and reports it as the verdict's `variant`; the conversation's
 * `source.variant` repeats it.
 *
 * - `marker`: user prompts are lines starting with `> `, the reply follows
 *   as unprefixed lines. This is the transcript format MemPalace
 *   (`milla-jovovich/mempalace`, `mempalace/normalize.py`,
 *   `_messages_to_transcript`) writes for every chat export it normalises,
 *   and what its `convo_miner.py` chunks by exchange.
 * - `labels`: every turn starts with a speaker label at the start of a line
 *   (`User:`, `Claude:`, `**Assistant:**`, `### User`, `ChatGPT said:`), as
 *   people write transcripts by hand, as "copy conversation" in chat apps
 *   produces, and as the Anthropic completion prompt format (`Human:` /
 *   `Assistant:`) spells them.
 * - `prose`: anything else that is text: a pasted answer, a note. It becomes
 *   one turn.
 */
export type Variant = 'marker' | 'labels' | 'prose'

/** The variants, for checking untrusted values such as a verdict's `variant`. */
export const variants: readonly Variant[] = Object.freeze(['marker', 'labels', 'prose'])

/** Who a speaker label stands for. */
export interface Speaker {
  role: Extract<Role, 'user' | 'assistant' | 'system'>
  /**
   * Display name for the turn heading and the participant list, for labels
   * that name a model or product (`Claude`). Default: the role's own label.
   */
  name?: string
}

/**
 * How a speaker label is written. A transcript uses one style throughout, so
 * only labels in the style of the first one start turns (see `speakerLabel`).
 */
export type LabelStyle = 'plain' | 'bold' | `heading-${number}`

/** The factory's options, resolved. */
export interface Settings {
  /** Whether unstructured prose is claimed (as one turn). */
  prose: boolean
  /** Speakers by lower-case label. */
  speakers: ReadonlyMap<string, Speaker>
}
