import {isString} from '@chatmark/core/model'
import type {Sample, Verdict} from '@chatmark/core/read'
import {conversationTypes, isCopilotEvent} from './types.js'

/** The variant of a GitHub Copilot CLI session file (`events.jsonl`, or the flat `<id>.jsonl` of 0.0.3xx). */
export const cliVariant = 'cli-events'
/** The variant of a Copilot Chat (VS Code extension) transcript, `GitHub.copilot-chat/transcripts/<id>.jsonl`. */
export const vscodeVariant = 'vscode-transcript'
/** The variant of what `copilot -p … --output-format json` prints: the same events, streamed ones too. */
export const streamVariant = 'output-stream'

/**
 * Detects a GitHub Copilot session event log: JSONL events with a dotted `type` (`session.start`,
 * `user.message`, `assistant.message`, `tool.execution_complete`...) and a `data` object. `certain` on a
 * `session.start` whose data names its `producer` and `copilotVersion` (the CLI's, or the VS Code extension's when
 * it also has `vscodeVersion`); `likely` on such events without it (a file whose head was cut). No other format
 * writes dotted event types with a `data` object: Claude Code, Qwen Code, Gemini CLI, Pi and Droid type their
 * lines `user`, `message` or `session_start`; Codex `response_item` and `event_msg`.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'empty':
      return {confidence: 'none', reason: 'empty input'}
    case 'folder':
      return {confidence: 'none', reason: 'a folder of files, not a Copilot session event log'}
    case 'binary':
      return {confidence: 'none', reason: 'binary data, not a Copilot session event log'}
    case 'text':
      return {confidence: 'none', reason: 'text that is not JSON, not a Copilot session event log'}
    case 'json':
    case 'jsonl':
      return detectEvents(sample)
  }
}

function detectEvents(sample: Sample): Verdict {
  const values = sample.records.length > 0 ? sample.records.map((record) => record.value) : [sample.json]
  const events = values.filter(isCopilotEvent)
  const start = events.find((event) => event.type === 'session.start')?.data
  if (start && isString(start['producer']) && isString(start['copilotVersion'])) {
    const vscode = isString(start['vscodeVersion'])
    return {
      confidence: 'certain',
      variant: vscode ? vscodeVariant : cliVariant,
      reason:
        `Copilot session events with a session.start by ${start['producer']} ${start['copilotVersion']}` +
        (vscode ? ` in VS Code ${start['vscodeVersion']} (a Copilot Chat transcript)` : '')
    }
  }
  const known = events.filter((event) => conversationTypes.has(event.type))
  if (known.some((event) => isString(event['id']) && isString(event['timestamp']))) {
    const streamed = events.some((event) => event.ephemeral === true)
    const types = [...new Set(known.map((event) => event.type))].slice(0, 3).join(', ')
    return {
      confidence: 'likely',
      variant: streamed ? streamVariant : cliVariant,
      reason: `JSONL events with dotted types and a data object (${types}), but no session.start naming Copilot${
        streamed ? ' (streamed output)' : ''
      }`
    }
  }
  return {
    confidence: 'none',
    reason: 'no events with a dotted type (session.start, user.message, assistant.message...) and a data object'
  }
}
