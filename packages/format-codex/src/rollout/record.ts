import {isRecord, stringOf} from '@chatmark/core/model'
import {
  internalLineKinds,
  isEnvelopeLine,
  isLegacyMetaLine,
  isLineKind,
  isResponseItem,
  isStateLine,
  isTsDocument
} from '../types.js'
import {compacted} from './compaction.js'
import {event} from './event.js'
import type {EnvelopeLine} from './inherited.js'
import {inheritedLine} from './inherited.js'
import {responseItem} from './response-item.js'
import {sessionMeta, turnContext} from './session-meta.js'
import type {RolloutState} from './state.js'
import {count, recognise} from './state.js'
import {tokenUsageRecord} from './token-usage.js'

/** Reads one record: an envelope line, a legacy line, or a whole TS CLI document. */
export function record(state: RolloutState, value: unknown): void {
  if (isEnvelopeLine(value)) envelope(state, value)
  else if (isTsDocument(value)) document(state, value)
  else if (isStateLine(value)) recognise(state, 'codex-legacy-jsonl')
  else if (isLegacyMetaLine(value)) {
    recognise(state, 'codex-legacy-jsonl')
    sessionMeta(state, value)
  } else if (isResponseItem(value)) {
    recognise(state, 'codex-legacy-jsonl')
    responseItem(state, value, stringOf(value['timestamp']), undefined)
  } else count(state, 'unknown-record')
}

function envelope(state: RolloutState, line: EnvelopeLine): void {
  if (!isLineKind(line.type)) {
    count(state, 'unknown-record')
    return
  }
  recognise(state, 'codex-envelope')
  if (inheritedLine(state, line)) return
  const timestamp = stringOf(line['timestamp'])
  if (timestamp) state.meta.updatedAt = timestamp
  const {payload} = line
  switch (line.type) {
    case 'session_meta':
      sessionMeta(state, payload)
      break
    case 'turn_context':
      turnContext(state, payload)
      break
    case 'response_item':
      responseItem(state, payload, timestamp, isRecord(line['metadata']) ? line['metadata'] : undefined)
      break
    case 'event_msg':
      event(state, payload, timestamp)
      break
    case 'compacted':
      compacted(state, payload, timestamp)
      break
    case 'token_usage_record':
      tokenUsageRecord(state, payload)
      break
    case 'world_state':
      break
    default:
      if (internalLineKinds.has(line.type)) count(state, 'internal-record')
  }
}

function document(state: RolloutState, value: {session: Record<string, unknown>; items: unknown[]}): void {
  recognise(state, 'codex-ts-json')
  sessionMeta(state, value.session)
  for (const item of value.items) {
    if (isResponseItem(item)) responseItem(state, item, stringOf(item['timestamp']), undefined)
    else count(state, 'unknown-item')
  }
}
