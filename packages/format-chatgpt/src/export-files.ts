import type {AttachmentPart, Conversation} from '@chatmark/core/model'
import {attachmentsOf, isRecord, isString} from '@chatmark/core/model'
import type {Input, InputEntry} from '@chatmark/core/read'

/**
 * The files of a ChatGPT data export that its conversations refer to: the
 * uploads and generated images beside `conversations.json`, in the `.zip` or
 * in the folder it was unpacked to (the input's `container`). Two layouts are
 * known (from exports read by public importers: panchat's
 * `docs/formats/chatgpt.md`, and the asset indexes of other importers):
 *
 * - until 2025, a file kept its name after its id: `file-<id>-<name>.png` at
 *   the root; DALL·E images under `dalle-generations/` (`file-<id>-<uuid>.webp`);
 *   newer uploads as `file_<hex>-<name>` in `user-<id>/` folders;
 * - from 2026, the bytes as `<id>.dat` (`file-<id>.dat`, `file_<hex>.dat`) at
 *   the root, and `conversation_asset_file_names.json` mapping each `<id>.dat`
 *   to the name it was uploaded under.
 *
 * A message refers to a file by an asset pointer (`file-service://file-<id>`,
 * `sediment://file_<hex>`) or, for an upload, by the id in
 * `metadata.attachments` (`file-<id>`).
 */
export interface ExportFiles {
  /** Where the file of `id` is in the container, and the name it was uploaded under when the export says. */
  find(id: string): {entry: string; name?: string} | undefined
}

/** The id of a file in a part's reference: the asset pointer's path (its query dropped), or the bare id. */
export function fileIdOf(reference: string): string | undefined {
  const id = reference.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[?#].*$/s, '')
  return /^[A-Za-z0-9][\w-]*$/.test(id) ? id : undefined
}

/** The name map of 2026 exports, and the most of it that is read. */
const nameMapFile = 'conversation_asset_file_names.json'
const nameMapBytes = 16 * 1024 * 1024

/** `file-<id>` or `file_<hex>` at the start of a file's name: the id it was stored under. */
const storedId = /^file[-_][A-Za-z0-9]+/

/**
 * Lists the export's files once, from `container`; `undefined` when it is no
 * container, or cannot be listed (reported: the notes are read all the same,
 * their attachments without files). A name map that cannot be read is
 * reported and left out.
 */
export async function exportFiles(
  container: Input,
  report: (reason: string, ruleId: string) => void
): Promise<ExportFiles | undefined> {
  if (!container.entries || !container.openEntry) return undefined
  let entries: InputEntry[]
  try {
    entries = await container.entries()
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    report(
      `The files beside the export could not be listed (${detail}): attachments are read without them`,
      'unlisted-files'
    )
    return undefined
  }
  const byName = new Map<string, string>()
  const byStoredId = new Map<string, string>()
  let nameMap: string | undefined
  // Shallowest first, so the export's own root wins over a copy deeper down.
  const paths = entries.map((entry) => entry.path).sort((a, b) => depth(a) - depth(b) || (a < b ? -1 : a > b ? 1 : 0))
  for (const path of paths) {
    const base = path.slice(path.lastIndexOf('/') + 1)
    if (!byName.has(base)) byName.set(base, path)
    const id = storedId.exec(base)?.[0]
    if (id !== undefined && !byStoredId.has(id)) byStoredId.set(id, path)
    if (base === nameMapFile) nameMap ??= path
  }
  const names = nameMap === undefined ? new Map<string, string>() : await readNameMap(container, nameMap, report)
  return {
    find(id) {
      const dat = byName.get(`${id}.dat`)
      if (dat !== undefined) {
        const name = names.get(`${id}.dat`)
        return name === undefined ? {entry: dat} : {entry: dat, name}
      }
      const entry = byName.get(id) ?? byStoredId.get(id)
      return entry === undefined ? undefined : {entry}
    }
  }
}

function depth(path: string): number {
  let count = 0
  for (const character of path) if (character === '/') count++
  return count
}

async function readNameMap(
  container: Input,
  path: string,
  report: (reason: string, ruleId: string) => void
): Promise<Map<string, string>> {
  const names = new Map<string, string>()
  try {
    const chunks: Uint8Array[] = []
    let total = 0
    for await (const chunk of container.openEntry!(path)) {
      total += chunk.byteLength
      if (total > nameMapBytes) throw new Error('it is over 16 MB')
      chunks.push(chunk)
    }
    const map: unknown = JSON.parse(
      Buffer.concat(chunks)
        .toString('utf8')
        .replace(/^\uFEFF/, '')
    )
    if (!isRecord(map)) throw new Error('it is not a JSON object')
    for (const [key, value] of Object.entries(map)) if (isString(value) && value.trim()) names.set(key, value.trim())
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    report(
      `The export's ${path} could not be read (${detail}): attachments keep the names messages give`,
      'unreadable-name-map'
    )
  }
  return names
}

/** Media types of the extensions an export's files have, for a file no message gives one. */
const mediaTypes: Readonly<Record<string, string>> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  pdf: 'application/pdf',
  wav: 'audio/wav',
  mp3: 'audio/mpeg',
  m4a: 'audio/mp4',
  ogg: 'audio/ogg',
  webm: 'video/webm',
  mp4: 'video/mp4',
  csv: 'text/csv',
  txt: 'text/plain',
  md: 'text/markdown',
  json: 'application/json'
}

/** The media type an extension says, if it is a known one. */
function mediaTypeOf(name: string): string | undefined {
  const dot = name.lastIndexOf('.')
  return dot === -1 ? undefined : mediaTypes[name.slice(dot + 1).toLowerCase()]
}

/**
 * Sets `entry` on each attachment whose file the export holds (and, from the
 * export, its name and media type when the message gave none). `files` is
 * listed on first need: a conversation without attachments costs nothing.
 */
export async function placeFiles(
  conversation: Conversation,
  files: () => Promise<ExportFiles | undefined>
): Promise<void> {
  let index: ExportFiles | undefined
  for (const part of attachmentsOf(conversation)) {
    const id = part.reference === undefined ? undefined : fileIdOf(part.reference)
    if (id === undefined) continue
    index ??= await files()
    if (!index) return
    const found = index.find(id)
    if (found) place(part, found)
  }
}

function place(part: AttachmentPart, found: {entry: string; name?: string}): void {
  part.entry = found.entry
  if (found.name !== undefined && part.name === undefined) part.name = found.name
  if (part.mimeType === undefined) {
    const mimeType = mediaTypeOf(part.name ?? '') ?? mediaTypeOf(found.entry)
    if (mimeType !== undefined) part.mimeType = mimeType
  }
}
