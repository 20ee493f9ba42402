import type {Conversation, Detection} from '@chatmark/core'
import type {VFile} from 'vfile'
import {jsonConversationChunks} from './json-writer.js'
import {printable} from './printable.js'

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
export const jsonSchemaVersion = 3

/**
 * One input as the `--json` object (a public interface: see the README): its
 * conversations as the JSON writer writes them ({@link jsonConversationChunks}).
 */
export function jsonReport(
  name: string,
  detection: Detection,
  conversations: readonly Conversation[],
  file: VFile
): string {
  const head = JSON.stringify({
    schemaVersion: jsonSchemaVersion,
    file: name,
    detection: {
      format: detection.format ?? null,
      decidedBy: detection.decidedBy,
      verdicts: detection.verdicts.map(({format, confidence, reason}) => ({format, confidence, reason}))
    }
  })
  const messages = file.messages.map((message) => ({
    reason: message.reason,
    line: message.line ?? null,
    ruleId: message.ruleId ?? null,
    fatal: message.fatal === true
  }))
  const objects = conversations.map((conversation) => [...jsonConversationChunks(conversation)].join(''))
  return `${head.slice(0, -1)},"conversations":[${objects.join(',')}],"messages":${JSON.stringify(messages)}}`
}
