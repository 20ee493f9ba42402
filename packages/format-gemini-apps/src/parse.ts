import type {Conversation} from '@chatmark/core/model'
import {isRecord} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {formatBytes, readJsonItems} from '@chatmark/core/read'
import type {Activity} from './activity.js'
import {exportFiles} from './export-files.js'
import {groupActivities} from './group-activities.js'
import type {ExportContext} from './group-to-conversation.js'
import {groupToConversation} from './group-to-conversation.js'
import {htmlActivities} from './html-activities.js'
import {isGeminiRecord, jsonActivity, productOf} from './json-activity.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:gemini-apps'

/**
 * Reads a Gemini Apps activity file (`MyActivity.json` or `My Activity.html`)
 * whole (its records are newest first: a conversation's first prompt may be
 * its last record), groups the activities into conversations
 * (`groupActivities`) and yields each, oldest first.
 */
export async function* parse(input: Input, context: ParseContext): AsyncGenerator<Conversation> {
  const {file} = context
  const warn = (reason: string, ruleId: string): void => {
    file.message(reason, {ruleId, source: messageSource})
  }
  const html = context.verdict?.variant === 'takeout-html' || (!context.verdict && !(await startsAsArray(input)))
  const activities = html ? await readHtml(input, context, warn) : await readJson(input, context, warn)
  if (activities.length === 0) {
    warn('The file holds no Gemini Apps activity: no note is written', 'empty-session')
    return
  }
  const exportContext: ExportContext = {
    variant: html ? 'takeout-html' : 'takeout-json',
    ...(input.path ? {path: input.path} : {}),
    files: await exportFiles(input, (reason) => warn(reason, 'unlisted-container'))
  }
  for (const group of groupActivities(activities)) yield groupToConversation(group, exportContext)
}

async function readJson(
  input: Input,
  context: ParseContext,
  warn: (reason: string, ruleId: string) => void
): Promise<Activity[]> {
  const activities: Activity[] = []
  let others = 0
  for await (const {index, value} of readJsonItems(input, {
    file: context.file,
    limits: context.limits,
    source: messageSource
  })) {
    if (isGeminiRecord(value)) {
      activities.push(
        jsonActivity(value, index, (reason) => warn(`Record ${index + 1}: ${reason}`, 'malformed-record'))
      )
    } else if (isRecord(value) && productOf(value) !== undefined) others++
    else warn(`Record ${index + 1} is not a My Activity record (no title or product): skipped`, 'malformed-record')
  }
  if (others > 0) warn(`${others} records of other Google products than Gemini Apps: skipped`, 'other-product')
  return activities
}

async function readHtml(
  input: Input,
  context: ParseContext,
  warn: (reason: string, ruleId: string) => void
): Promise<Activity[]> {
  const chunks: Uint8Array[] = []
  let size = 0
  for await (const chunk of input.open()) {
    size += chunk.byteLength
    if (size > context.limits.maxInputBytes)
      throw new Error(`${input.name} is over ${formatBytes(context.limits.maxInputBytes)}, the most read whole`)
    chunks.push(chunk)
  }
  const text = new TextDecoder().decode(Buffer.concat(chunks))
  const {activities, otherProducts} = htmlActivities(text, (reason) => warn(reason, 'malformed-record'))
  if (otherProducts > 0)
    warn(`${otherProducts} cards of other Google products than Gemini Apps: skipped`, 'other-product')
  return activities
}

async function startsAsArray(input: Input): Promise<boolean> {
  const head = new TextDecoder().decode(await input.head(256))
  return /^\uFEFF?\s*\[/.test(head)
}
