import type {CompactionNotice, Fidelity, TokenCounts, ToolCallPart, Turn} from '@chatmark/core/model'
import type {Duplicates} from '../duplicates.js'
import {createDuplicates} from '../duplicates.js'

/** Which generation the records came in. */
export type Variant = 'codex-ts-json' | 'codex-legacy-jsonl' | 'codex-envelope'

/** Options for {@link createRollout}. */
export interface RolloutSettings {
  /** Show developer messages and injected context as notices (they are always counted). */
  keepMeta: boolean
}

/** What the first `session_meta` (and the envelope timestamps) say about the thread. */
export interface SessionMeta {
  id?: string
  forkedFrom?: string
  /** The thread that spawned this one as its subagent (`source.subagent.thread_spawn.parent_thread_id`). */
  spawnedBy?: string
  /** A subagent's task path (`/root/count_items`) and nickname, from its `thread_spawn` source. */
  agentPath?: string
  agentNickname?: string
  /**
   * Where a subagent's own history starts (`subagent_history_start_ordinal`, 0.17x): the records before it
   * are the parent's, copied.
   */
  ownHistoryStart?: number
  cwd?: string
  originator?: string
  cliVersion?: string
  source?: string
  gitBranch?: string
  gitCommit?: string
  createdAt?: string
  updatedAt?: string
  /** The name the user gave the thread (`thread_name_updated`, the latest). */
  threadName?: string
}

/**
 * Everything a rollout being read keeps between records: only what the note
 * shows (and, per Codex turn, the texts needed to drop the copies Codex
 * writes of each message). Every step of the reader is a function of this
 * record; {@link createRolloutState} gives every field a value, so the
 * object keeps one shape while it is read.
 */
export interface RolloutState {
  readonly settings: RolloutSettings
  /** The generation of the first record recognised; `undefined` until one is. */
  variant: Variant | undefined
  readonly meta: SessionMeta
  /** Counts of what the note does not show, by reason. */
  readonly fidelity: Fidelity
  readonly turns: Turn[]
  /** The assistant turn parts are added to, until a prompt or notice closes it. */
  open: Turn | undefined
  /** The Codex turn: its `turn_id`, or `prompt-N` in files without turn ids. */
  turnKey: string | undefined
  /** Whether the rollout names its turns (`turn_context`, `task_started`...): then a prompt does not open one. */
  keyedByIds: boolean
  /** Prompts seen, for the `prompt-N` keys of files without turn ids. */
  prompts: number
  /** The model of the latest `turn_context`. */
  currentModel: string | undefined
  /** Every model named, in order of first use. */
  readonly models: string[]
  /** Tool calls by `call_id`, for their outputs and end events. */
  readonly calls: Map<string, ToolCallPart>
  /** `apply_patch` patches by `call_id`: the patch is the call's result unless the output reports a failure. */
  readonly patches: Map<string, string>
  readonly duplicates: Duplicates
  /** The latest compaction notice, while nothing has been said since. */
  compaction: CompactionNotice | undefined
  /** The summary the model wrote for a compaction (`compaction_output` items). */
  compactionSummary: string | undefined
  /** The error already shown for the current turn (Codex reports it as an event and in `task_complete`). */
  turnError: string | undefined
  /** The latest `token_count` total. */
  lastTotal: TokenCounts | undefined
  /** The total when the current turn started: a turn's tokens are the difference. */
  turnStartTotal: TokenCounts | undefined
  /** What the current turn used before the running total restarted (see `tokenCount`). */
  turnCarried: TokenCounts | undefined
  /** The totals the running total reached before it restarted, summed: earlier processes of the session. */
  priorTotal: TokenCounts | undefined
  /** Tokens by turn key, from `token_count` totals. */
  readonly deltaTokens: Map<string, TokenCounts>
  /** Tokens by turn key, as `token_usage_record` lines state them (preferred). */
  readonly recordedTokens: Map<string, TokenCounts>
  /** The assistant turn of each Codex turn, to put its tokens on. */
  readonly assistantByKey: Map<string, Turn>
  /** Whether a second `session_meta` (the parent's, copied with its history) was read. */
  parentMetaSeen: boolean
  /** The parent's turns whose records the file copies, by turn id (see `inherited.ts`). */
  readonly inheritedTurns: Set<string>
}

/** A fresh state: nothing read yet. */
export function createRolloutState(settings: RolloutSettings): RolloutState {
  return {
    settings,
    variant: undefined,
    meta: {},
    fidelity: {},
    turns: [],
    open: undefined,
    turnKey: undefined,
    keyedByIds: false,
    prompts: 0,
    currentModel: undefined,
    models: [],
    calls: new Map(),
    patches: new Map(),
    duplicates: createDuplicates(),
    compaction: undefined,
    compactionSummary: undefined,
    turnError: undefined,
    lastTotal: undefined,
    turnStartTotal: undefined,
    turnCarried: undefined,
    priorTotal: undefined,
    deltaTokens: new Map(),
    recordedTokens: new Map(),
    assistantByKey: new Map(),
    parentMetaSeen: false,
    inheritedTurns: new Set()
  }
}

/**
 * Whether the thread continues another's history: a fork, or a subagent (whose totals may go on from its
 * parent's, when its file copies the parent's history with its `token_count`s).
 */
export function hasParent(meta: SessionMeta): boolean {
  return meta.forkedFrom !== undefined || meta.spawnedBy !== undefined
}

/** Counts something the note does not show. */
export function count(state: RolloutState, reason: string, by = 1): void {
  state.fidelity[reason] = (state.fidelity[reason] ?? 0) + by
}

/** Notes the generation of the records, from the first one recognised. */
export function recognise(state: RolloutState, generation: Variant): void {
  state.variant ??= generation
}
