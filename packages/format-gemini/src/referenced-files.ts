import type {Part} from '@chatmark/core/model'
import {languageOf} from '@chatmark/core/model'

/** A file the user named with `@path` in a prompt, with the text the CLI read from it and sent. */
export interface ReferencedFile {
  path: string
  text: string
}

/**
 * The block the CLI appends to a prompt that names files with `@path`
 * (`handleAtCommand` in `packages/cli/src/ui/hooks/atCommandProcessor.ts`,
 * v0.1.x on): the prompt, then `\n--- Content from referenced files ---`,
 * then per file `\nContent from @<path>:\n` and its text, then
 * `\n--- End of content ---`. Sessions before v0.28 (no `displayContent`) and
 * every `/chat save` checkpoint hold only this joined text.
 */
const startMarker = '\n--- Content from referenced files ---'
const endMarker = '\n--- End of content ---'
const fileHeader = /\nContent from @([^\n]+?):\n/g

/** The prompt as typed and the files it referenced; `undefined` when the text holds no such block. */
export function splitReferencedFiles(text: string): {typed: string; files: ReferencedFile[]} | undefined {
  const start = text.indexOf(startMarker)
  if (start < 0) return undefined
  let rest = text.slice(start + startMarker.length)
  if (rest.endsWith(endMarker)) rest = rest.slice(0, -endMarker.length)
  const files: ReferencedFile[] = []
  const headers = [...rest.matchAll(fileHeader)]
  for (const [index, header] of headers.entries()) {
    const from = header.index + header[0].length
    const to = headers[index + 1]?.index ?? rest.length
    files.push({path: header[1] ?? '', text: rest.slice(from, to)})
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
 * files; with `display` (what the user typed, v0.28+), that text and the files.
 */
export function withReferencedFiles(content: readonly Part[], display: readonly Part[]): Part[] | undefined {
  for (const [index, part] of content.entries()) {
    if (part.type !== 'text') continue
    const split = splitReferencedFiles(part.text)
    if (!split) continue
    const files = split.files.flatMap(referencedFileParts)
    if (display.length > 0) return [...display, ...files]
    const typed: Part[] = split.typed.trim() ? [{type: 'text', text: split.typed}] : []
    return [...content.slice(0, index), ...typed, ...files, ...content.slice(index + 1)]
  }
  return undefined
}
