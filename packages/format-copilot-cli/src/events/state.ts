import type {CompactionNotice, TokenCounts, ToolCallPart, Turn} from '@chatmark/core/model'

/** What the reader needs of the read's options. */
export interface SessionSettings {
  /** `current`: rewound turns leave the note (counted); `all`: they stay, as a branch where they were. */
  branches: 'current' | 'all'
}

/** A run of turns: the session's own, or a sub-agent's, shown under the call that started it. */
export interface Timeline {
  turns: Turn[]
  /** The assistant turn the next message, reasoning or tool call joins, until a prompt or a notice closes it. */
  open?: Turn | undefined
}

/** A sub-agent's turns and the call that started it, when known. */
export interface SubagentTimeline extends Timeline {
  toolCallId?: string
  name?: string
}

/** What `session.start` (and `session.resume`) say of the session. */
export interface SessionInfo {
  sessionId?: string | undefined
  startTime?: string | undefined
  cwd?: string | undefined
  branch?: string | undefined
  repository?: string | undefined
  producer?: string | undefined
  copilotVersion?: string | undefined
  vscodeVersion?: string | undefined
  /** The last `session.title_changed`. */
  title?: string | undefined
  firstTimestamp?: string | undefined
  lastTimestamp?: string | undefined
}

/** What one `session.shutdown` reports: tokens per model, of its run alone or of the session so far. */
export interface ShutdownMetrics {
  models: Map<string, TokenCounts>
  cumulative: boolean
}

/** A session's event log being read, event by event, straight into turns. */
export interface SessionState {
  settings: SessionSettings
  main: Timeline
  /** Sub-agents' turns, by `agentId` (or by the call that started them, for events that only name it). */
  subagents: Map<string, SubagentTimeline>
  /** Every tool call read, by `toolCallId`, whichever timeline shows it. */
  calls: Map<string, ToolCallPart>
  /** Shell commands the user ran (`!cmd`): their output is a turn of its own. */
  userCommands: Set<string>
  info: SessionInfo
  currentModel?: string
  /** Model names in order of first use. */
  models: string[]
  /** The usage of the last model call, for the assistant message it produced (`apiCallId`). */
  pendingUsage?: {apiCallId?: string; tokens: TokenCounts} | undefined
  /** The conversation's tokens: every `session.usage_record` summed. */
  tokens: TokenCounts
  usageRecords: number
  /** Each `session.shutdown`'s per-model metrics, in order (the fallback when no usage record was written). */
  shutdowns: ShutdownMetrics[]
  /** The last shutdown's data, for the session's code changes. */
  lastShutdown?: Record<string, unknown>
  /** The compaction a `session.compaction_start` began, until its `session.compaction_complete`. */
  compaction?: CompactionNotice | undefined
  /** The index in `main.turns` of each prompt's turn, by its event id, for a rewind to find. */
  promptTurns: Map<string, number>
  /** The session this one was forked from, and how many turns of its history the file repeats. */
  fork?: {parent: string; copiedTurns: number}
  fidelity: Record<string, number>
  /** Event types the reader does not know, with their count, for one message. */
  unknownTypes: Map<string, number>
  /** Rewinds whose target is not in the file, for one message. */
  lostRewinds: number
}

export function createSessionState(settings: SessionSettings): SessionState {
  return {
    settings,
    main: {turns: []},
    subagents: new Map(),
    calls: new Map(),
    userCommands: new Set(),
    info: {},
    models: [],
    tokens: {},
    usageRecords: 0,
    shutdowns: [],
    promptTurns: new Map(),
    fidelity: {},
    unknownTypes: new Map(),
    lostRewinds: 0
  }
}

/** Counts what the note does not show as a turn, by reason. */
export function count(state: SessionState, reason: string, amount = 1): void {
  if (amount > 0) state.fidelity[reason] = (state.fidelity[reason] ?? 0) + amount
}

/** Adds a model to the session's list, once, in order of first use. */
export function useModel(state: SessionState, model: string | undefined): void {
  if (!model) return
  state.currentModel = model
  if (!state.models.includes(model)) state.models.push(model)
}
