import type {Fidelity, NoticePart, TextPart, TokenCounts, ToolCallPart, Turn} from '@chatmark/core/model'
import type {Entry, RecordStore} from '../record-store.js'
import type {SubagentTranscript} from '../subagent-transcripts.js'
import type {Thread} from '../thread.js'
import {subagentGroups} from './sidechains.js'

/** Format options, resolved. */
export interface Settings {
  branches: 'current' | 'all'
  subagents: boolean
  keepMeta: boolean
}

/** What {@link toConversation} needs besides the thread. */
export interface ConversationContext {
  store: RecordStore
  settings: Settings
  variant: 'claude-code-jsonl' | 'claude-code-loglines'
  fallbackId: string
  path?: string
  /** The subagents' own transcript files, read beside the session (with `subagents`). */
  transcripts?: readonly SubagentTranscript[]
}

/** A record to turn into parts: a chain entry or a record without uuid. */
export interface Item {
  record: Record<string, unknown>
  entry?: Entry
  sidechain: boolean
}

/** One subagent's records, to nest under the Task / Agent call that started it. */
export interface SubagentGroup {
  /** Its records in order: its sidechain lines in the session file, or the thread of its own transcript. */
  items: Item[]
  /** Its id (`agentId`), when its records carry one. */
  agentId?: string
  /** Its own transcript file, whose records and tool results are in a store of their own. */
  transcript?: SubagentTranscript
}

/**
 * Everything the steps share while one thread becomes one conversation. The
 * first three fields are read only; the rest are filled in as the thread, its
 * abandoned branches and its subagents are read, and {@link buildConversation}
 * turns them into the conversation's fidelity and metadata.
 */
export interface BuildState {
  thread: Thread
  store: RecordStore
  settings: Settings
  /** This conversation's counts; the store's are added when the conversation is built. */
  fidelity: Fidelity
  /**
   * Uuids of entries off the path that the path pulls in: the split records of its API
   * messages and the records holding the tool results that answer them. Abandoned
   * branches leave them out, so a branch does not repeat the kept turns.
   */
  consumed: Set<string>
  /**
   * Ids of the API messages already turned into parts, on the main thread and in sidechains: split records are read
   * once. Two sets, not one of `<sidechain>:<id>` keys, which cost a new string for every record.
   */
  usedMessages: {main: Set<string>; sidechain: Set<string>}
  /** Models of the main thread, in order of first use. */
  models: string[]
  /** Token totals of the main thread, each API message counted once. */
  totals: TokenCounts
  /** Cache writes of the main thread (the model's token counts have no field for them). */
  cacheCreation: number | undefined
  /**
   * Subagents by key (`agent:<agentId>`, else `root:<uuid>`): sidechain records
   * of the session file and transcripts of their own (empty unless
   * `settings.subagents`). Shared with the states that build the subagents' turns.
   */
  subagents: Map<string, SubagentGroup>
  /** Keys of {@link subagents} already nested under a tool call. */
  usedGroups: Set<string>
  /**
   * The agent ids that a tool result of the session (`store` of the
   * conversation's own state) or of a subagent transcript names, collected
   * on the first call matched by its prompt.
   */
  namedAgents: {session: RecordStore; ids: Set<string> | undefined}
  /** Ids of every tool_use in the store, collected on the first tool result that needs them. */
  toolUses: Set<string> | undefined
}

/** The state for one thread, before any step has run. */
export function createState(thread: Thread, context: ConversationContext): BuildState {
  const {store, settings} = context
  return {
    thread,
    store,
    settings,
    fidelity: {},
    consumed: new Set(),
    usedMessages: {main: new Set(), sidechain: new Set()},
    models: [],
    totals: {},
    cacheCreation: undefined,
    subagents: settings.subagents ? subagentGroups(store, context.transcripts ?? []) : new Map(),
    usedGroups: new Set(),
    namedAgents: {session: store, ids: undefined},
    toolUses: undefined
  }
}

/** Adds `by` to the conversation's count of `reason`. */
export function count(state: BuildState, reason: string, by = 1): void {
  state.fidelity[reason] = (state.fidelity[reason] ?? 0) + by
}

/**
 * One list of turns being built: the thread's, an abandoned branch's or a
 * subagent's. Only the main thread (`main`) adds to the models and token
 * totals and nests subagents.
 */
export interface TurnList {
  turns: Turn[]
  main: boolean
  /** The open assistant turn: consecutive API messages of one agent loop are one turn. */
  open: Turn | undefined
  /** The last bash-mode command (`! cmd`) still waiting for its output. */
  pendingBash: ToolCallPart | undefined
  /** The prompt command of the last user record, whose expanded prompt may come next. */
  pendingCommand: {name: string; part: TextPart | NoticePart} | undefined
}

/** An empty list of turns. */
export function createTurnList(main: boolean): TurnList {
  return {turns: [], main, open: undefined, pendingBash: undefined, pendingCommand: undefined}
}

/** Adds a turn that closes the open assistant turn. */
export function pushTurn(list: TurnList, turn: Turn): void {
  closeOpenTurn(list)
  list.turns.push(turn)
}

/**
 * Closes the open assistant turn. Its parts were gathered by `push`, which
 * leaves room for seventeen: they are copied to a list of their size, a tenth
 * of what a long session of short turns holds.
 */
export function closeOpenTurn(list: TurnList): void {
  if (list.open) list.open.parts = list.open.parts.slice()
  list.open = undefined
}
