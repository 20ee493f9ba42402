import type {TextPart, Turn} from '@chatmark/core/model'
import {classifyUserText, stripReminders} from '../harness-text.js'
import {bashCall} from './bash-mode.js'
import {attachSummary} from './compaction.js'
import {commandNotice, interruptedNotice, metaNotice} from './notices.js'
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
      // A command with arguments (`/orchestrator build the thing`) is what the user asked for: their turn.
      // Claude Code 1.0.x wrote the name without its slash (`<command-name>init</command-name>`).
      if (/\S/.test(kind.args) && !localCommands.has(kind.name.replace(/^\//, ''))) {
        const part: TextPart = {type: 'text', text: `${slashed(kind.name)} ${kind.args.trim()}`}
        parts.push(part)
        result.command = {name: slashed(kind.name), part}
      } else {
        const notice = commandNotice(kind.name, kind.args)
        parts.push(notice)
        if (!localCommands.has(kind.name.replace(/^\//, ''))) result.command = {name: slashed(kind.name), part: notice}
      }
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
      parts.push(interruptedNotice(kind.text))
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

/*
 * Claude Code's built-in commands that act in the CLI (settings, session, compaction) rather than prompt the
 * model: with arguments they are still command notices. A custom or plugin command (`.claude/commands/*.md`),
 * or a built-in prompt command (`/init`, `/review`), is a request.
 */
const localCommands = new Set([
  'add-dir',
  'agents',
  'branch',
  'clear',
  'compact',
  'config',
  'context',
  'cost',
  'effort',
  'export',
  'fast',
  'help',
  'hooks',
  'login',
  'logout',
  'mcp',
  'memory',
  'model',
  'output-style',
  'permissions',
  'plugin',
  'rename',
  'resume',
  'rewind',
  'status',
  'theme',
  'vim'
])

function slashed(name: string): string {
  return name.startsWith('/') ? name : `/${name}`
}
