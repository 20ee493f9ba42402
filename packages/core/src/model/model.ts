/**
 * The conversation model: one vocabulary that every format parses into and the
 * renderer reads from. Raw identifiers are kept so a note can be linked back to
 * its source.
 */

// The pattern is `isoTimePattern` of parse-time.ts (a test holds them equal), wrapped: the schema's generator
// joins a pattern's lines.
/**
 * An ISO-8601 time: `2026-03-01T10:00:00Z`, with an offset (`+02:00`) or
 * without one (`2026-03-01T10:00:00`, read as UTC, never as the local time
 * of the machine that renders the note), or a date alone. Any other text is
 * invalid: leave the field out instead (`timeOf` keeps only valid times).
 *
 * @pattern ^(\d{4}-(?:0[1-9]|1[0-2])-(?:0[1-9]|[12]\d|3[01]))
 *   (?:[Tt ]((?:[01]\d|2[0-3]):[0-5]\d(?::[0-5]\d(?:\.\d+)?)?)([Zz]|[+-](?:[01]\d|2[0-3])(?::?[0-5]\d)?)?)?$
 */
export type IsoTime = string

/** Who speaks in a turn. */
export type Role = 'user' | 'assistant' | 'system' | 'tool' | 'other'

/** Token counts. A missing field means *unknown*, never zero. */
export interface TokenCounts {
  /** Tokens of input sent to the model (the prompt, the context and tool results). */
  input?: number
  /** Tokens the model wrote. */
  output?: number
  /** Input tokens read from the provider's prompt cache. */
  cached?: number
  /**
   * Input tokens written to the provider's prompt cache (Anthropic's
   * `cache_creation_input_tokens`, billed apart from the input).
   */
  cacheCreation?: number
  /** Tokens of the model's reasoning (thinking). */
  thoughts?: number
  /** Tokens of tool-use prompts, where the provider counts them apart (Gemini's `toolUsePromptTokenCount`). */
  tool?: number
  /** The total as the tool reported it (not always the sum of the others). */
  total?: number
}

/** A person, model, tool or bot that takes part in a conversation. */
export interface Participant {
  id: string
  name: string
  kind: 'human' | 'model' | 'tool' | 'bot'
}

/** Where a conversation was read from. */
export interface Source {
  /**
   * Name of the format plugin, such as `gemini`.
   * @minLength 1
   */
  format: string
  /** Format-specific variant, such as `gemini-jsonl`. */
  variant?: string
  /** Path of the input file, when it came from one. */
  path?: string
}

/** How a conversation came from its parent session (see {@link ParentSession}). */
export type ParentRelation =
  /**
   * A new session branched off the parent: it began with the parent's
   * history up to that point (copied into its file, or only referred to) and
   * went on apart from it (Claude Code `--fork-session` and `/branch`, Codex
   * and Qwen Code forks). Its note shows the fork's own turns; the history
   * before the fork is the parent's note.
   */
  | 'fork'
  /**
   * The parent's work continued under a new session id: the tool carried the
   * parent's history over when the user resumed it, instead of appending to
   * the parent (Claude Code 1.0.x did so, but without naming the parent, so
   * no built-in reader sets it yet).
   */
  | 'resume'
  /**
   * A session a subagent ran for the parent, which started it (a Claude Code
   * subagent's transcript, an OpenCode task session, a Gemini CLI subagent, a
   * Codex spawned thread).
   */
  | 'subagent'

/** The session a conversation was forked, resumed or spawned from. */
export interface ParentSession {
  /**
   * The parent's id as the tool records it: the `id` of the parent's conversation when chatmark reads it.
   * @minLength 1
   */
  id: string
  relation: ParentRelation
}

/** Facts about a conversation that the note shows in its frontmatter. */
export interface ConversationMetadata {
  /** Model names in order of first use. */
  models?: string[]
  /**
   * The project: the directory the session ran in (an absolute path), else
   * the name the tool gives the project (a Claude.ai project). Never an
   * opaque id or hash, which readers keep in `extra` instead: notes are
   * grouped and named by it.
   */
  project?: string
  gitBranch?: string
  /** The session this one was forked, resumed or spawned from, when the source names it. */
  parent?: ParentSession
  /** Summed token counts; a field is absent when no turn reported it. */
  tokens?: TokenCounts
  /** Other format-specific facts, shown in frontmatter when scalar. */
  extra?: Record<string, string | number | boolean>
}

/**
 * Counts of what was not shown as a normal turn, keyed by a short reason
 * (`injected-context`, `malformed-line`, `rewound-turn`...).
 */
export type Fidelity = Record<string, number>

/** Plain message text, as the tool stored it (Markdown source). */
export interface TextPart {
  type: 'text'
  text: string
}

/** Model reasoning or a thought summary. */
export interface ThinkingPart {
  type: 'thinking'
  /** The thought body. */
  text: string
  /** A short title for the thought, when the tool gave one. */
  subject?: string
}

/** The result of a tool call. */
export interface ToolResult {
  /** Output text, as the tool returned it. */
  text: string
  /** Whether the tool reported a failure. */
  isError?: boolean
  /** Info-string for the result's code block (`diff`, `json`, `text`...). */
  language?: string
  /** File name, for results that are a diff of one file. */
  fileName?: string
  /**
   * Files the result carried (an image a tool read), in order. Its `text`
   * already describes each where it was; a note embeds them after the result
   * only when the renderer is given a place for them (`attachmentLink`).
   */
  attachments?: AttachmentPart[]
}

/** A call from the model to a tool, with its result when one was recorded. */
export interface ToolCallPart {
  type: 'tool-call'
  /** A one-line summary: the call's description, or its name. */
  text: string
  id?: string
  /** @minLength 1 */
  name: string
  /** UI name, when the tool has one besides its internal name. */
  displayName?: string
  /** The call's arguments as recorded (absent or `undefined` when the tool recorded none). */
  input?: unknown
  /** Language of a string `input` (a script: `python`), for its code block; absent: plain text. */
  inputLanguage?: string
  /** Final status as recorded (`success`, `error`, `cancelled`...). */
  status?: string
  result?: ToolResult
  /** The turns of a subagent this call started, when the format keeps them (shown nested under the call). */
  subagent?: Turn[]
}

/**
 * A file, image or other attachment. A note never shows its bytes: it
 * describes the file, and embeds it only when the renderer is given a place
 * for it (`attachmentLink`). `attachmentBytes` (`@chatmark/core/read`) reads
 * the bytes from `data` or `entry`.
 */
export interface AttachmentPart {
  type: 'attachment'
  /** A one-line description (`image/png, 12.3 KB`). */
  text: string
  name?: string
  mimeType?: string
  /** Size in bytes (of the file: decoded, when it is held in `data`). */
  size?: number
  /** A URI or path that refers to the attachment. */
  reference?: string
  /**
   * The file's bytes, base64 (standard or URL-safe alphabet, no line breaks),
   * when the source embeds them (a Claude Code image block, a Gemini `inlineData`).
   * @pattern ^[A-Za-z0-9+/_-]*={0,2}$
   */
  data?: string
  /**
   * Where the file's bytes are inside the folder or archive the conversation
   * was read from (the input's `container`): a relative path with `/`
   * separators (`file-Ab12-chart.png`, `dalle-generations/file-Cd34.webp`), one
   * of the container's entries. Absent when the source does not include the file.
   * @pattern ^(?!\.\.?(?:\/|$))[^\/\\\x00]+(?:\/(?!\.\.?(?:\/|$))[^\/\\\x00]+)*$
   */
  entry?: string
}

/**
 * A block of code or other verbatim text that the source keeps apart from the
 * message text (a ChatGPT code message, a Gemini `executableCode` part, the
 * extracted text of a pasted file, a Claude.ai artifact). Its text is never
 * Markdown source: the renderer writes it as a fenced code block.
 */
export interface CodePart {
  type: 'code'
  /** The code, as the tool stored it; empty for an artifact recorded without content. */
  text: string
  /** Language, as a code block's info string (`python`, `diff`, `text`...); absent when unknown. */
  language?: string
  /** Present when the code is an artifact (a document or program the model made), shown on a line before it. */
  artifact?: Artifact
  /**
   * Present when the block is what running code printed (a Gemini
   * `codeExecutionResult`), rather than code: shown under a label with the outcome.
   */
  execution?: CodeExecution
}

/** What a {@link CodePart} holds when it is the output of code that ran. */
export interface CodeExecution {
  /** The outcome as the tool names it (`OUTCOME_OK`, `OUTCOME_FAILED`...), when recorded. */
  outcome?: string
}

/** What a {@link CodePart} holds when it is an artifact. */
export interface Artifact {
  /** The artifact's title (`Untitled` when the tool recorded none). */
  title: string
  /** The artifact's type as the tool names it (`application/vnd.ant.code`, `text/markdown`...). */
  kind?: string
  /** What was done to it: `created`, `rewritten`, `updated`, or the tool's own word for it. */
  action: string
}

/**
 * A passage quoted from a web page (a ChatGPT `tether_quote`), shown as a
 * block quote that ends with its source.
 */
export interface QuotePart {
  type: 'quote'
  /** The quoted passage, Markdown source; empty when only the source is known. */
  text: string
  /** The page's title, when known. */
  title?: string
  /** The page's address, when known: the source is then a link. */
  url?: string
}

/**
 * What a {@link TextNotice} reports: a closed list, so that a renderer can rely
 * on it (a `meta`'s details fold is titled `Full text`). These notices carry
 * the reader's own words; the kinds of an {@link EventNotice} carry data instead.
 */
export type TextNoticeKind =
  /** An error the tool reported in the conversation, other than a failed request (a ChatGPT `system_error`). */
  | 'error'
  /** A call of Claude.ai's artifact tool failed. */
  | 'artifact-error'
  /** Harness text that no participant said (injected context, command output...), shown with `keepMeta`. */
  | 'meta'
  /** A message of the tool's own (a Claude Code `system` line, a Gemini CLI info, warning or error). */
  | 'system'
  /** Text the harness wrote in the model's place (a Claude Code `<synthetic>` message). */
  | 'synthetic'
  /** The source names no current branch, so the reader shows the branch of the newest message. */
  | 'current-branch-unknown'
  /** Thinking the tool kept only in redacted (encrypted) form. */
  | 'redacted-thinking'
  /** The thinking just before the notice was cut off. */
  | 'thinking-cut-off'
  /** Content of a type the reader does not know; its text in details, when it has any. */
  | 'unknown-content'
  /** Output of ChatGPT's Operator (a screenshot of its remote browser), which the export does not include. */
  | 'computer-output'
  /** A deleted message, kept in its place because its thread replies follow. */
  | 'deleted'
  /** A channel event a chat tool stores as a message (someone joined or left, a topic set, a message pinned...). */
  | 'channel-event'

/**
 * What a {@link NoticePart} reports: a closed list, so that a renderer can rely on it. The kinds of an
 * {@link EventNotice} are events every tool has (a compaction, an interruption...): the reader records their
 * facts and core words them, the same words for every tool.
 */
export type NoticeKind = TextNoticeKind | EventNotice['kind']

/** How serious a notice is: the alert it is shown as. */
export type NoticeLevel = 'info' | 'warning' | 'error'

/** A notice worded by its reader: a message of the tool's own, harness text, content it cannot show. */
export interface TextNotice {
  type: 'notice'
  level: NoticeLevel
  text: string
  /** What the notice reports, when the reader knows. */
  kind?: TextNoticeKind
  /** Longer content shown collapsed under the notice (e.g. the full text of injected context). */
  details?: string
}

/**
 * The tool compacted (compressed) its context: earlier turns were summarised in the model's context, or dropped
 * (Claude Code `compact_boundary`, Codex `compacted`, Gemini CLI and Qwen Code `chat_compression`, OpenCode
 * `compaction` parts, Continue's `conversationSummary`).
 */
export interface CompactionNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'compaction'
  /** Whether the user asked for it (`/compact`, `/compress`) or the tool did it when the context was full. */
  trigger?: 'manual' | 'auto'
  /** The context's size in tokens before the compaction, when the tool recorded it. */
  tokensBefore?: number
  /** The context's size in tokens after the compaction, when the tool recorded it. */
  tokensAfter?: number
  /** The summary that took the earlier turns' place in the model's context, Markdown as the tool wrote it. */
  summary?: string
  /**
   * The tool replaced the earlier turns with the summary in its file too, so the note does not hold them (the
   * Codex TypeScript CLI's `/compact`); absent when they stay in the note.
   */
  historyRemoved?: true
}

/**
 * The turn stopped before it finished: the user interrupted it (Claude Code's `[Request interrupted by user]`,
 * OpenCode's `MessageAbortedError`), or the tool aborted it (Codex `turn_aborted`).
 */
export interface InterruptedNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'interrupted'
  /** Who stopped it, when the tool says: the user (Esc, Ctrl-C, a rejected tool call). */
  by?: 'user'
  /** It was stopped while a tool call ran or waited for permission (Claude Code's `for tool use`). */
  duringToolUse?: true
  /** Why, in the tool's words or code (Codex's `replaced`, OpenCode's error message), when it says more than who. */
  reason?: string
}

/** A request to the model failed (an API error, an exceeded quota, a dropped connection). */
export interface ApiErrorNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'api-error'
  /** The error's message, as the tool recorded it. */
  message: string
  /** The HTTP status of the response, when the tool recorded it. */
  status?: number
  /** The error's type or class, as the tool names it (`BadRequestError`, `invalid_request_error`). */
  errorType?: string
  /** The tool retries the request: this was its attempt number so many (OpenCode `retry` parts). */
  retry?: number
  /** The response's body, when the tool kept it apart from the message (shown folded). */
  body?: string
}

/** The session was forked from another session; the note of that session holds the history before the fork. */
export interface ForkNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'fork'
  /** The parent session's id, as `metadata.parent.id`. */
  parent: string
  /** How many turns of the parent's history the fork's file repeats and the note leaves out. */
  copiedTurns?: number
  /** Every turn before the notice was copied from the parent: the fork has none of its own yet. */
  onlyCopied?: true
}

/** The session is a subagent's, spawned by another session (a Codex thread spawned with `spawn_agent`). */
export interface SubagentNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'subagent'
  /** The id of the session that spawned it, as `metadata.parent.id`. */
  parent: string
  /** The agent's name or path, as the tool names it (`/root/count_items`). */
  agent?: string
  /** The agent's nickname, when the tool gave it one. */
  nickname?: string
  /** How many turns of the parent's history the subagent's file repeats before its task (left out of the note). */
  copiedTurns?: number
}

/** The user ran one of the tool's commands (`/compact`, `/model`, `/add file.py`). */
export interface CommandNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'command'
  /** The command as typed, usually with its slash (Claude Code 1.0 recorded `init` without it). */
  name: string
  /** What followed the command's name, when anything did; it may span lines. */
  args?: string
}

/** The user ran a shell command from the tool's prompt (shell mode, a leading `!`). */
export interface ShellCommandNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'shell-command'
  /** The command line, without the `!`, when the tool recorded it here (OpenCode puts it in the next message). */
  command?: string
}

/** The user's message named an agent to answer it (an OpenCode `agent` part, `@general`). */
export interface AgentNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'agent'
  /** The agent's name, when the source gives it. */
  name?: string
}

/** A task handed to a subagent (an OpenCode `subtask` part). */
export interface SubtaskNotice {
  type: 'notice'
  level: NoticeLevel
  kind: 'subtask'
  /** The agent that runs it, when the source names it. */
  agent?: string
  /** The task's short description. */
  description?: string
  /** The prompt the subagent was given (shown folded). */
  prompt?: string
}

/**
 * A notice of an event every tool has: the reader records what the tool recorded, and core words it
 * (`noticeWords`), so that a compaction reads the same in every note, whatever the tool.
 */
export type EventNotice =
  | CompactionNotice
  | InterruptedNotice
  | ApiErrorNotice
  | ForkNotice
  | SubagentNotice
  | CommandNotice
  | ShellCommandNotice
  | AgentNotice
  | SubtaskNotice

/**
 * A message from the harness rather than a participant, shown as an alert of its `level`: an
 * {@link EventNotice} (data, worded by core) or a {@link TextNotice} (worded by its reader).
 */
export type NoticePart = TextNotice | EventNotice

/**
 * An alternate branch of the conversation (an edited prompt or a regenerated
 * answer that the user did not keep), placed where it forks off. Its turns are
 * the branch's own, in order; a branch may hold further branches.
 */
export interface BranchPart {
  type: 'branch'
  /**
   * The branch's number, counting from 1 in the order the note shows branches.
   * @asType integer
   * @minimum 1
   */
  number: number
  /** How the branch came about, when the source says: an edited prompt, or a regenerated answer. */
  origin?: 'edited-prompt' | 'regenerated-answer'
  turns: Turn[]
}

/** One piece of a turn. */
export type Part =
  | TextPart
  | ThinkingPart
  | ToolCallPart
  | AttachmentPart
  | CodePart
  | QuotePart
  | NoticePart
  | BranchPart

/** An emoji reaction to a message, as a chat tool records it. */
export interface Reaction {
  /**
   * The emoji's short name, without colons (`+1`, `tada`, a workspace's own emoji).
   * @minLength 1
   */
  name: string
  /** How many people reacted so. */
  count: number
  /**
   * The emoji character the name stands for (`👍`), when the reader could resolve it; absent for custom emoji.
   * @minLength 1
   */
  emoji?: string
}

/** That a message was changed after it was sent. */
export interface Edited {
  /** When it was last edited, when known. */
  timestamp?: IsoTime
}

/** What a threaded reply answers (a Slack thread reply). */
export interface ThreadReply {
  /**
   * Where the thread's first message is: in this conversation (`present`),
   * deleted, or not in the source at all (`missing`).
   */
  parent: 'present' | 'deleted' | 'missing'
  /** Display name of whoever started the thread, when known. */
  starter?: string
  /** The reply was also sent to the channel. */
  broadcast?: boolean
}

/** One message in a conversation. */
export interface Turn {
  /** The source's id for this message. */
  id?: string
  role: Role
  /** Participant id of the speaker. */
  author?: string
  timestamp?: IsoTime
  model?: string
  tokens?: TokenCounts
  /** Present when the turn is a reply in a thread: shown as a line above its parts. */
  reply?: ThreadReply
  /** Reactions to the turn, in the source's order: shown as a line below its parts. */
  reactions?: Reaction[]
  /** Present when the message was edited after it was sent (a Slack message's `edited`): shown in its heading. */
  edited?: Edited
  parts: Part[]
}

/**
 * A whole conversation, ready to render. The normalizer checks every
 * conversation a format yields against this model (`validateConversation`)
 * and skips an invalid one with a message naming the field (a time that is
 * not one is only dropped, with a warning).
 */
export interface Conversation {
  /** @minLength 1 */
  id: string
  title?: string
  source: Source
  createdAt?: IsoTime
  updatedAt?: IsoTime
  participants: Participant[]
  metadata: ConversationMetadata
  turns: Turn[]
  fidelity: Fidelity
}
