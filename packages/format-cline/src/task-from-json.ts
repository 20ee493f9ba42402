import {isRecord} from '@chatmark/core/model'
import type {JsonFile} from './read-json-file.js'
import {isRooV2} from './roo-messages.js'
import type {TaskFiles} from './task-files.js'
import {taskFileNames} from './task-files.js'

/** Puts a task folder's file, read, in its place among the task's files (a file of the wrong shape is left out). */
export function taskFromJson(files: TaskFiles, name: string, json: JsonFile | undefined): void {
  if (!json) return
  const value = json.kind === 'object' ? json.value : undefined
  switch (name) {
    case taskFileNames.api:
      if (json.kind === 'array') files.api = json.items
      else if (isRooV2(value)) {
        files.api = value.messages
        files.rooV2 = true
      }
      break
    case taskFileNames.ui:
      if (json.kind === 'array') files.ui = json.items
      break
    case taskFileNames.metadata:
      if (isRecord(value)) files.metadata = value
      break
    case taskFileNames.historyItem:
      if (isRecord(value)) files.historyItem = value
      break
  }
}
