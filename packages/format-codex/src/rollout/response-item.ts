import {isRecord, stringOf} from '@chatmark/core/model'
import {imagePart} from '../message-content.js'
import {agentMessage} from './agent-message.js'
import {compactionNotice, compactionOutput} from './compaction.js'
import {message} from './message.js'
import {reasoningItem} from './reasoning.js'
import type {RolloutState} from './state.js'
import {count} from './state.js'
import {functionCall, localShellCall, toolCall, toolOutput} from './tool-call.js'
import {assistantPart} from './turns.js'

/** A response item (the model history), from any generation; `lineMeta` is the envelope line's `metadata`. */
export function responseItem(
  state: RolloutState,
  item: Record<string, unknown>,
  timestamp: string | undefined,
  lineMeta: Record<string, unknown> | undefined
): void {
  // What the model wrote to build a compaction summary (0.17x): part of the compaction, not of the conversation.
  if (lineMeta?.['compaction_output'] === true) {
    compactionOutput(state, item)
    return
  }
  switch (item['type']) {
    case 'message':
      message(state, item, timestamp, stringOf(item['id']))
      return
    case 'reasoning':
      reasoningItem(state, item, timestamp)
      return
    case 'function_call':
      functionCall(state, item, timestamp)
      return
    case 'custom_tool_call':
      toolCall(
        state,
        stringOf(item['call_id']),
        stringOf(item['name']) ?? 'custom_tool',
        item['input'],
        timestamp,
        stringOf(item['status'])
      )
      return
    case 'local_shell_call':
      localShellCall(state, item, timestamp)
      return
    case 'function_call_output':
    case 'custom_tool_call_output':
      toolOutput(state, stringOf(item['call_id']), item['output'], stringOf(item['name']), timestamp)
      return
    case 'web_search_call': {
      const action = isRecord(item['action']) ? item['action'] : {}
      toolCall(state, stringOf(item['id']), 'web_search', action, timestamp, stringOf(item['status']))
      return
    }
    case 'image_generation_call': {
      const result = stringOf(item['result'])
      const part = imagePart(result ? `data:image/png;base64,${result}` : undefined)
      const prompt = stringOf(item['revised_prompt'])
      if (prompt) part.text = `generated image, ${part.text}: ${prompt}`
      assistantPart(state, part, timestamp)
      return
    }
    case 'compaction':
    case 'compaction_summary':
    case 'context_compaction':
      compactionNotice(state, undefined, timestamp)
      return
    case 'tool_search_call':
    case 'tool_search_output':
      count(state, 'tool-search')
      return
    case 'ghost_snapshot':
      count(state, 'ghost-snapshot')
      return
    case 'agent_message':
      agentMessage(state, item, timestamp)
      return
    default:
      count(state, 'unknown-item')
  }
}
