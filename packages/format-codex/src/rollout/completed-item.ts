import {stringOf} from '@chatmark/core/model'
import {contentText, messageContent} from '../message-content.js'
import {commandExecution} from './command.js'
import {compactionNotice} from './compaction.js'
import {completedReasoning} from './reasoning.js'
import type {RolloutState} from './state.js'
import {assistantText, prompt} from './turns.js'

// 0.17x `item_completed` items: the UI's copy of each message, and command runs.
export function completedItem(state: RolloutState, item: Record<string, unknown>, timestamp: string | undefined): void {
  switch (item['type']) {
    case 'UserMessage': {
      const parts = messageContent(item['content'])
      const text = contentText(item['content'])
      if (parts.length > 0 && state.duplicates.claim('user', text, 'event'))
        prompt(state, parts, timestamp, stringOf(item['id']))
      return
    }
    case 'AgentMessage': {
      const text = contentText(item['content'])
      if (text.trim()) assistantText(state, text, 'event', timestamp)
      return
    }
    case 'Reasoning':
      completedReasoning(state, item, timestamp)
      return
    case 'CommandExecution':
      commandExecution(state, item, timestamp)
      return
    case 'ContextCompaction':
      compactionNotice(state, undefined, timestamp)
      return
    default:
  }
}
