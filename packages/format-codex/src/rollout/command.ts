import type {ToolCallPart} from '@chatmark/core/model'
import {isString, numberOf, stringOf} from '@chatmark/core/model'
import type {RolloutState} from './state.js'
import {userShellPart} from '../user-shell-command.js'
import {assistantPart, prompt} from './turns.js'

/** A 0.17x `item_completed` `CommandExecution` item: a command run, by the model or by the user (`!command`). */
export function commandExecution(
  state: RolloutState,
  item: Record<string, unknown>,
  timestamp: string | undefined
): void {
  const callId = stringOf(item['id'])
  const command = Array.isArray(item['command'])
    ? commandLine(item['command'].filter(isString))
    : (stringOf(item['command']) ?? '')
  const exitCode = numberOf(item['exit_code'])
  const output = stringOf(item['aggregated_output']) ?? ''
  const failed =
    (exitCode !== undefined && exitCode !== 0) || item['status'] === 'failed' || item['status'] === 'declined'
  if (item['source'] === 'user_shell') {
    // A `!command` the user ran in the TUI: their own action, shown in a user turn (once: the history's
    // `<user_shell_command>` record of it follows).
    if (state.duplicates.claim('user-shell', command, 'event'))
      prompt(state, [userShellPart({command, output, failed}, callId)], timestamp, undefined)
    return
  }
  const existing = callId ? state.calls.get(callId) : undefined
  if (existing) {
    if (!existing.result) existing.result = {text: output}
    if (failed && existing.result) existing.result.isError = true
    return
  }
  const part: ToolCallPart = {
    type: 'tool-call',
    text: command,
    name: 'exec_command',
    input: {cmd: command},
    result: {text: output}
  }
  if (failed && part.result) part.result.isError = true
  if (callId) part.id = callId
  assistantPart(state, part, timestamp)
  if (callId) state.calls.set(callId, part)
}

/** `exec_command_end` and a failed `patch_apply_end`: the output and exit code of a call already shown. */
export function commandEnd(
  state: RolloutState,
  callId: string | undefined,
  exitCode: number | undefined,
  output: string | undefined
): void {
  const part = callId ? state.calls.get(callId) : undefined
  if (!part) return
  if (!part.result && output !== undefined) part.result = {text: output}
  if (exitCode !== undefined && exitCode !== 0 && part.result) part.result.isError = true
}

/** `["bash", "-lc", "ls -la"]` as the command the shell ran (`ls -la`); other argv joined with spaces. */
export function commandLine(argv: string[]): string {
  if (argv.length === 3 && /(?:^|\/)(?:ba|z)?sh$/.test(argv[0] ?? '') && /^-l?c$/.test(argv[1] ?? ''))
    return argv[2] ?? ''
  return argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`)).join(' ')
}
