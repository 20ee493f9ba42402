import type {Fidelity} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'
import type {Bubble, ChatSpec} from './bubble-conversation.js'

/** A chat-panel tab of `workbench.panel.aichat.view.aichat.chatdata` (2023–2024): `{tabId, chatTitle, bubbles}`. */
export function tabSpec(tab: Record<string, unknown>, project: string | undefined, path: string | undefined): ChatSpec {
  const bubbles: Bubble[] = []
  for (const bubble of Array.isArray(tab['bubbles']) ? tab['bubbles'] : []) {
    if (!isRecord(bubble)) continue
    const id = stringOf(bubble['id'])
    bubbles.push({...(id ? {id} : {}), record: bubble})
  }
  return {
    id: stringOf(tab['tabId']) ?? 'tab',
    title: stringOf(tab['chatTitle']),
    updatedAt: tab['lastSendTime'],
    project,
    path,
    bubbles,
    fidelity: {},
    extra: {cursorPanel: 'chat'}
  }
}

/**
 * A composer's facts shared by both eras: the workspace's inline
 * `allComposers[]` entry (late 2024) and the global `composerData:<id>` row
 * (2025 on): `name`, `createdAt`/`lastUpdatedAt` (ms), `_v`, the mode and
 * model it ran with.
 */
export function composerSpec(
  composer: Record<string, unknown>,
  id: string,
  bubbles: Bubble[],
  fidelity: Fidelity,
  where: {project: string | undefined; path: string | undefined}
): ChatSpec {
  const extra: Record<string, string | number | boolean> = {cursorPanel: 'composer'}
  const version = numberOf(composer['_v'])
  if (version !== undefined) extra['composerVersion'] = version
  const mode = stringOf(composer['unifiedMode']) ?? stringOf(composer['forceMode'])
  if (mode) extra['mode'] = mode
  const config = composer['modelConfig']
  const model = isRecord(config) ? stringOf(config['modelName']) : undefined
  if (model) extra['modelSetting'] = model
  const subtitle = stringOf(composer['subtitle'])
  if (subtitle) extra['subtitle'] = subtitle
  return {
    id,
    title: stringOf(composer['name']),
    createdAt: composer['createdAt'],
    updatedAt: composer['lastUpdatedAt'],
    project: where.project,
    path: where.path,
    bubbles,
    fidelity,
    extra,
    compaction: compactionOf(composer['latestConversationSummary'])
  }
}

/** An inline `conversation[]` of bubbles (`{bubbleId, type, text...}`). */
export function inlineBubbles(composer: Record<string, unknown>): Bubble[] {
  const conversation = composer['conversation']
  if (!Array.isArray(conversation)) return []
  return conversation.filter(isRecord).map((bubble) => {
    const id = stringOf(bubble['bubbleId'])
    return {...(id ? {id} : {}), record: bubble}
  })
}

/**
 * `latestConversationSummary: {lastBubbleId, summary: {summary,
 * truncationLastBubbleIdInclusive}}`: Cursor summarised the conversation up
 * to that bubble and sends the summary instead (the field names peers' readers
 * of real rows use).
 */
function compactionOf(value: unknown): ChatSpec['compaction'] {
  if (!isRecord(value)) return undefined
  const summary = isRecord(value['summary']) ? value['summary'] : {}
  const after = stringOf(summary['truncationLastBubbleIdInclusive']) ?? stringOf(value['lastBubbleId'])
  return after ? {after, summary: stringOf(summary['summary']) ?? ''} : undefined
}
