import {isRecord, isString} from '@chatmark/core/model'
import {partItems} from './content-parts.js'
import {injectedUserText} from './injected-text.js'
import type {MessageLine} from './types.js'

/**
 * How a user message is shown:
 * - `injected-context`: only text the CLI wrote itself (see `injected-text.ts`);
 * - `compression-summary`: a `<state_snapshot>` the CLI put in place of compressed history;
 * - `tool-response`: only `functionResponse` parts (v0.44+ records tool results this way);
 * - `command`: a slash command or `?` help;
 * - `empty`: no text;
 * - `prose`: what the user said (injected parts sent with it are split off, see {@link splitInjected}).
 * All but `prose` are left out of model history by the CLI, or were never typed
 * (`isIgnoredUserContent` in `packages/core/src/utils/sessionUtils.ts`).
 */
export type UserMessageKind =
  | 'injected-context'
  | 'compression-summary'
  | 'tool-response'
  | 'command'
  | 'empty'
  | 'prose'

/** Injected text found in a message, with its label (`Session context`). */
export interface InjectedText {
  label: string
  text: string
}

/** A message's content items with the injected text parts taken out. */
export interface SplitContent {
  /** The items someone wrote (or media, responses and calls), in order. */
  items: unknown[]
  injected: InjectedText[]
}

/**
 * Splits injected text parts from the rest: Gemini CLI 0.61 sends the
 * `<session_context>` as the first part of the first prompt (seen in a
 * `/chat save` checkpoint), so one message can hold both.
 */
export function splitInjected(content: unknown): SplitContent {
  const items: unknown[] = []
  const injected: InjectedText[] = []
  for (const item of partItems(content)) {
    const text = isString(item) ? item : isRecord(item) && isString(item['text']) ? item['text'] : undefined
    const label =
      text === undefined || (isRecord(item) && item['thought'] === true) ? undefined : injectedUserText(text)
    if (label && text !== undefined) injected.push({label, text})
    else items.push(item)
  }
  return {items, injected}
}

/**
 * The kinds found so far, by record: the replay asks for a message's kind at every checkpoint, and building the
 * conversation asks again, and each answer joins and trims all of the message's text. A record's content is never
 * changed once read, so the first answer stands.
 */
const kinds = new WeakMap<MessageLine, UserMessageKind>()

/** Classifies a `user` message (see {@link UserMessageKind}). */
export function userMessageKind(record: MessageLine): UserMessageKind {
  let kind = kinds.get(record)
  if (kind === undefined) {
    kind = classify(record)
    kinds.set(record, kind)
  }
  return kind
}

function classify(record: MessageLine): UserMessageKind {
  const {items, injected} = splitInjected(record['content'])
  let text = ''
  let responses = 0
  let media = 0
  for (const item of items) {
    if (isString(item)) text += item
    else if (isRecord(item)) {
      if (isString(item['text'])) text += item['text']
      else if (isRecord(item['functionResponse'])) responses++
      else media++
    }
  }
  const trimmed = text.trim()
  // Text sent with a response is the tool's output (up to v0.1x, see `FunctionResponse.text`), never a prompt.
  if (responses > 0) return 'tool-response'
  if (trimmed === '' && media === 0) return injected.length > 0 ? 'injected-context' : 'empty'
  if (trimmed.startsWith('<state_snapshot>')) return 'compression-summary'
  if (trimmed === '') return 'prose'
  if (looksLikeCommand(trimmed)) return 'command'
  return 'prose'
}

/**
 * Whether typed text has the shape of a CLI command: `/name...` as Gemini CLI
 * tells a slash command (`isSlashCommand`, cli/src/ui/utils/commandUtils.ts:
 * `//` and `/*` start comments a user pastes, sent to the model), or `?`, the
 * help of early versions. Only a shape: in a session file, a command the model
 * then answered was sent to it (a custom or MCP command expands to a prompt;
 * a `?` is a question), and it is the user's prompt (see `to-conversation.ts`).
 */
export function looksLikeCommand(text: string): boolean {
  if (text.startsWith('?')) return true
  return text.startsWith('/') && !text.startsWith('//') && !text.startsWith('/*')
}

/** Whether a message is part of the conversation proper: a user's own words or a model turn. */
export function isConversational(record: MessageLine): boolean {
  if (isModelType(record['type'])) return true
  if (record['type'] !== 'user') return false
  const kind = userMessageKind(record)
  return kind === 'prose' || kind === 'command'
}

/**
 * Whether a message type is the model's: `gemini`, as the CLI writes it,
 * `model`, the API's role name, which files converted from API history use,
 * or `qwen`, as Qwen Code wrote it while it was a fork of this CLI (v0.1.x,
 * the same session files under `~/.qwen/tmp/`).
 */
export function isModelType(type: unknown): boolean {
  return type === 'gemini' || type === 'model' || type === 'qwen'
}
