import type {CommandNotice} from './model.js'

/**
 * The notice of a command as the user typed it (`/chat save demo-tag`): its name, and what follows the name as its
 * arguments, which may span lines.
 */
export function commandNotice(typed: string): CommandNotice {
  const match = /^(\S+)\s+(\S[\s\S]*)$/.exec(typed.trim())
  if (!match) return {type: 'notice', level: 'info', kind: 'command', name: typed.trim()}
  return {type: 'notice', level: 'info', kind: 'command', name: match[1]!, args: match[2]!}
}
