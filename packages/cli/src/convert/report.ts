import type {Conversation, Detection} from '@chatmark/core'
import type {VFile} from 'vfile'
import {jsonConversationChunks, stringifyJson} from '../writers/json-writer.js'
import {printable} from '../base/printable.js'

/**
 * `file:line: reason` for failures and `file:line: warning: reason` for
 * recoverable problems, one per message, for stderr.
 */
export function formatMessages(file: VFile): string[] {
  return file.messages.map((message) => {
    const where = message.line ? `${file.path}:${message.line}` : file.path
    return printable(`${where}: ${message.fatal ? '' : 'warning: '}${message.reason}`)
  })
}

/** The `--explain` report: every verdict in dispatch order, then the decision. */
export function formatExplanation(name: string, detection: Detection): string {
  const width = Math.max(6, ...detection.verdicts.map((verdict) => verdict.format.length))
  const lines = [`${printable(name)}:`]
  for (const verdict of detection.verdicts) {
    const mark = verdict.format === detection.format ? '→' : ' '
    lines.push(`${mark} ${verdict.format.padEnd(width)}  ${verdict.confidence.padEnd(8)}  ${printable(verdict.reason)}`)
  }
  lines.push(`  decided: ${printable(detection.explanation)}`)
  return lines.join('\n')
}

/**
 * The version of the `--json` object's shape, its first field. Bumped on any
 * incompatible change (a field removed, renamed or retyped, a value's meaning
 * changed); fields are added without a bump. The shape is the JSON Schema in
 * `schema/chatmark-json.schema.json`, whose `schemaVersion` must match.
 */
export const jsonSchemaVersion = 4

/**
 * The start of one input's `--json` line (a public interface: see the README),
 * up to its conversations: the line is written as the input is read, so an
 * export of any size is never one string. Then come the conversations
 * ({@link jsonReportConversation}) and the end ({@link jsonReportEnd}).
 */
export function jsonReportHead(name: string, detection: Detection): string {
  const head = stringifyJson({
    schemaVersion: jsonSchemaVersion,
    file: name,
    detection: {
      format: detection.format ?? null,
      decidedBy: detection.decidedBy,
      verdicts: detection.verdicts.map(({format, confidence, reason}) => ({format, confidence, reason}))
    }
  })
  return `${head.slice(0, -1)},"conversations":[`
}

/** One conversation of the `--json` line, as the JSON writer writes it ({@link jsonConversationChunks}). */
export function* jsonReportConversation(conversation: Conversation, first: boolean): Generator<string> {
  if (!first) yield ','
  yield* jsonConversationChunks(conversation)
}

/** A message as the `--json` line reports it: a vfile's, or a failure of the run itself. */
export type ReportedMessage = Pick<VFile['messages'][number], 'reason' | 'line' | 'ruleId' | 'fatal'>

/** The end of the `--json` line: the input's messages, then the line break. */
export function jsonReportEnd(messages: readonly ReportedMessage[]): string {
  const fields = messages.map((message) => ({
    reason: message.reason,
    line: message.line ?? null,
    ruleId: message.ruleId ?? null,
    fatal: message.fatal === true
  }))
  return `],"messages":${stringifyJson(fields)}}\n`
}
