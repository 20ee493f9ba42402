import type {Part, ToolCallPart} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {editCall, fileEditOf} from './edit-group.js'
import {codeSpan, isMarkdownString, markdownValue, withFileNames} from './markdown-string.js'
import {noticeOf} from './notice-parts.js'
import {toolCallOf} from './tool-invocation.js'
import {baseName, locationOf} from './uri.js'

/**
 * Kinds VS Code stores in a response but shows nothing for once the response
 * is complete, counted in the note's fidelity: `prepareToolInvocation` (the
 * call streaming in; its `toolInvocationSerialized` follows), `undoStop` (a
 * checkpoint marker), `progressMessage` (a transient status line),
 * `mcpServersStarting`, `clearToPreviousToolInvocation` (already applied to
 * the parts before it), `autoModeResolution`, `disabledClaudeHooks`, `treeData`
 * with no files, `workspaceEdit`/`externalEdit` (their files are in the edit
 * groups or tool calls).
 */
const unshownKinds = new Set([
  'prepareToolInvocation',
  'undoStop',
  'progressMessage',
  'mcpServersStarting',
  'mcpServersStartingSlow',
  'clearToPreviousToolInvocation',
  'autoModeResolution',
  'disabledClaudeHooks',
  'workspaceEdit',
  'externalEdit',
  'voiceProgress'
])

/** The reading of one response's parts: a small record, changed by the steps below. */
interface ResponseReading {
  parts: Part[]
  /** Markdown segments since the last part that is not text, joined as VS Code joins them (`''`). */
  markdown: string[]
  /** The opening fence a `codeblockUri` took off the text, until the closing fence (or the block's code) comes. */
  takenFence: string | undefined
  /** The last tool call, while nothing shown came after it: an edit group that follows is its result. */
  lastCall: ToolCallPart | undefined
  /** `runSubagent` calls by their call id: the parts with that `subAgentInvocationId` are their subagent's turns. */
  subagents: Map<string, ToolCallPart>
  fidelity: Record<string, number>
}

/** What a response's parts became. */
export interface ResponseParts {
  parts: Part[]
  fidelity: Record<string, number>
  /** The workspace folder the markdown was written against (`baseUri`), when it names one. */
  baseFolder?: string
}

/**
 * A response (`response[]` of a request) as the note's parts, in order:
 * markdown strings and inline references joined into text as VS Code joins
 * them (chatModel.ts `Response`), thinking, tool calls (with the file edits
 * that follow a call as its result), notices for VS Code's own messages, and
 * a notice for a part of a kind this reader does not know.
 */
export function responseParts(response: readonly unknown[]): ResponseParts {
  const reading: ResponseReading = {
    parts: [],
    markdown: [],
    takenFence: undefined,
    lastCall: undefined,
    subagents: new Map(),
    fidelity: {}
  }
  let baseFolder: string | undefined
  for (const part of response) {
    if (typeof part === 'string') {
      addMarkdown(reading, part)
      continue
    }
    if (!isRecord(part)) {
      count(reading, 'malformed-response-part')
      continue
    }
    baseFolder ??= locationOf(part['baseUri'])?.path
    readPart(reading, part)
  }
  flush(reading)
  if (reading.takenFence !== undefined) reading.parts.push({type: 'text', text: reading.takenFence})
  return {parts: reading.parts, fidelity: reading.fidelity, ...(baseFolder ? {baseFolder} : {})}
}

function readPart(reading: ResponseReading, part: Record<string, unknown>): void {
  // A part without `kind` is an `IMarkdownString` (the `Response` constructor); since 1.109 the log stores every
  // `markdownContent` so (chatSessionOperationLog.ts `responsePartSchema`).
  if (isMarkdownString(part)) {
    addMarkdown(reading, part['value'] as string)
    return
  }
  const kind = stringOf(part['kind']) ?? ''
  switch (kind) {
    case 'markdownContent':
    case 'markdownVuln':
      addMarkdown(reading, markdownValue(part['content']) ?? '')
      return
    case 'inlineReference':
      addMarkdown(reading, inlineReference(part))
      return
    case 'codeblockUri':
      takeFence(reading)
      return
    case 'thinking':
      addThinking(reading, part)
      return
    case 'toolInvocationSerialized':
      addToolCall(reading, part)
      return
    case 'textEditGroup':
    case 'notebookEditGroup':
      addEdit(reading, part)
      return
    default: {
      // An object with neither a kind nor a text (a part cut short, an extension's empty value) holds nothing.
      if (kind === '') {
        count(reading, 'malformed-response-part')
        return
      }
      if (unshownKinds.has(kind)) {
        count(reading, kind)
        return
      }
      const notice = noticeOf(kind, part)
      flush(reading)
      reading.lastCall = undefined
      if (notice) {
        reading.parts.push(notice)
        return
      }
      count(reading, 'unknown-response-part')
      reading.parts.push({
        type: 'notice',
        level: 'warning',
        kind: 'unknown-content',
        text: `A response part of unknown kind “${kind || 'none'}” is not shown`,
        details: fenced(JSON.stringify(part, null, 2).slice(0, 2000), 'json')
      })
    }
  }
}

function addMarkdown(reading: ResponseReading, text: string): void {
  if (reading.takenFence !== undefined) {
    const fence = reading.takenFence
    reading.takenFence = undefined
    // The code block a `codeblockUri` opened was empty: VS Code shows the edited file's chip there, and the note
    // the edit itself (its group follows). A block with code in it keeps its fence.
    const closing = /^\s*```[ \t]*(?:\n|$)/.exec(text)
    text = closing ? text.slice(closing[0].length) : fence + text
  }
  if (text) reading.markdown.push(text)
}

/**
 * A `codeblockUri` marks the code block just opened in the text as the file it
 * edits (`isEdit`) or shows; the opening fence is held back until the next
 * markdown says whether the block is empty.
 */
function takeFence(reading: ResponseReading): void {
  const last = reading.markdown.at(-1)
  const fence = last === undefined ? undefined : /(?:^|\n)[ \t]*```[^`\n]*\n?$/.exec(last)
  count(reading, 'codeblockUri')
  if (last === undefined || !fence || reading.takenFence !== undefined) return
  reading.markdown[reading.markdown.length - 1] = last.slice(0, fence.index)
  reading.takenFence = last.slice(fence.index)
}

function flush(reading: ResponseReading): void {
  const text = withFileNames(reading.markdown.join(''), 'code').trim()
  reading.markdown = []
  if (!text) return
  reading.parts.push({type: 'text', text})
  reading.lastCall = undefined
}

/** An inline reference as VS Code copies it: its name in code, a line range after it (`uriToRepr`). */
function inlineReference(part: Record<string, unknown>): string {
  const reference = part['inlineReference']
  const name = stringOf(part['name'])
  if (isRecord(reference) && typeof reference['name'] === 'string' && !('uri' in reference)) {
    return codeSpan(name ?? reference['name'])
  }
  const found = locationOf(reference)
  if (!found) return name ? codeSpan(name) : ''
  if (/^https?:/i.test(found.path)) return found.path
  return codeSpan((name ?? baseName(found.path)) + (found.lines ? `:${found.lines}` : ''))
}

function addThinking(reading: ResponseReading, part: Record<string, unknown>): void {
  const value = part['value']
  const text =
    (Array.isArray(value) ? value.filter((item) => typeof item === 'string').join('') : stringOf(value)) ?? ''
  // Empty chunks only separate thoughts (chatModel.ts `updateContent`).
  if (!text.trim()) return
  flush(reading)
  // The title VS Code generated for the thought, unless the thought opens with it in bold already.
  const title = stringOf(part['generatedTitle'])
  const subject = title && !text.trimStart().startsWith(`**${title}**`) ? {subject: title} : {}
  reading.parts.push({type: 'thinking', text, ...subject})
  reading.lastCall = undefined
}

function addToolCall(reading: ResponseReading, part: Record<string, unknown>): void {
  flush(reading)
  const call = toolCallOf(part)
  const parentId = stringOf(part['subAgentInvocationId'])
  const parent = parentId === undefined ? undefined : reading.subagents.get(parentId)
  if (parent) subagentTurn(parent).parts.push(call)
  else reading.parts.push(call)
  if (call.name === 'runSubagent' && call.id) reading.subagents.set(call.id, call)
  reading.lastCall = call
}

/** The subagent's answer turn under its call, made on its first part. */
function subagentTurn(call: ToolCallPart) {
  call.subagent ??= []
  let turn = call.subagent.at(-1)
  if (!turn) {
    turn = {role: 'assistant', parts: []}
    call.subagent.push(turn)
  }
  return turn
}

function addEdit(reading: ResponseReading, part: Record<string, unknown>): void {
  flush(reading)
  const edit = fileEditOf(part)
  if (!edit) {
    count(reading, 'malformed-response-part')
    return
  }
  const call = reading.lastCall
  // The edit a tool call made (Copilot's `copilot_createFile`, `copilot_replaceString`...) follows it: its result.
  if (call && !call.result) {
    call.result = edit.result
    if (call.input === undefined) call.input = {file: edit.path}
    // A hidden call says only `Using "Replace String in File"`: the file it edited is named after it.
    const name = edit.result.fileName
    if (name && !call.text.includes(name)) call.text = `${call.text}: ${name}`
    return
  }
  reading.parts.push(editCall(edit))
  reading.lastCall = undefined
}

/** `text` as a fenced code block, its fence longer than any run of backticks in it. */
function fenced(text: string, language: string): string {
  const longest = Math.max(2, ...[...text.matchAll(/`+/g)].map((run) => run[0].length))
  const fence = '`'.repeat(longest + 1)
  return `${fence}${language}\n${text}\n${fence}`
}

function count(reading: ResponseReading, reason: string): void {
  reading.fidelity[reason] = (reading.fidelity[reason] ?? 0) + 1
}
