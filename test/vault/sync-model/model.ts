import type {ClaudeSession} from './claude-session.js'
import type {GeminiSession} from './gemini-session.js'

/** A generated conversation, as the model knows it. */
export type ConversationModel = {
  /** Its number in the run; its texts' tokens carry it. */
  index: number
  /** The conversation's id (the session's), which its note's `id` property holds. */
  id: string
  /** The session file, absolute; `undefined` once it disappeared. */
  source: string | undefined
  /** Turns in the source. */
  turns: number
  /** A sync has run to its end since the conversation's source appeared: its note exists. */
  synced: boolean
  /** The person deleted its note. */
  deletedByUser: boolean
  /**
   * The person moved its note while the note's frontmatter could not be read (broken or emptied), or made it so
   * before chatmark found it where it is: nothing tells chatmark where the note went, so it is not expected to take
   * new turns, and chatmark may take it as deleted or write the conversation a new note.
   */
  unfindable: boolean
  /**
   * The person (or a sync that was killed before it recorded it) moved its note, and no sync has read the source
   * since (one reads only a source that changed): chatmark has yet to find the note by its id.
   */
  movedUnseen: boolean
  /** The source changed since the last sync that ran to its end: the next one reads it. */
  changed: boolean
  /**
   * The person emptied its note when the source had this many turns: a sync brings the turns after them, but
   * need not bring back what the person removed (a source that did not change is not read again).
   */
  emptiedAt?: number
} & ({tool: 'claude'; session: ClaudeSession} | {tool: 'gemini'; session: GeminiSession})

/** Text a person wrote into a note: it must stay somewhere in the vault while the model says it is live. */
export interface Marker {
  text: string
  /** The conversation whose note holds it. */
  conversation: number
  /** The step that wrote it, and how. */
  step: number
  edit: string
}

/** What the model knows of the home folder and the vault. */
export interface SyncModel {
  conversations: ConversationModel[]
  /** The person's texts still in their notes (those of a note they emptied or deleted are not). */
  markers: Marker[]
  nextMarker: number
  /** A sync was killed, and no sync has run to its end since: the next one must run, and clean up. */
  interrupted: boolean
}

/** A new marker's text: letters and digits (nothing Markdown or YAML escapes), unique in the run. */
export function newMarker(model: SyncModel): string {
  return `umark${model.nextMarker++}q`
}

/** The conversations whose source is still there. */
export function withSource(model: Readonly<SyncModel>): ConversationModel[] {
  return model.conversations.filter((conversation) => conversation.source !== undefined)
}

/** A conversation picked by a generated number among `candidates` (`undefined` when there are none). */
export function pick<T>(candidates: readonly T[], choice: number): T | undefined {
  return candidates.length === 0 ? undefined : candidates[choice % candidates.length]
}
