/**
 * Text Codex writes into `role: user` messages that the user did not type,
 * after the strings in openai/codex: `codex-rs/protocol/src/protocol.rs`
 * (`InputMessageKind`, 0.3x-0.4x: `<user_instructions>`, `<environment_context>`),
 * `codex-rs/core/src/contextual_user_message.rs` (`# AGENTS.md instructions for <dir>`
 * ... `</INSTRUCTIONS>`, `<skill>`, `<user_shell_command>`, `<turn_aborted>`,
 * `<subagent_notification>`, `<additional_context>`) and
 * `codex-rs/protocol/src/instruction_markers.rs`. Codex compares the markers
 * without regard to ASCII case, and so does this.
 */
const injectedTag = /^<([a-z][a-z0-9]*(?:_[a-z0-9]+)+|environment_context|instructions|skill)\b[^>]*>/i

/**
 * Whether `role: user` text was written by Codex rather than typed: the
 * environment, AGENTS.md and user instructions, skills, aborted-turn markers,
 * user shell command records and other blocks Codex wraps in one snake_case tag.
 */
export function isInjectedContext(text: string): boolean {
  const trimmed = text.trim()
  if (/^# AGENTS\.md instructions for /i.test(trimmed)) return true
  const open = injectedTag.exec(trimmed)
  if (!open) return false
  return trimmed.toLowerCase().endsWith(`</${open[1]?.toLowerCase()}>`)
}

/**
 * Codex's `USER_MESSAGE_BEGIN` (`codex-rs/protocol/src/protocol.rs`): the IDE
 * extension (and Codex Desktop) put their own context before it (`# Context
 * from my IDE setup:` with open tabs and the selection, `# Files mentioned by
 * the user:`), and Codex's resume picker and thread titles keep only the text
 * after it (`strip_user_message_prefix` in `codex-rs/state/src/extract.rs`).
 */
const requestMarker = /^## My request for Codex:[ \t]*/m

/** A prompt split at Codex's request marker: the context the IDE wrote, and what the user asked. */
export interface WrappedRequest {
  /** The text before the marker (IDE context, mentioned files); `''` when there is none. */
  context: string
  /** The text after the marker. */
  request: string
}

/** Splits a prompt the IDE extension wrapped; `undefined` when the text has no request marker. */
export function splitRequest(text: string): WrappedRequest | undefined {
  const marker = requestMarker.exec(text)
  if (!marker) return undefined
  return {context: text.slice(0, marker.index).trim(), request: text.slice(marker.index + marker[0].length).trim()}
}

/** A one-line label for injected text: its tag, or its first line without a heading marker. */
export function injectedLabel(text: string): string {
  const trimmed = text.trim()
  const tag = /^<([A-Za-z_0-9]+)/.exec(trimmed)
  if (tag) return `<${tag[1]}>`
  const line = trimmed.split('\n', 1)[0] ?? ''
  return line.replace(/^#+\s*/, '').slice(0, 80)
}
