import type {PhrasingContent} from 'mdast'
import type {ChatmarkToolCall, Flow} from './mdast-nodes.js'
import type {ToolCallPart, Turn} from '../model/model.js'
import {attachmentFile} from './attachment-to-mdast.js'
import {codeBlock} from './code-block.js'
import {fold} from './fold.js'
import type {ResolvedRenderOptions} from './render-options.js'
import {emphasis, inlineCode, mergeText, strong, text} from './phrasing.js'
import {groupDigits} from './group-digits.js'
import {jsonText} from './json-text.js'
import {labelText} from './label-text.js'
import {toolCallSummary} from './tool-call-summary.js'
import {truncateMiddle} from './truncate-middle.js'

/**
 * A tool call (a `chatmarkToolCall` node): a line naming the tool (and its
 * status), its input as a JSON block, and its result as a code block (`diff`
 * for file diffs), folded when it has more than `foldLines` lines. A result
 * longer than `maxResultChars` keeps its head and tail and says how many
 * characters were cut. The turns of a subagent it started follow, folded,
 * each rendered by `renderTurn`. The input block carries the input itself and
 * a result that is Markdown says so (`CodeData`), for writers that show them
 * as what they are.
 */
export function toolCallToMdast(
  part: ToolCallPart,
  options: ResolvedRenderOptions,
  renderTurn: (turn: Turn) => Flow[]
): ChatmarkToolCall {
  const line: PhrasingContent[] = [strong('Tool call'), text(' '), inlineCode(part.name)]
  const notes: string[] = []
  if (part.displayName && part.displayName !== part.name) notes.push(part.displayName)
  if (part.status) notes.push(part.status)
  if (notes.length > 0) line.push(text(` (${notes.join(', ')})`))
  const summary = labelText(part.text)
  if (summary && part.text !== part.name && !mentions(part.input, part.text)) {
    line.push(text(': '), emphasis(summary))
  }

  const nodes: Flow[] = [{type: 'paragraph', data: {chatmarkToolLabel: true}, children: mergeText(line)}]
  // A string input (a patch, a script) is shown as written; anything else as JSON.
  if (typeof part.input === 'string') {
    if (part.input !== '') nodes.push(codeBlock(part.input, part.inputLanguage ?? 'text'))
  } else {
    const input = inputText(part.input)
    if (input !== undefined) nodes.push({...codeBlock(input, 'json'), data: {chatmarkToolInput: part.input}})
  }

  const result = part.result
  if (result) {
    const label: PhrasingContent[] = [strong(result.isError ? 'Error' : 'Result')]
    if (result.fileName) label.push(text(' '), inlineCode(result.fileName))
    const {head, tail, cut} = truncateMiddle(result.text, options.maxResultChars)
    const headLines = head.endsWith('\n') ? head : `${head}\n`
    const value = cut === 0 ? head : `${headLines}[… ${groupDigits(cut)} characters cut …]\n${tail}`
    if (result.text.length === 0) label.push(text(': (empty)'))
    nodes.push({type: 'paragraph', children: mergeText(label)})
    if (result.text.length > 0) {
      const block = codeBlock(value, result.language ?? 'text')
      if (readsAsMarkdown(part)) block.data = {chatmarkMarkdown: true}
      const lines = lineCount(result.text)
      // Long output is folded, so the conversation reads on past it; short output stays in view.
      if (options.foldLines > 0 && lines > options.foldLines) {
        nodes.push(fold('tool-output', `Output (${groupDigits(lines)} lines)`, [block]))
      } else {
        nodes.push(block)
      }
    }
    // Files the result carried: its text describes them; their files follow it when the renderer has a place.
    for (const attachment of result.attachments ?? []) nodes.push(...attachmentFile(attachment, options))
  }
  // A subagent's own conversation, folded under the call that started it.
  if (part.subagent && part.subagent.length > 0) {
    const inner = part.subagent.flatMap((turn) => renderTurn(turn))
    if (inner.length > 0) nodes.push(fold('subagent', `Subagent (${part.subagent.length} turns)`, inner))
  }
  const call: ChatmarkToolCall = {type: 'chatmarkToolCall', name: part.name, children: nodes}
  const oneLine = toolCallSummary(part)
  if (oneLine !== undefined) call.summary = oneLine
  if (part.status) call.status = part.status
  if (result?.isError) call.isError = true
  return call
}

/**
 * Tools whose result is prose in Markdown: a subagent's answer (Claude Code's `Task` and `Agent`, Codex's
 * `spawn_agent`, OpenCode's and Qwen Code's `task`), a fetched page or a search (Claude Code's `WebFetch` and
 * `WebSearch`, Gemini CLI's `web_fetch` and `google_web_search`). A shell's or a file's output is shown as written.
 */
const markdownTools =
  /^(?:task|agent|subagent|spawn_agent|delegate_task|webfetch|web_fetch|websearch|web_search|google_web_search)$/i

/** Whether a call's result is Markdown: its language says so, it started a subagent, or its tool writes prose. */
function readsAsMarkdown(part: ToolCallPart): boolean {
  const language = part.result?.language
  if (language === 'markdown' || language === 'md') return true
  if (language !== undefined && language !== 'text') return false
  return (part.subagent !== undefined && part.subagent.length > 0) || markdownTools.test(part.name)
}

/** Lines of a text (`\n`, `\r\n` or a bare `\r` ends one), a last line without a line ending included. */
function lineCount(text: string): number {
  let endings = 0
  // Line feeds are found with indexOf (native, and a tool output is mostly long runs between them); only a text
  // that has a carriage return is walked unit by unit, for its bare `\r`.
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) endings++
  if (text.includes('\r')) {
    for (let at = text.indexOf('\r'); at !== -1; at = text.indexOf('\r', at + 1)) {
      if (text.charCodeAt(at + 1) !== 10) endings++
    }
  }
  const last = text.charCodeAt(text.length - 1)
  return last === 10 || last === 13 ? endings : endings + 1
}

// Not `JSON.stringify(input, null, 2)`: an input nested 5,000 deep (JSON a reader parsed out of a string)
// overflowed the stack there and lost the whole conversation; `jsonText` indents to a depth and cuts deeper.
function inputText(input: unknown): string | undefined {
  if (input === undefined || input === null) return undefined
  if (typeof input === 'object' && Object.keys(input).length === 0) return undefined
  return jsonText(input)
}

/** Whether a description merely repeats one of the call's string arguments. */
function mentions(input: unknown, text: string): boolean {
  if (typeof input !== 'object' || input === null) return false
  return Object.values(input).some((value) => value === text)
}
