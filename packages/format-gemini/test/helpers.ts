import assert from 'node:assert/strict'
import type {Conversation, Normalized, ToolCallPart} from '@chatmark/core'
import {createNormalizer, inputFromString} from '@chatmark/core'
import {gemini} from '@chatmark/format-gemini'

export const header = {
  sessionId: 's-1',
  projectHash: 'p-1',
  startTime: '2026-05-01T10:00:00.000Z',
  lastUpdated: '2026-05-01T10:00:00.000Z',
  kind: 'main'
}
export const at = (second: number): string => `2026-05-01T10:00:${String(second).padStart(2, '0')}.000Z`
export const userLine = (id: string, text: string, second = 1): Record<string, unknown> => ({
  id,
  timestamp: at(second),
  type: 'user',
  content: [{text}]
})
/** A `gemini` message line with tool calls. */
export const modelLine = (
  id: string,
  text: string,
  toolCalls: unknown[] = [],
  second = 2
): Record<string, unknown> => ({
  id,
  timestamp: at(second),
  type: 'gemini',
  content: text,
  model: 'gemini-3.8-flash',
  ...(toolCalls.length > 0 ? {toolCalls} : {})
})
export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`

export async function read(text: string): Promise<Normalized> {
  return createNormalizer({formats: [gemini()]}).normalize(inputFromString(text, 'session.jsonl'))
}

export async function conversation(text: string): Promise<Conversation> {
  const {conversations, file} = await read(text)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const toolCalls = (value: Conversation): ToolCallPart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))
