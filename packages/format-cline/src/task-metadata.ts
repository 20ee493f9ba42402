import type {ConversationMetadata} from '@chatmark/core/model'
import {isRecord, numberOf, stringOf} from '@chatmark/core/model'

/**
 * What `task_metadata.json` (cline/cline `src/core/context/context-tracking/ContextTrackerTypes.ts`) says
 * of the task: the last `environment_history` entry (the extension's version, the editor, the OS) and how many
 * files were in the model's context (`files_in_context`, listed in Cline's panel, not in the conversation).
 */
export function metadataExtra(
  metadata: Record<string, unknown> | undefined
): NonNullable<ConversationMetadata['extra']> {
  const extra: NonNullable<ConversationMetadata['extra']> = {}
  if (!metadata) return extra
  const history = Array.isArray(metadata['environment_history']) ? metadata['environment_history'] : []
  const last: unknown = history.at(-1)
  if (isRecord(last)) {
    const version = stringOf(last['cline_version'])
    if (version) extra['clineVersion'] = version
    const host = [stringOf(last['host_name']), stringOf(last['host_version'])].filter(Boolean).join(' ')
    if (host) extra['host'] = host
    const os = [stringOf(last['os_name']), stringOf(last['os_version']), stringOf(last['os_arch'])]
      .filter(Boolean)
      .join(' ')
    if (os) extra['os'] = os
  }
  const files = Array.isArray(metadata['files_in_context']) ? metadata['files_in_context'] : []
  if (files.length > 0) extra['filesInContext'] = files.length
  return extra
}

/** The models `model_usage` lists (`model_id`), in order, each once. */
export function metadataModels(metadata: Record<string, unknown> | undefined): string[] {
  const usage = metadata && Array.isArray(metadata['model_usage']) ? metadata['model_usage'] : []
  return usage.map((item) => (isRecord(item) ? stringOf(item['model_id']) : undefined)).filter(isText)
}

/**
 * Roo's `history_item.json` (`packages/types/src/history.ts` `HistoryItem`): the title (`task`), the workspace,
 * the mode, the totals, and the parent task of a subtask.
 */
export function historyItemFacts(item: Record<string, unknown> | undefined): {
  title?: string
  workspace?: string
  parent?: string
  extra: NonNullable<ConversationMetadata['extra']>
} {
  if (!item) return {extra: {}}
  const extra: NonNullable<ConversationMetadata['extra']> = {}
  const mode = stringOf(item['mode'])
  if (mode) extra['mode'] = mode
  const cost = numberOf(item['totalCost'])
  if (cost !== undefined) extra['cost'] = cost
  const status = stringOf(item['status'])
  if (status) extra['status'] = status
  const children = Array.isArray(item['childIds']) ? item['childIds'].length : 0
  if (children > 0) extra['subtasks'] = children
  const facts: ReturnType<typeof historyItemFacts> = {extra}
  const title = stringOf(item['task'])?.trim()
  if (title) facts.title = title
  const workspace = stringOf(item['workspace'])
  if (workspace) facts.workspace = workspace
  const parent = stringOf(item['parentTaskId'])
  if (parent) facts.parent = parent
  return facts
}

function isText(value: string | undefined): value is string {
  return value !== undefined && value !== ''
}
