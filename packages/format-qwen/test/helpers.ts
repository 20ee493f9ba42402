import assert from 'node:assert/strict'
import type {Conversation, Normalized, ToolCallPart} from '@chatmark/core'
import {createNormalizer, inputFromString} from '@chatmark/core'
import {qwen} from '@chatmark/format-qwen'

export const at = (second: number): string => `2026-12-01T10:00:${String(second).padStart(2, '0')}.000Z`

/** A chat record, linked to `parent`, with the fields every Qwen Code 0.24 record has. */
export function record(
  uuid: string,
  parent: string | null,
  type: string,
  fields: Record<string, unknown> = {},
  second = 1
): Record<string, unknown> {
  return {
    uuid,
    parentUuid: parent,
    sessionId: 's-1',
    timestamp: at(second),
    type,
    cwd: '/home/me/project',
    version: '0.24.4',
    ...fields
  }
}

export const user = (uuid: string, parent: string | null, text: string, second = 1): Record<string, unknown> =>
  record(uuid, parent, 'user', {message: {role: 'user', parts: [{text}]}}, second)

export const assistant = (uuid: string, parent: string | null, parts: unknown[], second = 2): Record<string, unknown> =>
  record(
    uuid,
    parent,
    'assistant',
    {
      model: 'qwen3-coder-plus',
      message: {role: 'model', parts},
      usageMetadata: {promptTokenCount: 100, candidatesTokenCount: 20, thoughtsTokenCount: 5, totalTokenCount: 120}
    },
    second
  )

export const toolResult = (
  uuid: string,
  parent: string,
  callId: string,
  response: unknown,
  info: Record<string, unknown> = {}
): Record<string, unknown> =>
  record(uuid, parent, 'tool_result', {
    message: {role: 'user', parts: [{functionResponse: {id: callId, name: 'read_file', response}}]},
    toolCallResult: {callId, status: 'success', ...info}
  })

export const system = (uuid: string, parent: string, subtype: string, payload: unknown): Record<string, unknown> =>
  record(uuid, parent, 'system', {subtype, systemPayload: payload})

export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`

export async function read(text: string): Promise<Normalized> {
  return createNormalizer({formats: [qwen()]}).normalize(inputFromString(text, 'session.jsonl'))
}

export async function conversation(text: string): Promise<Conversation> {
  const {conversations, file} = await read(text)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const toolCalls = (value: Conversation): ToolCallPart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))
