import {basename, dirname} from 'node:path'
import type {Conversation} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonLines} from '@chatmark/core/read'
import {messageSource} from '../message-source.js'
import {participants} from '../participants.js'
import {transcriptVariant} from '../variants.js'
import {AgentTurns} from './agent-turns.js'

/**
 * Reads a Cursor CLI transcript (`~/.cursor/projects/<cwd>/agent-transcripts/<id>/<id>.jsonl`):
 * a line per message, `{role, message: {content: [{type: "text"} |
 * {type: "tool_use", name, input}]}}`, or `{type: "error", error}`. It keeps
 * no tool results, times, models or ids (the store beside it does, when
 * there is one: the sync reads that instead).
 */
export async function* readTranscript(input: Input, context: ParseContext): AsyncGenerator<Conversation> {
  const turns = new AgentTurns()
  const skipped: Record<string, number> = {}
  for await (const {value, line} of readJsonLines(input, {
    file: context.file,
    limits: context.limits,
    source: messageSource,
    skipped
  })) {
    if (!isRecord(value)) {
      turns.count('malformed-line')
      continue
    }
    if (value['type'] === 'error') {
      turns.error(stringOf(value['error']) ?? JSON.stringify(value['error'] ?? null))
      continue
    }
    const message = value['message']
    const role = value['role']
    if ((role === 'user' || role === 'assistant') && isRecord(message)) {
      turns.add({role, content: message['content']}, `line-${line}`)
    } else {
      turns.unknown(value, `line ${line}`)
    }
  }
  for (const [reason, count] of Object.entries(skipped)) turns.count(reason, count)
  const name = basename(input.name).replace(/\.jsonl$/i, '')
  yield {
    id: name || 'cursor-cli-transcript',
    source: {format: 'cursor', variant: transcriptVariant, ...(input.path ? {path: input.path} : {})},
    participants: participants(),
    metadata: input.path ? projectFolder(input.path) : {},
    turns: turns.turns,
    fidelity: turns.fidelity
  }
}

/**
 * `projects/<folder>/agent-transcripts/<id>/<id>.jsonl`: the folder is the
 * session's cwd with its `/` made `-` (`home-dev-calendar`), which cannot be
 * turned back into the path (a `-` of a folder's name reads the same): kept
 * as a fact, not as the project.
 */
function projectFolder(path: string): {extra?: Record<string, string>} {
  const parts = dirname(path).split(/[\\/]/)
  const at = parts.lastIndexOf('agent-transcripts')
  const folder = at >= 2 && parts[at - 2] === 'projects' ? parts[at - 1] : undefined
  return folder ? {extra: {projectFolder: folder}} : {}
}
