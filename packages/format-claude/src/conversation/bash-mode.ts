import type {ToolCallPart, ToolResult} from '@chatmark/core/model'

/** What the user ran in bash mode (`! cmd`, written as `<bash-stdout>` / `<bash-stderr>` in the next record). */
export interface BashOutput {
  stdout: string
  stderr: string
}

/** A bash-mode command (`<bash-input>`) as a tool call of the user's. */
export function bashCall(command: string): ToolCallPart {
  return {
    type: 'tool-call',
    text: 'Shell command run by the user (bash mode)',
    name: 'Bash',
    displayName: 'User shell',
    input: {command}
  }
}

/** The command's output as its result: an error when it wrote only to stderr. */
export function bashResult({stdout, stderr}: BashOutput): ToolResult {
  return {
    text: [stdout, stderr].filter((text) => /\S/.test(text)).join('\n'),
    ...(stderr && !stdout ? {isError: true} : {})
  }
}
