import type {ToolCallPart} from '@chatmark/core/model'

// `packages/cli/src/ui/hooks/shellCommandProcessor.ts` (v0.1.x) and
// `useExecutionLifecycle.ts` (5411f113): the CLI's own words around a `!`
// command the user ran in shell mode and its output.
const shellRecord = new RegExp(
  '^I ran the following shell command:\\n```sh\\n([\\s\\S]*?)\\n```\\n\\n' +
    'This produced the following result:\\n```\\n([\\s\\S]*)\\n```$'
)

/**
 * A shell-mode record as the command the user ran: a `shell` tool call with
 * its output, or `undefined` for any other text. Later versions escape
 * backslashes and backticks in both (`safeQuery`), which is undone here.
 */
export function shellModeCall(text: string): ToolCallPart | undefined {
  const match = shellRecord.exec(text.trim())
  if (!match) return undefined
  const command = unescapeShell(match[1] ?? '')
  const output = unescapeShell(match[2] ?? '')
  return {
    type: 'tool-call',
    text: command.split('\n', 1)[0] ?? command,
    name: 'shell',
    input: {command},
    ...(output.trim() ? {result: {text: output}} : {})
  }
}

function unescapeShell(text: string): string {
  return text.replace(/\\([\\`])/g, '$1')
}
