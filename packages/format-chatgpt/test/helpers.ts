import assert from 'node:assert/strict'
import type {Conversation, Normalized, Turn} from '@chatmark/core'
import {createNormalizer, inputFromString} from '@chatmark/core'
import {chatgpt} from '@chatmark/format-chatgpt'

export type Json = Record<string, unknown>
export const t0 = 1767261600 // 2026-01-01T10:00:00Z

/** A message node's `message`, shaped as the export writes it. */
export const message = (id: string, role: string, content: Json, time: number | null, extra: Json = {}): Json => ({
  id,
  author: {role, name: extra['name'] ?? null, metadata: {}},
  create_time: time,
  update_time: null,
  content,
  status: 'finished_successfully',
  end_turn: null,
  weight: 1,
  metadata: extra['metadata'] ?? {},
  recipient: extra['recipient'] ?? 'all',
  ...(extra['channel'] === undefined ? {} : {channel: extra['channel']})
})
export const text = (...parts: string[]): Json => ({content_type: 'text', parts})
export const say = (id: string, role: string, words: string, second: number, extra: Json = {}): Json =>
  message(id, role, text(words), t0 + second, extra)

/** A conversation from `[id, parentId, message]` triples. */
export function conversation(nodes: Array<[string, string | null, Json | null]>, extra: Json = {}): Json {
  const mapping: Record<string, Json> = {}
  for (const [id, parent, value] of nodes)
    mapping[id] = {id, message: value, parent, children: nodes.filter((node) => node[1] === id).map((node) => node[0])}
  return {
    title: 'Test chat',
    create_time: t0,
    update_time: t0 + 60,
    mapping,
    moderation_results: [],
    current_node: nodes.at(-1)?.[0],
    conversation_id: 'c-1',
    id: 'c-1',
    ...extra
  }
}

/** A conversation whose messages follow each other from the root. */
export const simple = (...messages: Json[]): Json =>
  conversation([
    ['root', null, null],
    ...messages.map((value, index): [string, string, Json] => [
      String(value['id']),
      index === 0 ? 'root' : String(messages[index - 1]?.['id']),
      value
    ])
  ])

/** Reads a value with the chatgpt format forced. */
export async function read(value: unknown, formatOptions: Json = {}): Promise<Normalized> {
  return createNormalizer({formats: [chatgpt()]}).normalize(
    inputFromString(JSON.stringify(value), 'conversations.json'),
    {format: 'chatgpt', formatOptions}
  )
}

/** Problems on the file, as `ruleId: reason`. */
export const problems = (file: {messages: Array<{reason: string; ruleId?: string | null | undefined}>}): string[] =>
  file.messages.map((item) => `${item.ruleId ?? '-'}: ${item.reason}`)

/** Reads one conversation that must come with no problem. */
export async function one(value: unknown, formatOptions: Json = {}): Promise<Conversation> {
  const {conversations, file} = await read(value, formatOptions)
  assert.deepEqual(problems(file), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const texts = (value: Conversation, role?: Turn['role']): string[] =>
  value.turns
    .filter((turn) => role === undefined || turn.role === role)
    .flatMap((turn) => turn.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
export const partsOf = <T extends {type: string}>(value: Conversation, type: T['type']): T[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part) => part.type === type) as unknown as T[])
