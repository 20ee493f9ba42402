import assert from 'node:assert/strict'
import type {Conversation, Normalized, Part, Turn} from '@chatmark/core'
import {createNormalizer, inputFromBytes, inputFromString} from '@chatmark/core'
import {pi} from '@chatmark/format-pi'

export const at = (second: number): string => `2026-12-01T10:00:${String(second).padStart(2, '0')}.000Z`

/** The header Pi 0.73 writes on a session file's first line. */
export const header = (fields: Record<string, unknown> = {}): Record<string, unknown> => ({
  type: 'session',
  version: 3,
  id: 'sess-1',
  timestamp: at(0),
  cwd: '/home/me/project',
  ...fields
})

/** An entry of a version 2/3 session. */
export function entry(
  type: string,
  id: string,
  parentId: string | null,
  fields: Record<string, unknown> = {},
  second = 1
): Record<string, unknown> {
  return {type, id, parentId, timestamp: at(second), ...fields}
}

export const user = (id: string, parentId: string | null, text: string, second = 1): Record<string, unknown> =>
  entry('message', id, parentId, {message: {role: 'user', content: [{type: 'text', text}]}}, second)

export const answer = (
  id: string,
  parentId: string | null,
  content: unknown[],
  fields: Record<string, unknown> = {},
  second = 2
): Record<string, unknown> =>
  entry(
    'message',
    id,
    parentId,
    {
      message: {
        role: 'assistant',
        content,
        provider: 'anthropic',
        model: 'claude-sonnet-4-5',
        usage: {input: 100, output: 20, cacheRead: 50, cacheWrite: 10, totalTokens: 180, cost: {total: 0.0125}},
        stopReason: 'stop',
        ...fields
      }
    },
    second
  )

export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`

const normalizer = createNormalizer({formats: [pi()]})

export async function read(text: string, name = 'session.jsonl'): Promise<Normalized> {
  return normalizer.normalize(inputFromString(text, name))
}

export async function readBytes(bytes: Uint8Array, name: string): Promise<Normalized> {
  return normalizer.normalize(inputFromBytes(bytes, name))
}

export async function conversation(text: string): Promise<Conversation> {
  const {conversations, file} = await read(text)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

/** Each turn as `role: text` of its first text-like part, branches as nested arrays. */
export function outline(turns: readonly Turn[]): unknown[] {
  return turns.map((turn) => {
    const branch = turn.parts.find((part) => part.type === 'branch')
    if (branch?.type === 'branch') return [`branch ${branch.number}`, outline(branch.turns)]
    return `${turn.role}: ${turn.parts.map(partText).join(' | ')}`
  })
}

function partText(part: Part): string {
  switch (part.type) {
    case 'notice':
      return `[${part.kind ?? 'notice'}${'text' in part ? ` ${part.text}` : ''}]`
    case 'tool-call':
      return `call ${part.name}${part.result ? ` -> ${part.result.text}` : ''}`
    case 'branch':
      return 'branch'
    default:
      return part.text
  }
}
