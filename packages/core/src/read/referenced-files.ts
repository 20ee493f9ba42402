import {languageOf} from '../model/language-of.js'
import type {Part} from '../model/model.js'

/** A file the user named with `@path` in a prompt, with the text the CLI read from it and sent. */
export interface ReferencedFile {
  path: string
  text: string
}

/** How one CLI of the Gemini CLI family writes its referenced files; every field is optional. */
export interface ReferencedFileOptions {
  /**
   * The line before each file's text, whose first group is the path (made
   * global if it is not). Defaults to Gemini CLI's `\nContent from @<path>:\n`.
   */
  fileHeader?: RegExp
  /** A file as the turn shows it (a path made relative, a final newline dropped); defaults to as read. */
  file?: (file: ReferencedFile) => ReferencedFile
}

/**
 * The block the Gemini CLI family appends to a prompt that names files with
 * `@path` (`handleAtCommand` in `packages/cli/src/ui/hooks/atCommandProcessor.ts`
 * of Gemini CLI v0.1.x on and of its fork Qwen Code): the prompt, then
 * `\n--- Content from referenced files ---`, then per file a header line and
 * its text, then `\n--- End of content ---`. Sessions that keep no display
 * text hold only this joined text.
 */
const startMarker = '\n--- Content from referenced files ---'
const endMarker = '\n--- End of content ---'
const geminiFileHeader = /\nContent from @([^\n]+?):\n/g

/**
 * The prompt as typed and the files it referenced; `undefined` when the text
 * holds no such block.
 *
 * @example
 * splitReferencedFiles('Sum up @a.txt\n--- Content from referenced files ---\nContent from @a.txt:\nhi')
 * // {typed: 'Sum up @a.txt', files: [{path: 'a.txt', text: 'hi'}]}
 */
export function splitReferencedFiles(
  text: string,
  options: ReferencedFileOptions = {}
): {typed: string; files: ReferencedFile[]} | undefined {
  const start = text.indexOf(startMarker)
  if (start < 0) return undefined
  let rest = text.slice(start + startMarker.length)
  if (rest.endsWith(endMarker)) rest = rest.slice(0, -endMarker.length)
  const header = options.fileHeader ?? geminiFileHeader
  const global = header.global ? header : new RegExp(header.source, `${header.flags}g`)
  const files: ReferencedFile[] = []
  const headers = [...rest.matchAll(global)]
  for (const [index, match] of headers.entries()) {
    const from = match.index + match[0].length
    const to = headers[index + 1]?.index ?? rest.length
    files.push({path: match[1] ?? '', text: rest.slice(from, to)})
  }
  if (files.length === 0) return undefined
  return {typed: text.slice(0, start), files}
}

/** A referenced file as a user turn shows it: an attachment line naming it, then its text as a code block. */
export function referencedFileParts(file: ReferencedFile): Part[] {
  const lines = file.text === '' ? 0 : file.text.split('\n').length
  const parts: Part[] = [
    {type: 'attachment', text: `referenced file, ${lines} ${lines === 1 ? 'line' : 'lines'} of text`, name: file.path}
  ]
  if (/\S/.test(file.text)) parts.push({type: 'code', text: file.text, language: languageOf(file.path, undefined)})
  return parts
}

/**
 * A prompt's parts with the referenced files split off its text and shown as
 * files; with `display` (what the user typed, when the CLI records it), that
 * text and the files. `undefined` when no part holds referenced files.
 */
export function withReferencedFiles(
  content: readonly Part[],
  display: readonly Part[],
  options: ReferencedFileOptions = {}
): Part[] | undefined {
  for (const [index, part] of content.entries()) {
    if (part.type !== 'text') continue
    const split = splitReferencedFiles(part.text, options)
    if (!split) continue
    const shown = options.file
    const files = split.files.flatMap((file) => referencedFileParts(shown ? shown(file) : file))
    if (display.length > 0) return [...display, ...files]
    const typed: Part[] = split.typed.trim() ? [{type: 'text', text: split.typed}] : []
    return [...content.slice(0, index), ...typed, ...files, ...content.slice(index + 1)]
  }
  return undefined
}
