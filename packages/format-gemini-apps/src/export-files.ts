import type {AttachmentPart} from '@chatmark/core/model'
import type {Input, InputEntry} from '@chatmark/core/read'
import {formatBytes} from '@chatmark/core/read'

/** The files beside the activity file, by base name: where `attachedFiles` and `imageFile` are. */
export type ExportFiles = ReadonlyMap<string, InputEntry>

/**
 * Lists the container of the activity file once (the Takeout `.zip`, or the
 * folder it was unpacked to). Takeout writes an activity's files into the
 * activity file's own folder (`My Activity/Gemini Apps/`) under the names the
 * record gives, so a base name finds them; the nearest (shortest path) wins
 * when a name is met twice. Empty when the input has no container.
 */
export async function exportFiles(input: Input, problem: (reason: string) => void): Promise<ExportFiles> {
  const container = input.container
  if (!container?.entries) return new Map()
  let entries: InputEntry[]
  try {
    entries = await container.entries()
  } catch (error) {
    problem(`The files beside the activity file could not be listed (${(error as Error).message})`)
    return new Map()
  }
  const byName = new Map<string, InputEntry>()
  for (const entry of entries) {
    const name = entry.path.slice(entry.path.lastIndexOf('/') + 1)
    const found = byName.get(name)
    if (!found || entry.path.length < found.path.length) byName.set(name, entry)
  }
  return byName
}

/** An attachment part for a file the record names, with its `entry` when the export holds it. */
export function attachmentPart(name: string, files: ExportFiles): AttachmentPart {
  const base = name.slice(Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\')) + 1)
  const entry = files.get(base)
  const mimeType = mimeTypes[base.slice(base.lastIndexOf('.') + 1).toLowerCase()]
  // A listed export without the file: Takeout leaves out what it could not copy (a deleted upload, say).
  const missing = !entry && files.size > 0 ? 'not in the export' : undefined
  const size = entry?.size === undefined ? undefined : formatBytes(entry.size)
  const described = [mimeType, size, missing].filter(Boolean)
  return {
    type: 'attachment',
    text: described.length > 0 ? described.join(', ') : 'a file',
    name: base,
    ...(mimeType ? {mimeType} : {}),
    ...(entry?.size === undefined ? {} : {size: entry.size}),
    ...(entry ? {entry: entry.path} : {})
  }
}

const mimeTypes: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
  txt: 'text/plain',
  csv: 'text/csv',
  mp3: 'audio/mpeg',
  mp4: 'video/mp4',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
}
