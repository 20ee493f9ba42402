import type {Conversation, Fidelity, Part, Turn} from '@chatmark/core/model'
import {commandNotice, modelParticipant, userParticipant} from '@chatmark/core/model'
import {bannerFacts} from './banner-facts.js'
import {splitReasoning} from './split-reasoning.js'
import type {Block, Session} from './scan-blocks.js'
import {requestCommands, shellCommands} from './types.js'

/** What every conversation of one input shares. */
export interface SessionContext {
  path?: string
  /** Counts of lines skipped while reading the input, which the first conversation reports. */
  fidelity: Fidelity
}

/**
 * One session as a conversation: the user's requests, the model's answers,
 * aider's commands as command notices, the output of a shell command (`!cmd`,
 * `/run`, `/test`, `/lint`, `/git`) as that command's output, and every other
 * line aider printed as a notice, so nothing the history holds is lost.
 */
export function sessionToConversation(session: Session, id: string, context: SessionContext): Conversation {
  const banner = session.blocks[0]?.kind === 'output' ? bannerFacts(session.blocks[0].lines) : {models: []}
  const model = banner.models[0]
  const aider = modelParticipant('aider', 'Aider')
  const turns: Turn[] = []
  const fidelity: Fidelity = {...context.fidelity}
  let shell = false
  for (const block of session.blocks) {
    if (block.kind === 'user') {
      const text = userText(block)
      const command = /^[/!]\S*/.exec(text)?.[0]
      shell = command !== undefined && (command.startsWith('!') || shellCommands.has(command))
      if (text.trim() === '') fidelity['empty-message'] = (fidelity['empty-message'] ?? 0) + 1
      else if (command === undefined || (requestCommands.has(command) && text.trim() !== command))
        turns.push({role: 'user', author: 'user', parts: [{type: 'text', text}]})
      else turns.push({role: 'user', author: 'user', parts: [typedNotice(text)]})
    } else if (block.kind === 'assistant') {
      shell = false
      const text = block.lines.join('\n').trim()
      const parts = text === '' ? [] : splitReasoning(text)
      if (parts.length > 0) turns.push({role: 'assistant', author: aider.id, ...(model ? {model} : {}), parts})
    } else if (shell) {
      shell = false
      const text = block.lines.join('\n')
      turns.push({role: 'tool', parts: [{type: 'code', text, language: 'text', execution: {}}]})
    } else if (block.lines.some((line) => line.trim() !== '')) {
      turns.push({role: 'system', parts: [outputNotice(block.lines)]})
    }
  }
  const extra: Record<string, string> = {}
  if (session.startedAt) extra['startedAt'] = session.startedAt
  if (banner.version) extra['aiderVersion'] = banner.version
  if (banner.commandLine) extra['commandLine'] = banner.commandLine
  const hasRequest = turns.some((turn) => turn.role === 'user' && turn.parts[0]?.type === 'text')
  return {
    id,
    ...(hasRequest ? {} : {title: `Aider session started at ${session.startedAt ?? 'an unknown time'}`}),
    source: {format: 'aider', ...(context.path ? {path: context.path} : {})},
    // Aider writes the machine's local time with no offset: only the date is certain.
    ...(session.startedAt ? {createdAt: session.startedAt.slice(0, 10)} : {}),
    // Aider answers, as the other coding agents' notes name theirs (`Codex`, `Cline`): each turn's heading and
    // `models` name the model.
    participants: [userParticipant(), aider],
    metadata: {...(banner.models.length > 0 ? {models: banner.models} : {}), extra},
    turns,
    fidelity
  }
}

// `user_input` writes `<blank>` for an empty input.
function userText(block: Block): string {
  return block.lines.length === 1 && block.lines[0] === '<blank>' ? '' : block.lines.join('\n')
}

// `!ls` is aider's shell mode; anything else here is one of its `/` commands.
function typedNotice(text: string): Part {
  if (!text.startsWith('!')) return commandNotice(text)
  return {type: 'notice', level: 'info', kind: 'shell-command', command: text.slice(1).trim()}
}

function outputNotice(lines: readonly string[]): Part {
  const shown = lines.filter((line) => line.trim() !== '')
  const [first = ''] = shown
  return {
    type: 'notice',
    level: 'info',
    kind: 'system',
    text: first,
    ...(shown.length > 1 ? {details: shown.slice(1).join('\n')} : {})
  }
}
