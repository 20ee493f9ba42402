import type {Turn} from '@chatmark/core/model'
import {classifyUserText, stripReminders} from '../harness-text.js'
import {bashCall} from './bash-mode.js'
import {attachSummary} from './compaction.js'
import {commandNotice, metaNotice} from './notices.js'
import type {BuildState} from './state.js'
import {count} from './state.js'
import type {UserParts} from './user-parts.js'

/**
 * Adds a text block of a user record to `result`: the user's prose (without
 * the `<system-reminder>` blocks the CLI appends), a slash command, bash mode,
 * an interruption, or harness text, which is counted and shown only with `keepMeta`.
 */
export function userTextParts(state: BuildState, text: string, turns: Turn[], result: UserParts): void {
  const {parts} = result
  const {keepMeta} = state.settings
  const kind = classifyUserText(text)
  switch (kind.kind) {
    case 'prose': {
      const {text: rest, reminders} = stripReminders(kind.text)
      for (const reminder of reminders) {
        count(state, 'system-reminder')
        if (keepMeta) parts.push(metaNotice('System reminder', reminder))
      }
      if (/\S/.test(rest)) {
        parts.push({type: 'text', text: rest})
        result.meta = false
      }
      break
    }
    case 'command':
      parts.push(commandNotice(kind.name, kind.args))
      result.meta = false
      break
    case 'command-output':
      count(state, 'command-output')
      if (keepMeta && kind.text) parts.push(metaNotice('Command output', kind.text))
      break
    case 'bash-input':
      parts.push(bashCall(kind.command))
      result.meta = false
      break
    case 'bash-output':
      result.bashOutput = {stdout: kind.stdout, stderr: kind.stderr}
      break
    case 'interrupted':
      parts.push({type: 'notice', level: 'warning', kind: 'interrupted', text: kind.text})
      result.meta = false
      break
    case 'caveat':
      count(state, 'meta-message')
      if (keepMeta) parts.push(metaNotice('Caveat', kind.text))
      break
    case 'compact-summary':
      attachSummary(turns, parts, kind.text)
      break
    case 'injected':
      count(state, kind.tag === 'system-reminder' ? 'system-reminder' : 'injected-context')
      if (keepMeta) parts.push(metaNotice(`Injected <${kind.tag}>`, kind.text))
      break
  }
}
