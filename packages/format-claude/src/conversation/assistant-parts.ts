import type {NoticePart, Part, TokenCounts} from '@chatmark/core/model'
import {addTokens, isRecord, isString, stringOf} from '@chatmark/core/model'
import {usageTokens} from '../tokens.js'
import {blocksText} from '../tool-result.js'
import {assistantBlock} from './assistant-block.js'
import {apiErrorNotice} from './notices.js'
import {contentBlocks, messageContent, messageIdOf} from './message-content.js'
import type {BuildState, Item} from './state.js'
import {serverResultsOf} from './tool-call.js'

/** What one API message adds to its turn. */
export interface AssistantParts {
  parts: Part[]
  /** An API error or synthetic message: a notice turn of its own. */
  notice?: NoticePart
  model?: string
  tokens?: TokenCounts
}

/**
 * The parts of the API message an assistant record belongs to, or nothing
 * when that message was already read. Claude Code writes one record per
 * content block, all with the same `message.id`: they are read together, the
 * first time one of them comes, blocks in order and duplicates dropped, and
 * usage is taken once, from the last record.
 */
export function assistantParts(state: BuildState, item: Item, main: boolean): AssistantParts | undefined {
  const {record, entry} = item
  const messageId = messageIdOf(record)
  let members: Array<Record<string, unknown>> = [record]
  if (messageId !== undefined && entry) {
    const used = item.sidechain ? state.usedMessages.sidechain : state.usedMessages.main
    if (used.has(messageId)) return undefined
    used.add(messageId)
    members = (state.store.byMessageId.get(messageId) ?? [entry])
      .filter((member) => member.sidechain === entry.sidechain)
      .map((member) => member.record)
  }
  const message = record['message']
  const modelName = isRecord(message) ? stringOf(message['model']) : undefined
  if (record['isApiErrorMessage'] === true || modelName === '<synthetic>') {
    const text = members
      .map((member) => blocksText(messageContent(member)))
      .join('\n')
      .trim()
    if (!text) return undefined
    const notice: NoticePart =
      record['isApiErrorMessage'] === true
        ? apiErrorNotice(text)
        : {type: 'notice', level: 'info', kind: 'synthetic', text}
    return {parts: [], notice}
  }
  const parts: Part[] = []
  // A block is a duplicate when its type and identity (id, else text) were seen: kept by type, so that a
  // long text is looked up as it is, never copied into a `type:text` key.
  const seen = new Map<string, Set<string>>()
  const firstSight = (type: string, identity: string): boolean => {
    const identities = seen.get(type)
    if (!identities) seen.set(type, new Set([identity]))
    else if (identities.has(identity)) return false
    else identities.add(identity)
    return true
  }
  const serverResults = serverResultsOf(members)
  for (const member of members) {
    const content = messageContent(member)
    if (isString(content)) {
      if (firstSight('text', content) && /\S/.test(content)) parts.push({type: 'text', text: content})
      continue
    }
    for (const block of contentBlocks(member)) {
      const identity =
        stringOf(block['id']) ?? stringOf(block['text']) ?? stringOf(block['thinking']) ?? stringOf(block['signature'])
      if (!firstSight(String(block['type']), identity ?? '')) continue
      const part = assistantBlock(state, block, serverResults)
      if (part) parts.push(part)
    }
  }
  const lastMember = members[members.length - 1]!
  const lastMessage = lastMember['message']
  const usage = isRecord(lastMessage) ? usageTokens(lastMessage['usage']) : undefined
  const result: AssistantParts = {parts}
  if (modelName !== undefined) result.model = modelName
  if (usage) {
    result.tokens = usage.counts
    if (main) {
      addTokens(state.totals, usage.counts)
      if (usage.cacheCreation !== undefined) state.cacheCreation = (state.cacheCreation ?? 0) + usage.cacheCreation
    }
  }
  return result
}
