import type {Conversation, ConversationMetadata, Fidelity, Part, Turn} from '@chatmark/core/model'
import {addTokens, isRecord, sumTokens} from '@chatmark/core/model'
import {cursorTime} from '../epoch-time.js'
import {cursorModel, participants} from '../participants.js'
import {stateVariant} from '../variants.js'
import {bubbleFacts, bubbleParts} from './bubble-parts.js'

/** One bubble in conversation order, with its id when the store gives one. */
export interface Bubble {
  id?: string
  record: Record<string, unknown>
}

/** What a tab or a composer holds, for {@link bubbleConversation}. */
export interface ChatSpec {
  id: string
  title?: string | undefined
  createdAt?: unknown
  updatedAt?: unknown
  project?: string | undefined
  path?: string | undefined
  bubbles: readonly Bubble[]
  fidelity: Fidelity
  extra: Record<string, string | number | boolean>
  parent?: string | undefined
  /** Cursor summarised the conversation up to this bubble (`latestConversationSummary`). */
  compaction?: {after: string; summary: string} | undefined
}

/**
 * A chat-panel tab or a composer as a conversation: one turn per user
 * bubble, and the assistant bubbles that follow it (Cursor stores every
 * thought, tool call and answer of one reply as a bubble of its own) as one
 * turn. A compaction becomes a notice after the bubble it summarised up to;
 * a sub-agent's composer opens with a notice naming its parent.
 */
export function bubbleConversation(spec: ChatSpec): Conversation {
  const turns: Turn[] = []
  const fidelity = {...spec.fidelity}
  let answer: Turn | undefined
  if (spec.parent) {
    turns.push({role: 'system', parts: [{type: 'notice', level: 'info', kind: 'subagent', parent: spec.parent}]})
  }
  for (const bubble of spec.bubbles) {
    const role = roleOf(bubble.record['type'])
    if (!role) fidelity['unknown-bubble-type'] = (fidelity['unknown-bubble-type'] ?? 0) + 1
    const parts = bubbleParts(bubble.record, role ?? 'assistant')
    const facts = bubbleFacts(bubble.record)
    if (parts.length === 0) {
      fidelity['empty-bubble'] = (fidelity['empty-bubble'] ?? 0) + 1
    } else if (role === 'assistant' && answer) {
      answer.parts.push(...parts)
      if (!answer.model && facts.model) answer.model = facts.model
      if (facts.tokens) {
        const sum = {...answer.tokens}
        addTokens(sum, facts.tokens)
        answer.tokens = sum
      }
    } else {
      const turn = newTurn(bubble, role, parts, facts)
      turns.push(turn)
      answer = role === 'assistant' ? turn : undefined
    }
    if (spec.compaction && bubble.id === spec.compaction.after) {
      turns.push({role: 'system', parts: [compactionPart(spec.compaction.summary)]})
      answer = undefined
    }
  }
  const models = [...new Set(turns.map((turn) => turn.model).filter((model): model is string => !!model))]
  const metadata: ConversationMetadata = {}
  if (models.length > 0) metadata.models = models
  if (spec.project) metadata.project = spec.project
  if (spec.parent) metadata.parent = {id: spec.parent, relation: 'subagent'}
  const tokens = sumTokens(turns.flatMap((turn) => (turn.tokens ? [turn.tokens] : [])))
  if (tokens) metadata.tokens = tokens
  if (Object.keys(spec.extra).length > 0) metadata.extra = spec.extra
  const createdAt = cursorTime(spec.createdAt)
  const updatedAt = cursorTime(spec.updatedAt)
  return {
    id: spec.id,
    ...(spec.title ? {title: spec.title} : {}),
    source: {format: 'cursor', variant: stateVariant, ...(spec.path ? {path: spec.path} : {})},
    ...(createdAt ? {createdAt} : {}),
    ...(updatedAt ? {updatedAt} : {}),
    participants: participants(),
    metadata,
    turns,
    fidelity
  }
}

function newTurn(
  bubble: Bubble,
  role: 'user' | 'assistant' | undefined,
  parts: Part[],
  facts: ReturnType<typeof bubbleFacts>
): Turn {
  const timestamp = cursorTime(bubble.record['createdAt'])
  const turn: Turn = {
    ...(bubble.id ? {id: bubble.id} : {}),
    role: role ?? 'other',
    ...(role === 'user' ? {author: 'user'} : role === 'assistant' ? {author: cursorModel.id} : {}),
    ...(timestamp ? {timestamp} : {}),
    parts
  }
  if (role === 'assistant' && facts.model) turn.model = facts.model
  if (facts.tokens) turn.tokens = {...facts.tokens}
  return turn
}

/** `type` 1 or `"user"` is the user's, 2 or `"ai"` Cursor's (composer bubbles, chat-panel bubbles). */
function roleOf(type: unknown): 'user' | 'assistant' | undefined {
  if (type === 1 || type === 'user') return 'user'
  if (type === 2 || type === 'ai') return 'assistant'
  return undefined
}

function compactionPart(summary: string): Part {
  return {type: 'notice', level: 'info', kind: 'compaction', ...(summary ? {summary} : {})}
}

/** A record's field as an object, or an empty one. */
export function recordAt(record: Record<string, unknown>, key: string): Record<string, unknown> {
  const value = record[key]
  return isRecord(value) ? value : {}
}
