import type {Part} from '@chatmark/core/model'
import type {ReferencedFile} from '@chatmark/core/read'
import {withReferencedFiles} from '@chatmark/core/read'

/**
 * The header before each file's text. Qwen Code keeps Gemini CLI's block
 * (`\n--- Content from referenced files ---` … `\n--- End of content ---`,
 * `packages/cli/src/ui/hooks/atCommandProcessor.ts`) but its file header
 * changed: up to 0.8 `\nContent from @<absolute path>:\n` (text trimmed);
 * from 0.10 `readManyFiles` (`packages/core/src/utils/readManyFiles.ts`)
 * writes `\nContent from <path>:\n`, no `@`, the file's text as read (its
 * last newline kept), the path absolute up to 0.15 and as typed (relative)
 * from 0.21; a folder is `Content from <folder>:` and its tree.
 */
const fileHeader = /\nContent from @?([^\n]+?):\n/g

/**
 * A prompt's parts with the `@path` files split off its text. The prompt
 * stays as sent: from 0.10 an `at_command` record before it holds the typed
 * text (`userText`), and it is the same text as the start of the prompt.
 */
export function withQwenReferencedFiles(parts: readonly Part[], cwd: string | undefined): Part[] | undefined {
  return withReferencedFiles(parts, [], {fileHeader, file: (file) => shownFile(file, cwd)})
}

/** A path inside the session's folder as the user typed it (relative), and the text without its last newline. */
function shownFile(file: ReferencedFile, cwd: string | undefined): ReferencedFile {
  const folder = cwd?.replace(/\/+$/, '')
  const path = folder && file.path.startsWith(`${folder}/`) ? file.path.slice(folder.length + 1) : file.path
  return {path, text: file.text.endsWith('\n') ? file.text.slice(0, -1) : file.text}
}
