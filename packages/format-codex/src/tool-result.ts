import type {AttachmentPart, ToolResult} from '@chatmark/core/model'
import {isNumber, isRecord, isString, numberOf, stringOf} from '@chatmark/core/model'
import {imagePart} from './message-content.js'

/** The header a unified exec result puts before the command's output (Codex 0.5x and later). */
const outputHeader = new RegExp(
  '^(?:Chunk ID: [^\\n]*\\n)?Wall time: [^\\n]*\\n' +
    '(?:Process exited with code (-?\\d+)\\n|Process running with session ID [^\\n]*\\n)?' +
    '(?:Original token count: \\d+\\n)?Output:\\n'
)

/**
 * A tool output as a result. The shapes seen in rollouts:
 * - `exec_command` text with a header (`Wall time`, `Process exited with code N`, `Output:`);
 * - the classic `shell` tool's JSON string `{"output": "...", "metadata": {"exit_code": 0}}`;
 * - content items (`input_text`, `input_image`) from MCP tools;
 * - an object `{content, success}` (older files).
 * A non-zero exit code or `success: false` marks an error.
 */
export function toolResult(output: unknown): ToolResult {
  if (isString(output)) return textResult(output)
  if (Array.isArray(output)) {
    const pieces: string[] = []
    const attachments: AttachmentPart[] = []
    for (const item of output) {
      if (!isRecord(item)) continue
      const text = stringOf(item['text'])
      if (text !== undefined) pieces.push(text)
      else if (/image/.test(String(item['type']))) {
        const image = imagePart(stringOf(item['image_url']))
        pieces.push(`[image: ${image.text}]`)
        attachments.push(image)
      }
    }
    const result: ToolResult = {text: pieces.join('\n')}
    if (attachments.length > 0) result.attachments = attachments
    return result
  }
  if (isRecord(output)) {
    const content = output['content']
    const result = isString(content) ? textResult(content) : toolResult(content)
    if (output['success'] === false) result.isError = true
    return result
  }
  return {text: output === undefined || output === null ? '' : JSON.stringify(output)}
}

function textResult(text: string): ToolResult {
  const json = shellJson(text)
  if (json) return json
  const header = outputHeader.exec(text)
  if (header) {
    const result: ToolResult = {text: text.slice(header[0].length)}
    if (header[1] !== undefined && Number(header[1]) !== 0) {
      result.isError = true
      result.text = `Exit code ${header[1]}\n${result.text}`
    }
    return result
  }
  return {text}
}

// `{"output": "...", "metadata": {"exit_code": 1, "duration_seconds": 0.1}}`, as a string.
function shellJson(text: string): ToolResult | undefined {
  if (!text.startsWith('{"output"')) return undefined
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return undefined
  }
  if (!isRecord(value) || !isString(value['output'])) return undefined
  const result: ToolResult = {text: value['output']}
  const exitCode = isRecord(value['metadata']) ? numberOf(value['metadata']['exit_code']) : undefined
  if (isNumber(exitCode) && exitCode !== 0) {
    result.isError = true
    result.text = `Exit code ${exitCode}\n${result.text}`
  }
  return result
}
