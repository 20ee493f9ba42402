import type {ToolCallPart, ToolResult} from '@chatmark/core/model'
import {isRecord, languageOf, stringOf} from '@chatmark/core/model'
import {baseName, uriPath} from './uri.js'

/** A file edit of a response: the file it changed, and what it wrote. */
export interface FileEdit {
  /** The file's path. */
  path: string
  /** A one-line summary naming the file. */
  text: string
  /** What the edits wrote, as the result of the call that made them. */
  result: ToolResult
  /** How many edits it holds. */
  edits: number
}

/**
 * A `textEditGroup` (`IChatTextEditGroup`: `uri`, `edits: TextEdit[][]`) or a
 * `notebookEditGroup` (cell operations) of a response. The edits' texts are
 * joined in order: a file the agent created streams in as one edit a line,
 * so the join is the file; a replacement is the new text of its range.
 */
export function fileEditOf(part: Record<string, unknown>): FileEdit | undefined {
  const path = uriPath(part['uri'])
  if (!path) return undefined
  const batches = Array.isArray(part['edits']) ? part['edits'] : []
  const texts: string[] = []
  let edits = 0
  for (const batch of batches) {
    for (const edit of Array.isArray(batch) ? batch : [batch]) {
      if (!isRecord(edit)) continue
      edits++
      // A notebook's cell edit is `{uri, edit: TextEdit}` or a cell operation; a text edit is `{text, range}`.
      const text = stringOf(edit['text']) ?? (isRecord(edit['edit']) ? stringOf(edit['edit']['text']) : undefined)
      if (text !== undefined) texts.push(text)
      else texts.push(...cellSources(edit['cells']))
    }
  }
  const notebook = part['kind'] === 'notebookEditGroup'
  const name = baseName(path)
  const result: ToolResult = {text: texts.join(''), fileName: name, language: languageOf(name, undefined)}
  const count = `${edits} ${notebook ? 'cell ' : ''}edit${edits === 1 ? '' : 's'}`
  return {path, text: `Edited ${name} (${count})`, result, edits}
}

/** An edit no tool call of the response made (an edit session's answer): a call of its own, named `edit`. */
export function editCall(edit: FileEdit): ToolCallPart {
  return {
    type: 'tool-call',
    text: edit.text,
    name: 'edit',
    input: {file: edit.path},
    status: 'completed',
    result: edit.result
  }
}

/** The sources of the cells a notebook edit inserts (`ICellEditOperation` of `editType` 1: `cells[].source`). */
function cellSources(cells: unknown): string[] {
  if (!Array.isArray(cells)) return []
  return cells.flatMap((cell) => {
    if (!isRecord(cell)) return []
    const source = cell['source']
    const text = Array.isArray(source) ? source.filter((line) => typeof line === 'string').join('') : stringOf(source)
    return text === undefined ? [] : [text.endsWith('\n') ? text : `${text}\n`]
  })
}
