import assert from 'node:assert/strict'
import type {Conversation, NoticePart, Normalized, Sample, Turn} from '@chatmark/core'
import {createNormalizer, inputFromString, noticeWords, sampleFromBytes} from '@chatmark/core'
import {claude} from '@chatmark/format-claude'

export const session = 'b9a1c3d2-0000-4000-8000-00000000abcd'
export const envelope = {
  isSidechain: false,
  userType: 'external',
  cwd: '/repo',
  sessionId: session,
  version: '2.1.332',
  gitBranch: 'main'
}
let clock = 0
/** A new timestamp, one second after the previous one. */
export const time = (): string => new Date(Date.UTC(2026, 0, 1, 10, 0, clock++)).toISOString()
export const user = (
  uuid: string,
  parentUuid: string | null,
  content: unknown,
  extra: Record<string, unknown> = {}
): Record<string, unknown> => ({
  ...envelope,
  parentUuid,
  type: 'user',
  uuid,
  timestamp: time(),
  message: {role: 'user', content},
  ...extra
})
export const assistant = (
  uuid: string,
  parentUuid: string | null,
  id: string,
  content: unknown[],
  extra: Record<string, unknown> = {}
): Record<string, unknown> => ({
  ...envelope,
  parentUuid,
  type: 'assistant',
  uuid,
  timestamp: time(),
  requestId: `req_${id}`,
  message: {
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5',
    content,
    usage: {input_tokens: 10, output_tokens: 5}
  },
  ...extra
})
/** A `type: "system"` line of the chain. */
export const system = (
  uuid: string,
  parentUuid: string | null,
  fields: Record<string, unknown>
): Record<string, unknown> => ({...envelope, type: 'system', uuid, parentUuid, timestamp: time(), ...fields})
export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`
export const sample = (text: string, name = 'session.jsonl'): Sample =>
  sampleFromBytes(Buffer.from(text), {name, complete: true})

export async function read(
  text: string,
  formatOptions: Record<string, unknown> = {},
  name = 'session.jsonl'
): Promise<Normalized> {
  return createNormalizer({formats: [claude()]}).normalize(inputFromString(text, name), {formatOptions})
}

export async function conversation(text: string, formatOptions: Record<string, unknown> = {}): Promise<Conversation> {
  const {conversations, file} = await read(text, formatOptions)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const texts = (value: Conversation): string[] =>
  value.turns.flatMap((turn) => turn.parts.flatMap((part) => (part.type === 'text' ? [part.text] : [])))
export const notices = (value: Conversation): NoticePart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is NoticePart => part.type === 'notice'))
/** The notices as a note words them. */
export const noticeTexts = (value: Conversation): string[] => notices(value).map((notice) => noticeWords(notice).text)

/** The turns as the text of their first part, and a branch as its number, origin and turns, outlined the same way. */
export const outline = (turns: readonly Turn[]): unknown[] =>
  turns.map((turn) => {
    const [part] = turn.parts
    if (part?.type === 'branch') return {branch: part.number, origin: part.origin, turns: outline(part.turns)}
    return part?.type === 'notice' ? noticeWords(part).text : part?.text
  })
