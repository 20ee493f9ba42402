import type {NoticePart} from '@chatmark/core/model'
import {isRecord, isString} from '@chatmark/core/model'

/**
 * A `todo_state` record's list (`todos[]` of `{content, status}`, status
 * `pending`, `in_progress` or `completed`) as a notice whose details are a
 * task list: Droid keeps the whole list each time it changes.
 */
export function todoNotice(todos: unknown): NoticePart {
  const items = Array.isArray(todos) ? todos.filter(isRecord) : []
  const lines = items.map((item) => {
    const text = [item['content'], item['text'], item['title']].find(isString) ?? JSON.stringify(item)
    const status = isString(item['status']) ? item['status'] : 'pending'
    const mark = status === 'completed' ? 'x' : ' '
    return `- [${mark}] ${text}${status === 'in_progress' ? ' (in progress)' : ''}`
  })
  const done = items.filter((item) => item['status'] === 'completed').length
  return {
    type: 'notice',
    level: 'info',
    kind: 'system',
    text: `Todo list: ${done} of ${items.length} done`,
    ...(lines.length > 0 ? {details: lines.join('\n')} : {})
  }
}
