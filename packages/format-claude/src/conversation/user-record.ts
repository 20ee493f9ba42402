import type {ToolCallPart} from '@chatmark/core/model'
import {bashResult} from './bash-mode.js'
import {placeCompactCommand} from './compaction.js'
import {metaNotice} from './notices.js'
import type {BuildState, TurnList} from './state.js'
import {count, pushTurn} from './state.js'
import {userTurn} from './turn.js'
import {userParts} from './user-parts.js'

/**
 * Adds a user record as a turn (a system turn when it holds only harness
 * notices). Bash mode writes the command and its output as two records: the
 * output becomes the result of the command's tool call.
 */
export function addUserRecord(state: BuildState, list: TurnList, record: Record<string, unknown>): void {
  const parts = userParts(state, record, list.turns)
  const command = list.pendingCommand
  list.pendingCommand = parts.command
  if (parts.metaText !== undefined) {
    // A prompt command (`.claude/commands/*.md`, a plugin's or a built-in prompt command) is followed by an isMeta
    // record holding the prompt it expanded to, which is what the model was sent: it goes, folded, with the
    // command it came from, if nothing came between them.
    // A command with no arguments is a notice until its expanded prompt shows it asked the model something.
    const last = list.turns.at(-1)
    if (command && last?.role === 'user' && last.parts.at(-1) === command.part) {
      if (command.part.type === 'notice') last.parts[last.parts.length - 1] = {type: 'text', text: command.name}
      last.parts.push(metaNotice(`The prompt ${command.name} sent`, parts.metaText))
      return
    }
    count(state, 'meta-message')
    if (state.settings.keepMeta) parts.parts.push(metaNotice('Injected context (meta message)', parts.metaText))
  }
  const pendingBash = list.pendingBash
  if (parts.bashOutput && pendingBash && !pendingBash.result) {
    pendingBash.result = bashResult(parts.bashOutput)
    list.pendingBash = undefined
  }
  if (parts.parts.length === 0 || placeCompactCommand(list.turns, parts.parts)) return
  const bash = parts.parts.find((part): part is ToolCallPart => part.type === 'tool-call')
  if (bash) list.pendingBash = bash
  pushTurn(list, userTurn(parts.parts, record, parts.parts.every((part) => part.type === 'notice') && parts.meta))
}
