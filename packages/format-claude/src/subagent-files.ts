import type {Dirent, Stats} from 'node:fs'
import {lstatSync, readdirSync} from 'node:fs'
import {lstat, open, readdir} from 'node:fs/promises'
import {basename, dirname, join, sep} from 'node:path'

/**
 * Where Claude Code keeps a subagent's own transcript, by CLI generation:
 * - 2.1 and later: `<project>/<sessionId>/subagents/agent-<agentId>.jsonl`
 *   (agents started by workflows one folder further down), with an
 *   `agent-<agentId>.meta.json` beside it that names the tool call
 *   (`toolUseId`);
 * - 2.0: `<project>/agent-<agentId>.jsonl`, beside the sessions, linked to its
 *   session only by the `sessionId` of its records (and, from the session's
 *   side, by the `agentId` of the Task call's result);
 * - 1.0: no file of its own (sidechain lines inside the session file).
 */
export const subagentFilePattern = /^agent-(.+)\.jsonl$/

/** The folders of subagent transcripts below `subagents/` that are looked into (workflows use one level). */
const maxSubagentDepth = 3
/** The names Claude Code gives session files (`<uuid>.jsonl`). */
const sessionUuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** How much of a file's head is read to find its session id. */
const headBytes = 64 * 1024

/**
 * The subagent transcripts that belong to a Claude Code session file, sorted
 * by path: the `agent-*.jsonl` files in its `<sessionId>/subagents/` folder
 * (Claude Code 2.1 and later), and the `agent-*.jsonl` files beside it whose
 * records carry its session id (2.0). The session id is the file's name, or
 * the `sessionId` its first records carry (a session file copied under
 * another name). Nothing is read beyond the head of each file, and a folder
 * of 2.0 agent files is scanned once while it is unchanged; a session that
 * is not on disk, or has no subagents, has none.
 *
 * A subagent file that changes changes the session's note (`subagents`
 * option), so a tool that keeps notes up to date watches these files too.
 *
 * @example
 *   await subagentFiles('/home/me/.claude/projects/-repo/9f1c….jsonl')
 *   // ['/home/me/.claude/projects/-repo/9f1c…/subagents/agent-a0b6bb040a04515a6.jsonl', ...]
 */
export async function subagentFiles(sessionPath: string): Promise<string[]> {
  const folder = dirname(sessionPath)
  const listing = folderListing(folder)
  const name = basename(sessionPath)
  if (!listing?.files.has(name)) return []
  const ids = await sessionIdsOf(sessionPath)
  if (ids.length === 0) return []
  const files = new Set<string>()
  // Only a session with a folder of its own beside it can have 2.1 subagents: the others cost no call.
  for (const id of ids) {
    if (!listing.folders.has(id)) continue
    for (const file of await folderLayoutFiles(sessionPath, id)) files.add(file)
  }
  for (const file of await besideLayoutFiles(folder, listing, ids)) files.add(file)
  return [...files].sort()
}

/**
 * The subagent transcripts in the session's `<sessionId>/subagents/` folder
 * (Claude Code 2.1 and later), as Claude Code lists them: every
 * `agent-*.jsonl` file there, whatever it holds.
 */
export async function folderLayoutFiles(sessionPath: string, sessionId: string): Promise<string[]> {
  if (!isSafeName(sessionId)) return []
  const files: string[] = []
  await collectAgentFiles(join(dirname(sessionPath), sessionId, 'subagents'), 0, files)
  return files.sort()
}

/**
 * The session file a subagent transcript belongs to, when it is on disk:
 * `<project>/<sessionId>.jsonl` for `<project>/<sessionId>/subagents/…/agent-*.jsonl`,
 * and for an `agent-*.jsonl` beside the sessions (Claude Code 2.0) the
 * `<sessionId>.jsonl` beside it named by its records. Undefined for any other
 * file, and when that session file is not there.
 */
export async function subagentParent(path: string): Promise<string | undefined> {
  if (!subagentFilePattern.test(basename(path))) return undefined
  const segments = dirname(path).split(sep)
  const at = segments.lastIndexOf('subagents')
  if (at >= 2 && segments.length - at <= maxSubagentDepth) {
    const project = segments.slice(0, at - 1).join(sep)
    const session = join(project, `${segments[at - 1]}.jsonl`)
    return (await isFile(session)) ? session : undefined
  }
  const sessionId = await sessionIdInHead(path)
  if (sessionId === undefined || !isSafeName(sessionId)) return undefined
  const session = join(dirname(path), `${sessionId}.jsonl`)
  return session !== path && (await isFile(session)) ? session : undefined
}

/** The ids a session's subagents may be filed under: its file name, and the session id of its first records. */
async function sessionIdsOf(sessionPath: string): Promise<string[]> {
  const name = basename(sessionPath)
  if (!name.endsWith('.jsonl') || subagentFilePattern.test(name)) return []
  const ids = [name.slice(0, -'.jsonl'.length)]
  // Named by a session id (a UUID), as Claude Code names them: the head need not be read (a sync asks this of
  // every session it knows, changed or not).
  if (sessionUuid.test(ids[0] ?? '')) return ids
  const recorded = await sessionIdInHead(sessionPath)
  if (recorded !== undefined && isSafeName(recorded) && !ids.includes(recorded)) ids.push(recorded)
  return ids
}

async function collectAgentFiles(folder: string, depth: number, files: string[]): Promise<void> {
  let entries: Dirent[]
  try {
    entries = await readdir(folder, {withFileTypes: true})
  } catch {
    return
  }
  for (const entry of entries) {
    if (entry.name.startsWith('.')) continue
    const path = join(folder, entry.name)
    // Symbolic links are not followed: a synced folder must not lead the reader elsewhere.
    if (entry.isFile() && subagentFilePattern.test(entry.name)) files.push(path)
    else if (entry.isDirectory() && depth + 1 < maxSubagentDepth) await collectAgentFiles(path, depth + 1, files)
  }
}

/**
 * A project folder's entries as listed: its files and folders by name, the
 * 2.0 agent files among them by the session id of their records (read when
 * first asked), and the folder's mtime when it was listed.
 */
interface FolderListing {
  mtimeMs: number
  files: ReadonlySet<string>
  folders: ReadonlySet<string>
  bySession?: Map<string, string[]>
}

/**
 * Listings of project folders, by folder: a sync asks for the subagents of
 * every session it knows, changed or not (thousands), and each would
 * otherwise list its own folder and read the head of every agent file. A
 * listing is used again while the folder's mtime is unchanged (adding,
 * removing or renaming an entry changes it; appending to a file does not, and
 * the session id of a file never changes). Looked up with blocking calls: a
 * `lstat` costs less than its trip through libuv's thread pool.
 */
const listings = new Map<string, FolderListing>()
const maxListings = 64

function folderListing(folder: string): FolderListing | undefined {
  let info: Stats | undefined
  try {
    info = lstatSync(folder, {throwIfNoEntry: false})
  } catch {
    return undefined
  }
  if (!info?.isDirectory()) return undefined
  let listing = listings.get(folder)
  if (listing && listing.mtimeMs === info.mtimeMs) return listing
  let entries: Dirent[]
  try {
    entries = readdirSync(folder, {withFileTypes: true})
  } catch {
    return undefined
  }
  listing = {
    mtimeMs: info.mtimeMs,
    files: new Set(entries.filter((entry) => entry.isFile()).map((entry) => entry.name)),
    folders: new Set(entries.filter((entry) => entry.isDirectory()).map((entry) => entry.name))
  }
  listings.delete(folder)
  if (listings.size >= maxListings) listings.delete(listings.keys().next().value!)
  listings.set(folder, listing)
  return listing
}

/** The 2.0 agent files in `folder` whose records carry one of `sessionIds`. */
async function besideLayoutFiles(
  folder: string,
  listing: FolderListing,
  sessionIds: readonly string[]
): Promise<string[]> {
  listing.bySession ??= await scanBeside(folder, listing)
  const {bySession} = listing
  return sessionIds.flatMap((id) => bySession.get(id) ?? [])
}

async function scanBeside(folder: string, listing: FolderListing): Promise<Map<string, string[]>> {
  const bySession = new Map<string, string[]>()
  for (const name of [...listing.files].sort()) {
    if (!subagentFilePattern.test(name)) continue
    const path = join(folder, name)
    const sessionId = await sessionIdInHead(path)
    if (sessionId === undefined) continue
    const list = bySession.get(sessionId) ?? []
    list.push(path)
    bySession.set(sessionId, list)
  }
  return bySession
}

/**
 * The first `sessionId` in a file's head. Claude Code writes it before the
 * message on every chain line, so the head finds it even when the first
 * prompt is long.
 */
export async function sessionIdInHead(path: string): Promise<string | undefined> {
  let head: Buffer
  try {
    const handle = await open(path, 'r')
    try {
      const buffer = Buffer.allocUnsafe(headBytes)
      const {bytesRead} = await handle.read(buffer, 0, headBytes, 0)
      head = buffer.subarray(0, bytesRead)
    } finally {
      await handle.close()
    }
  } catch {
    return undefined
  }
  // Found in the bytes, and only the few around it decoded: a sync of many sessions asks this of every one.
  const at = head.indexOf('"sessionId"')
  if (at === -1) return undefined
  return /^"sessionId"\s*:\s*"([^"\\]+)"/.exec(head.subarray(at, at + 256).toString('utf8'))?.[1]
}

/** A session or agent id that is safe as one path segment (Claude Code's are UUIDs and hex). */
function isSafeName(name: string): boolean {
  return /^[\w.-]+$/.test(name) && name !== '.' && name !== '..'
}

async function isFile(path: string): Promise<boolean> {
  try {
    return (await lstat(path)).isFile()
  } catch {
    return false
  }
}
