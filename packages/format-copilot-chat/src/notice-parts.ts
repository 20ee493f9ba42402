import type {TextNotice} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {markdownValue, withFileNames} from './markdown-string.js'
import {locationOf} from './uri.js'

/**
 * Response parts that are messages of VS Code or the extension rather than the
 * model's answer, each as the notice the chat view shows in its place: a
 * `warning`, an `info` or `systemNotification`, a `progressTaskSerialized`
 * (`Optimizing tool selection...`, with the warnings and references it
 * gathered), a `confirmation` the user was asked, an elicitation, a command
 * button, a pull request card, extensions to install, a hook's verdict, a
 * question carousel, a multi-file diff. `undefined` for any other kind.
 */
export function noticeOf(kind: string, part: Record<string, unknown>): TextNotice | undefined {
  switch (kind) {
    case 'warning':
      return notice('warning', contentOf(part) ?? 'Warning')
    case 'info':
    case 'systemNotification':
      return notice('info', contentOf(part) ?? kind)
    case 'progressTaskSerialized':
    case 'progressTask':
      return withDetails(notice('info', contentOf(part) ?? 'Progress'), progressLines(part['progress']))
    case 'confirmation':
      return withDetails(
        notice('info', `Confirmation: ${stringOf(part['title']) ?? ''}`.trim()),
        markdownValue(part['message']),
        buttons(part['buttons'])
      )
    case 'elicitation':
    case 'elicitationSerialized':
      return withDetails(
        notice('info', `Asked: ${markdownValue(part['title']) ?? ''} (${stringOf(part['state']) ?? 'pending'})`),
        markdownValue(part['message'])
      )
    case 'command':
      return notice('info', `Command: ${isRecord(part['command']) ? (stringOf(part['command']['title']) ?? '') : ''}`)
    case 'pullRequest':
      return withDetails(
        notice('info', `Pull request: ${stringOf(part['title']) ?? ''}`),
        stringOf(part['description']),
        stringOf(part['author']) ? `by ${stringOf(part['author'])}` : undefined
      )
    case 'extensions':
      return notice('info', `Extensions: ${stringList(part['extensions']).join(', ')}`)
    case 'hook':
      return hookNotice(part)
    case 'questionCarousel':
      return withDetails(notice('info', 'Questions'), questionLines(part))
    case 'multiDiffData':
      return multiDiffNotice(part)
    default:
      return undefined
  }
}

function notice(level: 'info' | 'warning', text: string): TextNotice {
  return {type: 'notice', level, kind: 'system', text: withFileNames(text, 'plain')}
}

function withDetails(base: TextNotice, ...details: Array<string | undefined>): TextNotice {
  const text = details.filter((line): line is string => Boolean(line?.trim())).join('\n\n')
  return text ? {...base, details: withFileNames(text, 'code')} : base
}

function contentOf(part: Record<string, unknown>): string | undefined {
  const text = markdownValue(part['content'])
  return text?.trim() ? text : undefined
}

function progressLines(progress: unknown): string | undefined {
  if (!Array.isArray(progress)) return undefined
  const lines = progress.flatMap((item) => {
    if (!isRecord(item)) return []
    if (item['kind'] === 'warning') return [`Warning: ${contentOf(item) ?? ''}`]
    const found = locationOf(item['reference'])
    return found ? [found.path] : []
  })
  return lines.length > 0 ? lines.join('\n') : undefined
}

function buttons(value: unknown): string | undefined {
  const labels = stringList(value)
  return labels.length > 0 ? `Buttons: ${labels.join(', ')}` : undefined
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : []
}

function hookNotice(part: Record<string, unknown>): TextNotice {
  const type = stringOf(part['hookType']) ?? 'hook'
  const stop = stringOf(part['stopReason'])
  const message = stringOf(part['systemMessage'])
  return stop ? notice('warning', `Hook ${type} stopped: ${stop}`) : notice('info', `Hook ${type}: ${message ?? 'ran'}`)
}

function questionLines(part: Record<string, unknown>): string | undefined {
  const questions = Array.isArray(part['questions']) ? part['questions'] : []
  const answers = isRecord(part['data']) ? part['data'] : {}
  const lines = questions.flatMap((question) => {
    if (!isRecord(question)) return []
    const id = stringOf(question['id'])
    const answer = id === undefined ? undefined : answers[id]
    const title = stringOf(question['title']) ?? id ?? ''
    return [`- ${title}${answer === undefined ? '' : `: ${JSON.stringify(answer)}`}`]
  })
  return lines.length > 0 ? lines.join('\n') : undefined
}

function multiDiffNotice(part: Record<string, unknown>): TextNotice {
  const data = isRecord(part['multiDiffData']) ? part['multiDiffData'] : {}
  const resources = Array.isArray(data['resources']) ? data['resources'] : []
  const files = resources.flatMap((resource) => {
    if (!isRecord(resource)) return []
    const found = locationOf(resource['modifiedUri'] ?? resource['originalUri'])
    return found ? [`- ${found.path}`] : []
  })
  return withDetails(notice('info', `Changes: ${stringOf(data['title']) ?? 'files'}`), files.join('\n'))
}
