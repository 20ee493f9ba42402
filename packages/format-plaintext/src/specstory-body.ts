import type {Part, ThinkingPart, ToolCallPart} from '@chatmark/core/model'
import type {CodeFence} from './code-fence.js'
import {closesCodeFence, codeFenceOpening} from './code-fence.js'
import type {Body, ScannedTurn} from './line-scanner.js'
import type {SpecStoryLabel} from './specstory-label.js'
import {specStoryLabel} from './specstory-label.js'
import {trimBlankLines} from './trim-blank-lines.js'

/** A `<details>` or `<tool-use>` block being read: its lines and how deep its tags nest. */
interface Block {
  lines: string[]
  depth: number
}

/**
 * A SpecStory export's body (`specstoryai/getspecstory`, the Markdown its VS
 * Code and Cursor extension and its CLI write to `.specstory/history/`):
 * `_**User**_` / `_**Agent**_` labels start turns; `---` lines separate turns
 * and the pieces of one answer; a `<details><summary>Thought Process</summary>`
 * block (wrapped in `<think>` since Markdown v2) is thinking; any other
 * `<details>` or `<tool-use>` block is a tool call, named by its
 * `data-tool-name` or its summary. Text before the first label (the
 * `_Exported on … from Cursor_` line, session comments) is counted as
 * `preamble`. Fenced code is text, whatever it holds.
 */
export function specStoryBody(emit: (turn: ScannedTurn) => void, count: (reason: string) => void): Body {
  let current: {label: SpecStoryLabel; line: number; parts: Part[]} | undefined
  let text: string[] = []
  let fence: CodeFence | undefined
  let block: Block | undefined
  let preamble = false

  return {
    push(line, number) {
      if (block) {
        block.lines.push(line)
        block.depth += opened(line) - closed(line)
        if (block.depth <= 0) {
          current?.parts.push(blockPart(block.lines))
          block = undefined
        }
        return
      }
      if (fence) {
        text.push(line)
        if (closesCodeFence(line, fence)) fence = undefined
        return
      }
      const label = specStoryLabel(line)
      if (label) {
        finish()
        current = {label, line: number, parts: []}
        return
      }
      if (!current) {
        if (/\S/.test(line) && !/^<!--.*-->[ \t]*$/.test(line)) preamble = true
        return
      }
      if (line.trimEnd() === '---') {
        flushText()
        return
      }
      if (/^(?:<think>)?<(?:details|tool-use)\b/.test(line)) {
        flushText()
        block = {lines: [line], depth: opened(line) - closed(line)}
        if (block.depth <= 0) {
          current.parts.push(blockPart(block.lines))
          block = undefined
        }
        return
      }
      text.push(line)
      fence = codeFenceOpening(line)
    },
    end() {
      // A block never closed (a cut file) keeps its lines as text.
      if (block) text.push(...block.lines)
      block = undefined
      finish()
      if (preamble) count('preamble')
    }
  }

  function flushText(): void {
    const value = trimBlankLines(text)
    text = []
    fence = undefined
    if (value && current) current.parts.push({type: 'text', text: value})
  }

  function finish(): void {
    flushText()
    if (!current) return
    const {label, line, parts} = current
    current = undefined
    if (parts.length === 0) {
      count('empty-turn')
      return
    }
    const turn: ScannedTurn = {
      role: label.role,
      line,
      text: parts.map((part) => (part.type === 'text' ? part.text : '')).join('\n\n'),
      parts
    }
    if (label.timestamp) turn.timestamp = label.timestamp
    if (label.model) turn.model = label.model
    emit(turn)
  }
}

function opened(line: string): number {
  return (line.match(/<(?:details|tool-use)\b/g) ?? []).length
}

function closed(line: string): number {
  return (line.match(/<\/(?:details|tool-use)>/g) ?? []).length
}

/** A closed block as thinking (`Thought Process`) or a tool call. */
function blockPart(lines: readonly string[]): ThinkingPart | ToolCallPart {
  const whole = lines.join('\n')
  const summary = /<summary>([\s\S]*?)<\/summary>/.exec(whole)?.[1]?.trim() ?? ''
  const body = trimBlankLines(
    whole
      .replace(/<summary>[\s\S]*?<\/summary>/, '')
      .split('\n')
      .map((line) => line.replace(/<\/?(?:think|details|tool-use)\b[^>]*>/g, ''))
  )
  if (/^Thought Process$/i.test(summary)) return {type: 'thinking', text: body}
  // `Tool use: **grep** • Grep for "smithery" • 2 matches`; older exports: `Edit file: docs/x.md`.
  const named = /^Tool use: \*\*([^*]+)\*\*(?:\s*•\s*(.*))?$/.exec(summary)
  const name =
    /data-tool-name="([^"]+)"/.exec(whole)?.[1] ?? named?.[1] ?? /^([^:•]{1,40}):/.exec(summary)?.[1] ?? 'tool'
  const label = (named ? named[2] : summary)?.trim() || name
  return {type: 'tool-call', text: label, name, input: body}
}
