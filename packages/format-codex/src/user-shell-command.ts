import type {ToolCallPart} from '@chatmark/core/model'

/** A command the user ran themselves (`!command` in the TUI), with what it printed. */
export interface UserShellCommand {
  command: string
  output: string
  failed: boolean
}

/**
 * The record Codex writes into the model's history after a `!command`
 * (`codex-rs/core/src/context/user_shell_command.rs`, 0.5x on):
 * `<user_shell_command>\n<command>\nls\n</command>\n<result>\nExit code: 0\n
 * Duration: 0.0070 seconds\nOutput:\n...\n</result>\n</user_shell_command>`.
 * Up to 0.12x it is the record the note reads the command from; from 0.15x
 * an `item_completed` event says the same first. `undefined` for other text.
 */
export function parseUserShellCommand(text: string): UserShellCommand | undefined {
  const match = userShellRecord.exec(text.trim())
  if (!match) return undefined
  const [, command = '', result = ''] = match
  const exitCode = /^Exit code: (-?\d+)$/m.exec(result)?.[1]
  const output = /(?:^|\n)Output:\n([\s\S]*)$/.exec(result)?.[1] ?? result
  return {command, output, failed: exitCode !== undefined && exitCode !== '0'}
}

const userShellRecord = new RegExp(
  '^<user_shell_command>\\n<command>\\n([\\s\\S]*?)\\n</command>\\n<result>\\n([\\s\\S]*)\\n</result>\\n' +
    '</user_shell_command>$'
)

/** A user's own command as the tool call a user turn shows. */
export function userShellPart(command: UserShellCommand, id?: string): ToolCallPart {
  const part: ToolCallPart = {
    type: 'tool-call',
    text: command.command,
    name: 'shell',
    displayName: 'user shell command',
    input: {command: command.command},
    result: command.failed ? {text: command.output, isError: true} : {text: command.output}
  }
  if (id) part.id = id
  return part
}
