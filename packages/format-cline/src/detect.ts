import {isRecord} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'
import {isRooV2} from './roo-messages.js'
import {sdkTell} from './sdk-detect.js'
import {laidOut} from './task-layout.js'
import {taskFileNames} from './task-files.js'
import type {Variant} from './variant.js'
import {variantOfPath} from './variant.js'

/**
 * Detects Cline's files: a folder of task folders (or one) or of SDK
 * sessions; an `api_conversation_history.json` (Anthropic messages whose
 * user turns carry Cline's `<task>`, `<environment_details>` or
 * `[tool] Result:` text, or whose assistant turns carry Cline's
 * `modelInfo`/`metrics`; Roo's `{version: 2, messages}`); a `ui_messages.json`
 * (`{ts, type: say|ask, say|ask}` records); an SDK session's messages. Pure
 * and synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  if (sample.kind === 'folder') return detectFolder(sample)
  if (sample.kind !== 'json' && sample.kind !== 'jsonl') {
    return {confidence: 'none', reason: 'not JSON, not a Cline task file or session'}
  }
  const json = sample.json
  const variant = variantOfPath(sample.name) ?? 'cline'
  const sdk = sdkTell(json)
  if (sdk) return {confidence: 'certain', reason: sdk, variant: 'cline'}
  if (isRooV2(json)) {
    const first: unknown = json.messages[0]
    if (isRecord(first) && typeof first['role'] === 'string') {
      return {
        confidence: 'certain',
        reason: 'Roo Code api history: {version: 2, messages: RooMessage[]} (rooMessage.ts)',
        variant: variantOfPath(sample.name) ?? 'roo-code'
      }
    }
  }
  if (!Array.isArray(json)) return {confidence: 'none', reason: 'JSON that is not a Cline task file (an array)'}
  const records = json.filter(isRecord).slice(0, 20)
  const ui = records.filter(
    (record) => (record['type'] === 'say' || record['type'] === 'ask') && typeof record['ts'] === 'number'
  )
  if (
    ui.length > 0 &&
    ui.length === records.length &&
    records.some((record) => typeof record[String(record['type'])] === 'string')
  ) {
    return {
      confidence: 'certain',
      reason: `ui_messages.json: ${ui.length} record(s) {ts, type: say|ask, say|ask}`,
      variant
    }
  }
  const tell = apiTell(records)
  if (tell)
    return {confidence: 'certain', reason: `api_conversation_history.json: Anthropic messages with ${tell}`, variant}
  return {confidence: 'none', reason: 'JSON array that is neither Cline ui messages nor a Cline api history'}
}

/** What makes Anthropic messages Cline's: its wrapping of the task, its context block, its result text, its metrics. */
function apiTell(records: ReadonlyArray<Record<string, unknown>>): string | undefined {
  if (records.length === 0 || !records.every((record) => record['role'] === 'user' || record['role'] === 'assistant')) {
    return undefined
  }
  if (records.some((record) => isRecord(record['modelInfo']) || isRecord(record['metrics']))) {
    return "Cline's modelInfo/metrics"
  }
  const texts = records.flatMap((record) => textsOf(record['content']))
  if (texts.some((text) => text.startsWith('<task>') || text.includes('<environment_details>'))) {
    return "Cline's <task> or <environment_details>"
  }
  if (texts.some((text) => /^\[[\w:.-]+(?: for '[^']*')?\] Result:/.test(text))) return "Cline's [tool] Result: text"
  return undefined
}

function textsOf(content: unknown): string[] {
  if (typeof content === 'string') return [content]
  if (!Array.isArray(content)) return []
  return content.flatMap((block) => (isRecord(block) && typeof block['text'] === 'string' ? [block['text']] : []))
}

function detectFolder(sample: Sample): Verdict {
  let tasks = 0
  let sessions = 0
  let variant: Variant | undefined
  for (const path of sample.entries) {
    const place = laidOut(path)
    if (place?.kind === 'task' && (place.name === taskFileNames.api || place.name === taskFileNames.ui)) {
      tasks++
      variant ??= variantOfPath(`/${sample.name}/${path}`)
    } else if (place?.kind === 'sdk' && place.role === 'messages') sessions++
  }
  if (tasks > 0) {
    const named = variant ?? variantOfPath(`/${sample.name}/`) ?? 'cline'
    return {
      confidence: 'certain',
      reason: `${tasks} task file(s) <taskId>/api_conversation_history.json or ui_messages.json (Cline task folders)`,
      variant: named
    }
  }
  if (sessions > 0) {
    return {
      confidence: 'likely',
      reason: `${sessions} <id>/<id>.messages.json file(s) (Cline SDK sessions)`,
      variant: 'cline'
    }
  }
  return {confidence: 'none', reason: 'a folder without Cline task folders or SDK sessions'}
}
