import type {ToolResult} from '@chatmark/core/model'
import {isRecord, isString, stringOf} from '@chatmark/core/model'

/**
 * A tool result from `resultDisplay`, what the CLI showed the user
 * (`ToolResultDisplay` in `packages/core/src/tools/tools.ts`): a string, a
 * FileDiff, AnsiOutput, a TodoList, or a Grep/List/ReadMany result with a
 * `summary`. `undefined` when it holds nothing to show (read_file records `""`),
 * so the caller falls back to the model-facing `functionResponse`.
 */
export function resultDisplay(display: unknown): ToolResult | undefined {
  if (isString(display)) return display.trim() === '' ? undefined : {text: display}
  if (Array.isArray(display)) return ansiOutput(display)
  if (!isRecord(display)) return undefined

  if (isString(display['fileDiff'])) {
    const result: ToolResult = {text: display['fileDiff'], language: 'diff'}
    const fileName = stringOf(display['fileName']) ?? stringOf(display['filePath'])
    if (fileName) result.fileName = fileName
    return result
  }
  if (Array.isArray(display['todos'])) {
    const lines = display['todos'].filter(isRecord).map((todo) => {
      const status = stringOf(todo['status']) ?? 'pending'
      const mark = status === 'completed' ? '[x]' : '[ ]'
      const note = status === 'completed' || status === 'pending' ? '' : ` (${status})`
      return `${mark} ${stringOf(todo['description']) ?? ''}${note}`
    })
    return lines.length > 0 ? {text: lines.join('\n')} : undefined
  }
  // Subagent progress (`isSubagentProgress`) ends with the agent's result.
  if (display['isSubagentProgress'] === true) {
    const result = display['result']
    if (isString(result) && result.trim() !== '') return {text: result}
    return undefined
  }
  const summary = stringOf(display['summary'])
  if (summary !== undefined) {
    const files = Array.isArray(display['files']) ? display['files'].filter(isString) : []
    return {text: files.length > 0 ? `${summary}\n${files.join('\n')}` : summary}
  }
  return undefined
}

// AnsiOutput: lines of tokens `{text, bold, fg, ...}`; styling is dropped.
function ansiOutput(lines: unknown[]): ToolResult | undefined {
  if (!lines.every(Array.isArray)) return undefined
  const text = lines
    .map((line) =>
      Array.isArray(line) ? line.map((token) => (isRecord(token) ? (stringOf(token['text']) ?? '') : '')).join('') : ''
    )
    .join('\n')
    .replace(/\s+$/, '')
  return text === '' ? undefined : {text}
}
