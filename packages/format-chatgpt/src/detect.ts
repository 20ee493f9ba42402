import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord} from '@chatmark/core/model'
import {isNodeShaped} from './types.js'

/** Variant of an export's `conversations.json`: an array of conversations. */
export const exportVariant = 'chatgpt-export'
/** Variant of a single conversation object (browser exporters, one element saved alone). */
export const conversationVariant = 'chatgpt-conversation'

/**
 * Detects a ChatGPT data export: an array of conversations (or one
 * conversation object) with a `mapping` tree and a `current_node`. Pure and
 * synchronous; uses only the sample, whose JSON is a partial parse of the
 * head when the file is larger than the sample.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'empty':
      return {confidence: 'none', reason: 'empty input'}
    case 'binary':
      return {
        confidence: 'none',
        reason:
          sample.magic === 'zip'
            ? 'a ZIP archive (its conversations.json is read when the archive is opened)'
            : 'binary data, not a ChatGPT export'
      }
    case 'text':
      return {confidence: 'none', reason: 'text that is not JSON, not a ChatGPT export'}
    case 'folder':
      return {confidence: 'none', reason: 'a folder (an unpacked export is read from its conversations.json)'}
    case 'json':
    case 'jsonl':
      if (sample.json === undefined) return {confidence: 'none', reason: 'JSON lines, not a ChatGPT conversations.json'}
      return detectDocument(sample.json, sample.jsonComplete)
  }
}

function detectDocument(json: unknown, complete: boolean): Verdict {
  if (Array.isArray(json)) {
    const first = json.find(isRecord)
    if (first === undefined)
      return {confidence: 'none', reason: json.length === 0 ? 'an empty JSON array' : 'a JSON array without objects'}
    return detectConversation(first, complete, 'array of conversations', exportVariant)
  }
  if (isRecord(json)) return detectConversation(json, complete, 'object', conversationVariant)
  return {
    confidence: 'none',
    reason: complete ? 'a JSON value that is neither an array nor an object' : 'a JSON head that could not be read'
  }
}

function detectConversation(value: Record<string, unknown>, complete: boolean, what: string, variant: string): Verdict {
  if ('chat_messages' in value)
    return {confidence: 'none', reason: `${what} with chat_messages (a Claude.ai export), not ChatGPT`}
  const mapping = value['mapping']
  if (!isRecord(mapping)) {
    // In real exports `mapping` follows `title` and the times; a head may end before it.
    if (!complete && 'title' in value && 'create_time' in value && Object.keys(value).length <= 4) {
      return {
        confidence: 'possible',
        reason: `${what} whose head has title and create_time but ends before mapping`,
        variant
      }
    }
    return {confidence: 'none', reason: `${what} without a mapping object`}
  }
  const nodes = Object.values(mapping)
  const shaped = nodes.some(isNodeShaped)
  const hasCurrent = 'current_node' in value
  if (shaped && hasCurrent)
    return {
      confidence: 'certain',
      reason: `${what} with mapping of {id, message, parent, children} nodes and current_node`,
      variant
    }
  // `current_node` comes after `mapping` in export key order: a cut head may not reach it.
  if (shaped)
    return {
      confidence: complete ? 'likely' : 'certain',
      reason:
        `${what} with mapping of {id, message, parent, children} ` +
        `nodes${complete ? ', no current_node' : ' (current_node beyond the head)'}`,
      variant
    }
  if (hasCurrent && nodes.length === 0)
    return {confidence: 'likely', reason: `${what} with an empty mapping and current_node`, variant}
  if (hasCurrent)
    return {
      confidence: 'possible',
      reason: `${what} with mapping and current_node, but mapping values are not {message, parent, children} nodes`,
      variant
    }
  return {confidence: 'none', reason: `${what} with a mapping but no message nodes or current_node`}
}
