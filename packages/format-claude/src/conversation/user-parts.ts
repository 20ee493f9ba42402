import type {NoticePart, Part, TextPart, Turn} from '@chatmark/core/model'
import {isString, stringOf} from '@chatmark/core/model'
import {blocksText, imageAttachment} from '../tool-result.js'
import type {BashOutput} from './bash-mode.js'
import {attachSummary} from './compaction.js'
import {contentBlocks, messageContent} from './message-content.js'
import type {BuildState} from './state.js'
import {count} from './state.js'
import {hasToolUse} from './tool-use-ids.js'
import {userTextParts} from './user-text.js'

/** What a user record shows. */
export interface UserParts {
  parts: Part[]
  /** Whether everything in it is harness text (no prose, image, command or interruption of the user's). */
  meta: boolean
  /** Output of a bash-mode command, for the command's tool call. */
  bashOutput?: BashOutput
  /** A prompt command the user ran (`/orchestrator build the thing`): the text part that shows it. */
  command?: {name: string; part: TextPart | NoticePart}
  /** The text of an isMeta record: harness text, or the prompt a command just run expanded to. */
  metaText?: string
}

/**
 * The parts of a user record. Tool results are shown with their calls (only
 * orphans are counted here); a compaction summary goes to the compaction
 * notice among the last turns (`turns`); isMeta text is left to the caller
 * (`metaText`), which knows whether a command just ran.
 */
export function userParts(state: BuildState, record: Record<string, unknown>, turns: Turn[]): UserParts {
  const content = messageContent(record)
  const blocks: Array<Record<string, unknown>> = isString(content)
    ? [{type: 'text', text: content}]
    : contentBlocks(record)
  const result: UserParts = {parts: [], meta: true}
  if (record['isCompactSummary'] === true) {
    attachSummary(turns, result.parts, blocksText(content))
    return result
  }
  if (record['isMeta'] === true) {
    const text = blocksText(content).trim()
    if (text) result.metaText = text
    return result
  }
  for (const block of blocks) {
    if (block['type'] === 'tool_result') {
      if (!isString(block['tool_use_id']) || !hasToolUse(state, block['tool_use_id']))
        count(state, 'orphan-tool-result')
      continue
    }
    if (block['type'] === 'image' || block['type'] === 'document') {
      result.parts.push(imageAttachment(block))
      result.meta = false
      continue
    }
    if (block['type'] !== 'text') {
      count(state, 'unknown-content-block')
      continue
    }
    userTextParts(state, stringOf(block['text']) ?? '', turns, result)
  }
  return result
}
