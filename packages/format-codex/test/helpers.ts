import assert from 'node:assert/strict'
import type {Conversation, NoticePart, Normalized, Sample, ThinkingPart, ToolCallPart, Turn} from '@chatmark/core'
import {createNormalizer, inputFromString, noticeWords, sampleFromBytes} from '@chatmark/core'
import {codex} from '@chatmark/format-codex'

/** Builders for rollout lines, shaped as the Codex CLI writes them. */
export const at = (second: number): string => `2026-02-01T10:00:${String(second).padStart(2, '0')}.000Z`
export const line = (second: number, type: string, payload: Record<string, unknown>): Record<string, unknown> => ({
  timestamp: at(second),
  type,
  payload
})
export const meta = (extra: Record<string, unknown> = {}): Record<string, unknown> =>
  line(0, 'session_meta', {
    id: 'thread-1',
    timestamp: at(0),
    cwd: '/work/app',
    originator: 'codex_cli_rs',
    cli_version: '0.171.0',
    source: 'cli',
    ...extra
  })
export const item = (second: number, payload: Record<string, unknown>): Record<string, unknown> =>
  line(second, 'response_item', payload)
export const event = (second: number, payload: Record<string, unknown>): Record<string, unknown> =>
  line(second, 'event_msg', payload)
export const completed = (second: number, value: Record<string, unknown>): Record<string, unknown> =>
  event(second, {type: 'item_completed', item: value})
export const userItem = (second: number, text: string): Record<string, unknown> =>
  item(second, {type: 'message', role: 'user', content: [{type: 'input_text', text}]})
export const assistantItem = (second: number, text: string): Record<string, unknown> =>
  item(second, {type: 'message', role: 'assistant', content: [{type: 'output_text', text}]})
/** Token usage as Codex writes it, with no cached input or reasoning. */
export const usage = (input: number, output: number): Record<string, number> => ({
  input_tokens: input,
  cached_input_tokens: 0,
  output_tokens: output,
  reasoning_output_tokens: 0,
  total_tokens: input + output
})
export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((value) => (typeof value === 'string' ? value : JSON.stringify(value))).join('\n')}\n`

export function sample(text: string, name = 'rollout.jsonl', complete = true): Sample {
  return sampleFromBytes(Buffer.from(text), {name, complete})
}

/** Reads text with the codex format forced, as `chatmark --format codex` does. */
export async function read(text: string, options: {keepMeta?: boolean; name?: string} = {}): Promise<Normalized> {
  const normalizer = createNormalizer({formats: [codex()]})
  return normalizer.normalize(inputFromString(text, options.name ?? 'rollout.jsonl'), {
    format: 'codex',
    formatOptions: options.keepMeta === undefined ? {} : {keepMeta: options.keepMeta}
  })
}

/** Reads text that must give exactly one conversation and no fatal message. */
export async function conversation(
  text: string,
  options: {keepMeta?: boolean; name?: string} = {}
): Promise<Conversation> {
  const {conversations, file} = await read(text, options)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const texts = (value: Conversation, role: Turn['role']): string[] =>
  value.turns
    .filter((turn) => turn.role === role)
    .flatMap((turn) => turn.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
export const notices = (value: Conversation): NoticePart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is NoticePart => part.type === 'notice'))
/** The notices as a note words them. */
export const noticeTexts = (value: Conversation): string[] => notices(value).map((notice) => noticeWords(notice).text)
export const toolCalls = (value: Conversation): ToolCallPart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))
export const thoughts = (value: Conversation): ThinkingPart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is ThinkingPart => part.type === 'thinking'))
