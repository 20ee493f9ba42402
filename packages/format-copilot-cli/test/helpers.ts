import assert from 'node:assert/strict'
import type {Conversation, Normalized, Part, ToolCallPart} from '@chatmark/core'
import {createNormalizer, inputFromString} from '@chatmark/core'
import type {Options} from '@chatmark/format-copilot-cli'
import {copilotCli} from '@chatmark/format-copilot-cli'

export const at = (second: number): string => `2026-12-06T14:50:${String(second).padStart(2, '0')}.000Z`

let next = 0

/** An event as Copilot CLI 1.0.102 writes it: its envelope around `data`. */
export function event(type: string, data: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) {
  next++
  return {type, data, id: `e-${next}`, timestamp: at(next % 60), parentId: null, ...fields}
}

export const start = (data: Record<string, unknown> = {}) =>
  event('session.start', {
    sessionId: 's-1',
    version: 1,
    producer: 'copilot-agent',
    copilotVersion: '1.0.102',
    startTime: at(0),
    selectedModel: 'mock-model',
    context: {cwd: '/home/me/project'},
    ...data
  })

export const prompt = (content: string, data: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) =>
  event('user.message', {content, ...data}, fields)

export const reply = (content: string, data: Record<string, unknown> = {}, fields: Record<string, unknown> = {}) =>
  event('assistant.message', {messageId: `m-${next}`, content, toolRequests: [], ...data}, fields)

export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`

export async function read(text: string, options: Options = {}): Promise<Normalized> {
  return createNormalizer({formats: [copilotCli(options)]}).normalize(inputFromString(text, 'events.jsonl'))
}

export async function conversation(text: string, options: Options = {}): Promise<Conversation> {
  const {conversations, file} = await read(text, options)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const parts = (value: Conversation): Part[] => value.turns.flatMap((turn) => turn.parts)

export const toolCalls = (value: Conversation): ToolCallPart[] =>
  parts(value).filter((part): part is ToolCallPart => part.type === 'tool-call')
