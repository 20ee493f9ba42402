import assert from 'node:assert/strict'
import type {Conversation, Normalized, Part, ToolCallPart} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString} from '@chatmark/core'
import {copilotChat} from '@chatmark/format-copilot-chat'

/** Milliseconds of 2026-02-18 10:00:00 UTC plus `seconds`. */
export const at = (seconds = 0): number => Date.UTC(2026, 1, 18, 10, 0, seconds)

/** A request as VS Code ≥ 1.109 writes it (chatSessionOperationLog.ts `requestSchema`), with `response` parts. */
export function request(id: string, text: string, response: unknown[] = [], fields: Record<string, unknown> = {}) {
  return {
    requestId: id,
    timestamp: at(),
    modelId: 'copilot/gpt-5',
    responseId: `response_${id}`,
    modelState: {value: 1, completedAt: at(9)},
    response,
    message: {text, parts: [{kind: 'text', text}]},
    variableData: {variables: []},
    ...fields
  }
}

/** A v3 session holding `requests`. */
export function session(requests: unknown[], fields: Record<string, unknown> = {}) {
  return {
    version: 3,
    responderUsername: 'GitHub Copilot',
    initialLocation: 'panel',
    requests,
    sessionId: 'session-1',
    creationDate: at(-30),
    customTitle: undefined,
    ...fields
  }
}

/** A bare markdown string, as every response stores its text. */
export const markdown = (value: string): Record<string, unknown> => ({value, supportThemeIcons: false})

export const jsonl = (...lines: unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`

export async function read(text: string, name = 'session.json'): Promise<Normalized> {
  return createNormalizer({formats: [copilotChat()]}).normalize(inputFromString(text, name))
}

export async function readPath(path: string): Promise<Normalized> {
  return createNormalizer({formats: [copilotChat()]}).normalize(await inputFromPath(path))
}

/** The one conversation of `text`, which must read with no fatal message. */
export async function conversation(text: string, name = 'session.json'): Promise<Conversation> {
  const {conversations, file} = await read(text, name)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const parts = (value: Conversation): Part[] => value.turns.flatMap((turn) => turn.parts)

export const toolCalls = (value: Conversation): ToolCallPart[] =>
  parts(value).filter((part): part is ToolCallPart => part.type === 'tool-call')
