import {createHash} from 'node:crypto'
import type {Dirent} from 'node:fs'
import {readdir, readFile, stat} from 'node:fs/promises'
import {join, relative, sep} from 'node:path'
import {parse} from 'yaml'

/** What a file is, for telling whether it was written: its bytes (by hash), size and time. */
export interface FileFacts {
  size: number
  mtimeMs: number
  sha256: string
}

/**
 * Every regular file under `dir`, by path relative to it (with `/`), with its facts; `leaveOut` skips paths,
 * `read` is given each file's bytes.
 */
export async function filesUnder(
  dir: string,
  leaveOut?: (path: string) => boolean,
  read?: (path: string, bytes: Buffer) => void
): Promise<Map<string, FileFacts>> {
  const files = new Map<string, FileFacts>()
  let entries: Dirent[]
  try {
    entries = await readdir(dir, {recursive: true, withFileTypes: true})
  } catch (error) {
    if ((error as {code?: unknown}).code === 'ENOENT') return files
    throw error
  }
  for (const entry of entries) {
    if (!entry.isFile()) continue
    const path = relative(dir, join(entry.parentPath, entry.name)).split(sep).join('/')
    if (leaveOut?.(path)) continue
    const location = join(dir, path)
    // A file a sync removed between the listing and here is simply not there.
    const found = await factsOf(location).catch(() => undefined)
    if (!found) continue
    files.set(path, found.facts)
    read?.(path, found.bytes)
  }
  return new Map([...files].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}

async function factsOf(path: string): Promise<{facts: FileFacts; bytes: Buffer}> {
  const [info, bytes] = await Promise.all([stat(path), readFile(path)])
  const sha256 = createHash('sha256').update(bytes).digest('hex')
  return {facts: {size: info.size, mtimeMs: info.mtimeMs, sha256}, bytes}
}

/** How two listings differ: each path added, removed, or changed (bytes, or only its time). */
export function differences(before: Map<string, FileFacts>, after: Map<string, FileFacts>): string[] {
  const found: string[] = []
  for (const [path, facts] of after) {
    const old = before.get(path)
    if (!old) found.push(`${path}: written (new)`)
    else if (old.sha256 !== facts.sha256) found.push(`${path}: rewritten with other bytes`)
    else if (old.mtimeMs !== facts.mtimeMs) found.push(`${path}: rewritten with the same bytes (its time changed)`)
  }
  for (const path of before.keys()) if (!after.has(path)) found.push(`${path}: removed`)
  return found
}

/** A Markdown file of the vault, with the conversation id its frontmatter names (if it can be read). */
export interface VaultNote {
  path: string
  text: string
  id: string | undefined
}

/** The vault's Markdown files a person sees (not in hidden folders: chatmark's own, Obsidian's). */
export async function vaultNotes(vault: string): Promise<VaultNote[]> {
  return (await readVault(vault)).notes
}

/** Every file of the vault with its facts, and its notes with their text: each file read once. */
export interface VaultListing {
  files: Map<string, FileFacts>
  notes: VaultNote[]
}

export async function readVault(vault: string): Promise<VaultListing> {
  const texts = new Map<string, string>()
  const files = await filesUnder(vault, undefined, (path, bytes) => {
    if (path.endsWith('.md') && !path.split('/').some(isHidden)) texts.set(path, bytes.toString('utf8'))
  })
  const notes = [...texts].map(([path, text]) => ({path, text, id: frontmatterId(text)}))
  return {files, notes}
}

function isHidden(segment: string): boolean {
  return segment.startsWith('.')
}

/**
 * The `id` property of a note's frontmatter (`---` first, up to the next line of `---`), read with the YAML
 * library the way a person's tools would: `undefined` when there is none or the YAML does not parse.
 */
export function frontmatterId(text: string): string | undefined {
  // Most notes are the same from one step to the next: each text is parsed once.
  if (ids.has(text)) return ids.get(text)
  if (ids.size > maxRemembered) ids.clear()
  const id = parseId(text)
  ids.set(text, id)
  return id
}

const ids = new Map<string, string | undefined>()
const maxRemembered = 10_000

function parseId(text: string): string | undefined {
  if (!text.startsWith('---\n')) return undefined
  const end = text.indexOf('\n---', 3)
  if (end === -1) return undefined
  try {
    const data: unknown = parse(text.slice(4, end))
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
    const id = (data as Record<string, unknown>)['id']
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
  } catch {
    return undefined
  }
}

/** A version of a note chatmark wrote beside one it kept because it was edited: `Note (chatmark).md`, numbered. */
export function isBesideVersion(path: string): boolean {
  return / \(chatmark\)(?: \d+)?\.md$/.test(path)
}

/** An index note chatmark keeps (per tool, per project): not a conversation's. */
export function isIndexId(id: string): boolean {
  return id.startsWith('chatmark-index:')
}

/**
 * Whether a file is a temporary file of an atomic write: chatmark's own names them `.chatmark-<hex>.tmp`
 * (packages/core/src/write/temporary-file.ts); any `*.tmp`, or a write-file-atomic style `name.<hex>` is
 * counted too, whatever the writer becomes.
 */
export function isTemporaryFile(path: string): boolean {
  const name = path.slice(path.lastIndexOf('/') + 1)
  return name.endsWith('.tmp') || /^\.chatmark-/.test(name) || /\.md\.[0-9a-f]{6,}$/.test(name)
}
