import type {ToolCallPart} from '../model/model.js'
import {labelText} from './label-text.js'

/**
 * Arguments that say what a call did, most telling first: the command run, the file read or written, the address
 * fetched, the query searched. Names as the tools write them: Claude Code (`command`, `file_path`, `pattern`,
 * `url`, `prompt`), Codex (`command` as an argument list, `cmd`), Gemini CLI and Qwen Code (`absolute_path`,
 * `file_path`, `dir_path`, `query`), OpenCode (`filePath`), Cline (`path`, `regex`), Copilot (`path`, `query`).
 */
const summaryKeys = [
  'command',
  'cmd',
  'file_path',
  'filePath',
  'absolute_path',
  'notebook_path',
  'path',
  'dir_path',
  'url',
  'query',
  'search_query',
  'q',
  'pattern',
  'regex',
  'description',
  'prompt'
]

/**
 * What a tool call did, on one line, for the line that stands for the call when it is folded: the call's own
 * description when it has one besides its name, else its most telling argument (see {@link summaryKeys}), else its
 * first short string argument; `undefined` when nothing says more than the name.
 */
export function toolCallSummary(part: ToolCallPart): string | undefined {
  if (part.text !== part.name) {
    const own = labelText(part.text)
    if (own !== '') return own
  }
  const input = part.input
  if (typeof input === 'string') return labelText(input) || undefined
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined
  const fields = input as Record<string, unknown>
  for (const key of summaryKeys) {
    const line = argumentLine(fields[key])
    if (line) return line
  }
  for (const value of Object.values(fields)) {
    if (typeof value === 'string' && value.length <= 200) {
      const line = labelText(value)
      if (line) return line
    }
  }
  return undefined
}

/**
 * A string argument as one line, a list of strings (an argument vector) joined by spaces, or a list of queries
 * (ChatGPT's `search_query: [{q: "..."}]`) by its first.
 */
function argumentLine(value: unknown): string | undefined {
  if (typeof value === 'string') return labelText(value) || undefined
  if (Array.isArray(value) && typeof value[0] === 'object' && value[0] !== null) {
    const first = value[0] as Record<string, unknown>
    const query = ['q', 'query'].map((key) => first[key]).find((item) => typeof item === 'string')
    if (typeof query === 'string') return labelText(query) || undefined
  }
  if (Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === 'string')) {
    // `["bash", "-lc", "npm test"]`: the script is what was run.
    const [program = '', flag = '', script = ''] = value as string[]
    const shell = value.length === 3 && /(?:^|\/)(?:ba|z|da)?sh$/.test(program) && /^-l?c$/.test(flag)
    return labelText(shell ? script : value.join(' ')) || undefined
  }
  return undefined
}
