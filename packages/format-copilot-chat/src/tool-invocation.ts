import type {AttachmentPart, ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {markdownValue, withFileNames} from './markdown-string.js'
import {locationOf} from './uri.js'

/**
 * A `toolInvocationSerialized` response part as a tool call
 * (`IChatToolInvocationSerialized`, microsoft/vscode
 * `src/vs/workbench/contrib/chat/common/chatService/chatService.ts`): its
 * tool id and call id, the message VS Code shows (past tense once it ran),
 * what `toolSpecificData` says it ran (a terminal's command line, a
 * subagent's task, an MCP tool's raw input) and its `resultDetails` (the
 * input and output of an MCP or built-in tool, or the files it found).
 * Serialized invocations keep no parameters (`IChatToolInvocation.getParameters`).
 */
export function toolCallOf(part: Record<string, unknown>): ToolCallPart {
  const name = stringOf(part['toolId']) || 'tool'
  const message = markdownValue(part['pastTenseMessage']) ?? markdownValue(part['invocationMessage'])
  const call: ToolCallPart = {type: 'tool-call', text: message ? withFileNames(message, 'plain') : name, name}
  const id = stringOf(part['toolCallId'])
  if (id) call.id = id
  const specific = part['toolSpecificData']
  const result: ToolResult = {text: ''}
  if (isRecord(specific)) describeSpecific(call, result, specific)
  readDetails(call, result, part['resultDetails'])
  call.status = statusOf(part, result)
  if (result.text || result.attachments) call.result = result
  return call
}

function describeSpecific(call: ToolCallPart, result: ToolResult, data: Record<string, unknown>): void {
  switch (data['kind']) {
    case 'terminal': {
      // The command as the chat shows it (chatModel.ts `getTerminalDisplayInput`); before 1.104 it was `command`.
      const line = isRecord(data['commandLine']) ? data['commandLine'] : {}
      const command =
        stringOf(isRecord(data['presentationOverrides']) ? data['presentationOverrides']['commandLine'] : undefined) ??
        stringOf(line['forDisplay']) ??
        stringOf(line['userEdited']) ??
        stringOf(line['toolEdited']) ??
        stringOf(line['original']) ??
        stringOf(data['command'])
      if (command !== undefined) {
        call.input = command
        call.inputLanguage = stringOf(data['language']) || 'sh'
      }
      const output = isRecord(data['terminalCommandOutput'])
        ? stringOf(data['terminalCommandOutput']['text'])
        : undefined
      if (output) result.text = output
      const state = isRecord(data['terminalCommandState']) ? data['terminalCommandState'] : {}
      if (typeof state['exitCode'] === 'number' && state['exitCode'] !== 0) result.isError = true
      return
    }
    case 'input':
      call.input = data['rawInput']
      return
    case 'subagent': {
      const input: Record<string, string> = {}
      for (const key of ['agentName', 'description', 'prompt', 'modelName']) {
        const value = stringOf(data[key])
        if (value) input[key] = value
      }
      call.input = input
      const text = stringOf(data['result'])
      if (text) result.text = text
      return
    }
    case 'simpleToolInvocation':
      call.input = data['input']
      if (typeof data['output'] === 'string') result.text = data['output']
      return
    default:
      // A to-do list, a pull request, extensions to install...: kept as the call's input, as recorded.
      call.input = data
  }
}

function readDetails(call: ToolCallPart, result: ToolResult, details: unknown): void {
  if (Array.isArray(details)) {
    // The files a search or a read found (`Array<URI | Location>`).
    const lines = details.map(locationOf).flatMap((found) => (found ? [found.path + lineSuffix(found.lines)] : []))
    if (lines.length > 0) result.text = lines.join('\n')
    return
  }
  if (!isRecord(details)) return
  if (typeof details['input'] === 'string' && call.input === undefined) call.input = parsedInput(details['input'])
  if (details['isError'] === true) result.isError = true
  const output = details['output']
  if (typeof output === 'string') result.text = output
  else if (Array.isArray(output)) readOutputs(result, output)
  else if (isRecord(output)) addData(result, output['mimeType'], output['base64Data'])
}

/** `IToolResultInputOutputDetails.output`: text or base64 data embedded, or a resource referred to. */
function readOutputs(result: ToolResult, outputs: readonly unknown[]): void {
  const texts: string[] = []
  for (const output of outputs) {
    if (!isRecord(output)) continue
    if (typeof output['value'] === 'string' && output['isText'] === true) texts.push(output['value'])
    else if (typeof output['value'] === 'string') addData(result, output['mimeType'], output['value'])
    else {
      const found = locationOf(output['uri'])
      if (found) texts.push(found.path)
    }
  }
  if (texts.length > 0) result.text = texts.join('\n')
}

function addData(result: ToolResult, mimeType: unknown, data: unknown): void {
  if (typeof data !== 'string' || !/^[A-Za-z0-9+/_-]*={0,2}$/.test(data)) return
  const type = stringOf(mimeType)
  const attachment: AttachmentPart = {type: 'attachment', text: type ? `tool output (${type})` : 'tool output', data}
  if (type) attachment.mimeType = type
  result.attachments = [...(result.attachments ?? []), attachment]
}

function parsedInput(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return text
  }
}

function lineSuffix(lines: string | undefined): string {
  return lines ? `:${lines}` : ''
}

/**
 * `isConfirmed`: a boolean before VS Code 1.104, then a `ConfirmedReason` whose
 * `type` 0 is a denial and 5 a skip (`ToolConfirmKind`); a serialized call is
 * otherwise complete or was cancelled with its response.
 */
function statusOf(part: Record<string, unknown>, result: ToolResult): string {
  const confirmed = part['isConfirmed']
  if (confirmed === false || (isRecord(confirmed) && confirmed['type'] === 0)) return 'denied'
  if (isRecord(confirmed) && confirmed['type'] === 5) return 'skipped'
  if (result.isError) return 'error'
  return part['isComplete'] === false ? 'incomplete' : 'completed'
}
