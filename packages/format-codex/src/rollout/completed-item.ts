import {stringOf} from '@chatmark/core/model'
import {contentText} from '../message-content.js'
import {userParts} from '../user-parts.js'
import {commandExecution} from './command.js'
import {compactionNotice} from './compaction.js'
import {completedReasoning} from './reasoning.js'
import type {RolloutState} from './state.js'
import {userMessage} from './message.js'
import {assistantText} from './turns.js'

// 0.17x `item_completed` items: the UI's copy of each message, and command runs.
export function completedItem(state: RolloutState, item: Record<string, unknown>, timestamp: string | undefined): void {
  switch (item['type']) {
    case 'UserMessage':
      userMessage(state, userParts(item['content']), 'event', timestamp, stringOf(item['id']))
      return
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
