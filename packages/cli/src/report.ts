import type {Conversation, Detection} from '@chatmark/core'
import {conversationTitle} from '@chatmark/core'
import type {VFile} from 'vfile'

/**
 * `file:line: reason` for failures and `file:line: warning: reason` for
 * recoverable problems, one per message, for stderr.
 */
export function formatMessages(file: VFile): string[] {
  return file.messages.map((message) => {
    const where = message.line ? `${file.path}:${message.line}` : file.path
    return `${where}: ${message.fatal ? '' : 'warning: '}${message.reason}`
  })
}

/** The `--explain` report: every verdict in dispatch order, then the decision. */
export function formatExplanation(name: string, detection: Detection): string {
  const width = Math.max(6, ...detection.verdicts.map((verdict) => verdict.format.length))
  const lines = [`${name}:`]
  for (const verdict of detection.verdicts) {
    const mark = verdict.format === detection.format ? '→' : ' '
    lines.push(`${mark} ${verdict.format.padEnd(width)}  ${verdict.confidence.padEnd(8)}  ${verdict.reason}`)
  }
  lines.push(`  decided: ${detection.explanation}`)
  return lines.join('\n')
}

/**
 * The version of the `--json` object's shape, its first field. Bumped on any
 * incompatible change (a field removed, renamed or retyped, a value's meaning
 * changed); fields are added without a bump. The shape is the JSON Schema in
 * `schema/chatmark-json.schema.json`, whose `schemaVersion` must match.
 */
export const jsonSchemaVersion = 2

/** One input as the `--json` object (a public interface: see the README). */
export function jsonReport(
  name: string,
  detection: Detection,
  conversations: readonly Conversation[],
  file: VFile
): string {
  return JSON.stringify({
    schemaVersion: jsonSchemaVersion,
    file: name,
    detection: {
      format: detection.format ?? null,
      decidedBy: detection.decidedBy,
      verdicts: detection.verdicts.map(({format, confidence, reason}) => ({format, confidence, reason}))
    },
    conversations: conversations.map((conversation) => ({
      id: conversation.id,
      title: conversationTitle(conversation),
      source: {format: conversation.source.format, variant: conversation.source.variant ?? null},
      createdAt: conversation.createdAt ?? null,
      updatedAt: conversation.updatedAt ?? null,
      participants: conversation.participants,
      metadata: conversation.metadata,
      fidelity: conversation.fidelity,
      turns: conversation.turns.map((turn) => ({
        id: turn.id ?? null,
        role: turn.role,
        author: turn.author ?? null,
        timestamp: turn.timestamp ?? null,
        model: turn.model ?? null,
        ...(turn.tokens ? {tokens: turn.tokens} : {}),
        parts: turn.parts
      }))
    })),
    messages: file.messages.map((message) => ({
      reason: message.reason,
      line: message.line ?? null,
      ruleId: message.ruleId ?? null,
      fatal: message.fatal === true
    }))
  })
}
