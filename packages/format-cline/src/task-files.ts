/**
 * A task folder's files, read (cline/cline `src/core/storage/disk.ts`
 * `GlobalFileNames`; Roo's `src/core/task-persistence/`): any may be missing.
 */
export interface TaskFiles {
  /** The task id: its folder's name (Cline: epoch ms; Roo and Kilo: a UUID). */
  id: string
  /** The folder's path as the input names it, for the variant (`.../rooveterinaryinc.roo-cline/tasks/<id>`). */
  folder: string
  /** `api_conversation_history.json`: an array, or Roo's `{version: 2, messages}` (read elsewhere). */
  api?: unknown[]
  /** Whether the api history was Roo's v2 wrapper. */
  rooV2?: boolean
  /** `ui_messages.json`. */
  ui?: unknown[]
  /** `task_metadata.json`: `files_in_context`, `model_usage`, `environment_history`. */
  metadata?: Record<string, unknown>
  /** Roo's `history_item.json`: the task's `HistoryItem`. */
  historyItem?: Record<string, unknown>
}

/** The files of a task folder, by base name. */
export const taskFileNames = {
  api: 'api_conversation_history.json',
  ui: 'ui_messages.json',
  metadata: 'task_metadata.json',
  historyItem: 'history_item.json'
} as const
