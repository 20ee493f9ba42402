import type {Conversation, Fidelity, Part, Turn} from '@chatmark/core/model'
import {modelParticipant, userParticipant} from '@chatmark/core/model'
import type {Activity} from './activity.js'
import {activityVerb} from './activity-verb.js'
import type {ExportFiles} from './export-files.js'
import {attachmentPart} from './export-files.js'
import type {ActivityGroup} from './group-activities.js'

/** What every conversation of one input shares. */
export interface ExportContext {
  variant: 'takeout-json' | 'takeout-html'
  path?: string
  files: ExportFiles
}

/**
 * One group of activities as a conversation: a `Prompted` record is the
 * user's turn (its text, the files it carried) and the answer's turn (its
 * HTML as Markdown); `Created` (a Canvas document) is an answer headed by
 * what was created; `Used`, `Selected preferred draft` and `Gave feedback`
 * are notices where they happened; a title of a verb this reader does not
 * know is a notice with the title and its HTML, counted in `unknown-activity`.
 */
export function groupToConversation(group: ActivityGroup, context: ExportContext): Conversation {
  const fidelity: Fidelity = {}
  const turns = group.activities.flatMap((activity) => activityTurns(activity, context.files, fidelity))
  const first = group.activities[0]!
  const product = first.product
  const assistants = [...new Set(group.activities.map((activity) => (activity.product === 'Bard' ? 'Bard' : 'Gemini')))]
  const models = [...new Set(group.activities.flatMap((activity) => (activity.model ? [activity.model] : [])))]
  const times = group.activities.flatMap((activity) => (activity.time ? [activity.time] : []))
  const createdAt = times[0]
  const updatedAt = times.at(-1)
  const extra: Record<string, string | number | boolean> = {product, grouping: group.grouping}
  if (first.conversationUrl) extra['conversationUrl'] = first.conversationUrl
  // A group of no prompt (an export's `Used Gemini Apps` alone) has no title of its own: its day names it.
  const title = turns.some((turn) => turn.role === 'user')
    ? undefined
    : `${product} activity${createdAt ? ` on ${createdAt.slice(0, 10)}` : ''}`
  return {
    id: group.conversationId ?? `${product === 'Bard' ? 'bard' : 'gemini-apps'}-${idTime(createdAt, first.index)}`,
    ...(title ? {title} : {}),
    source: {format: 'gemini-apps', variant: context.variant, ...(context.path ? {path: context.path} : {})},
    ...(createdAt ? {createdAt} : {}),
    ...(updatedAt && updatedAt !== createdAt ? {updatedAt} : {}),
    participants: [userParticipant(), ...assistants.map((name) => modelParticipant(name.toLowerCase(), name))],
    metadata: {...(models.length > 0 ? {models} : {}), extra},
    turns,
    fidelity
  }
}

/** An id for a group the export names no conversation of: its first activity's time, else its place. */
function idTime(time: string | undefined, index: number): string {
  return time ? time.replace(/\.\d+Z$/, 'Z').replace(/:/g, '-') : `record-${index + 1}`
}

function activityTurns(activity: Activity, files: ExportFiles, fidelity: Fidelity): Turn[] {
  const verb = activityVerb(activity.title)
  const at = activity.time ? {timestamp: activity.time} : {}
  const model = activity.model ? {model: activity.model} : {}
  const answer: Part[] = activity.answer.map((text) => ({type: 'text', text}))
  const attached = [...activity.attachedFiles, ...(activity.imageFile ? [activity.imageFile] : [])].map((name) =>
    attachmentPart(name, files)
  )
  const subtitles: Part[] =
    activity.subtitles.length > 0
      ? [
          {
            type: 'notice',
            level: 'info',
            kind: 'meta',
            text: 'Subtitles of the activity',
            details: activity.subtitles.join('\n')
          }
        ]
      : []
  switch (verb.kind) {
    case 'prompt': {
      const user: Turn = {
        role: 'user',
        author: 'user',
        ...at,
        parts: [...textPart(verb.text), ...attached, ...subtitles]
      }
      if (answer.length === 0) {
        fidelity['unanswered-prompt'] = (fidelity['unanswered-prompt'] ?? 0) + 1
        return [user]
      }
      return [user, {role: 'assistant', author: authorOf(activity), ...at, ...model, parts: answer}]
    }
    case 'answer':
      return [
        {
          role: 'assistant',
          author: authorOf(activity),
          ...at,
          ...model,
          parts: [...textPart(verb.text), ...answer, ...attached, ...subtitles]
        }
      ]
    case 'created': {
      const heading: Part = {type: 'notice', level: 'info', kind: 'system', text: `Created ${verb.text}`.trim()}
      return [
        {
          role: 'assistant',
          author: authorOf(activity),
          ...at,
          ...model,
          parts: [heading, ...answer, ...attached, ...subtitles]
        }
      ]
    }
    case 'event':
      return [
        {
          role: 'system',
          ...at,
          parts: [
            {type: 'notice', level: 'info', kind: 'system', text: verb.text},
            ...answer,
            ...attached,
            ...subtitles
          ]
        }
      ]
    case 'other': {
      fidelity['unknown-activity'] = (fidelity['unknown-activity'] ?? 0) + 1
      const notice: Part = {
        type: 'notice',
        level: 'warning',
        kind: 'unknown-content',
        text: `An activity this reader does not know: ${verb.text || '(no title)'}`,
        ...(activity.answer.length > 0 ? {details: activity.answer.join('\n\n')} : {})
      }
      return [{role: 'other', ...at, parts: [notice, ...attached, ...subtitles]}]
    }
  }
}

function authorOf(activity: Activity): string {
  return activity.product === 'Bard' ? 'bard' : 'gemini'
}

function textPart(text: string): Part[] {
  return text.trim() === '' ? [] : [{type: 'text', text}]
}
