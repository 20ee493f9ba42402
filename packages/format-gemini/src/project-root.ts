import {createHash} from 'node:crypto'
import {constants} from 'node:fs'
import {lstat, open} from 'node:fs/promises'
import {basename, dirname, isAbsolute, join} from 'node:path'

/** `.project_root` holds one path; a file much larger than a path is not one. */
const maxMarkerBytes = 4096

/** Why a marker that is there was not read. */
class MarkerError extends Error {}

/** The folders of a project's folder that hold the files this format reads. */
const fileFolders = new Set(['chats', 'checkpoints'])

/**
 * The project folder Gemini CLI keeps a session file in, `~/.gemini/tmp/<project>/`:
 * the folder above `chats/` (a session), `chats/<parent session>/` (a
 * subagent's session) or `checkpoints/` (a restore point), or the file's own
 * folder (a `/chat save` checkpoint, `logs.json`); `undefined` unless that
 * folder is directly in a folder named `tmp`.
 */
export function projectFolderOf(path: string): string | undefined {
  const folder = dirname(path)
  const up = dirname(folder)
  const project = fileFolders.has(basename(folder)) ? up : basename(up) === 'chats' ? dirname(up) : folder
  return basename(dirname(project)) === 'tmp' ? project : undefined
}

/**
 * The session a subagent's session file belongs to: Gemini CLI files it in
 * `chats/<parent session id>/` (`chatRecordingService.ts`, "subagents are
 * nested under the complete parent session id").
 */
export function parentSessionOf(path: string): string | undefined {
  const folder = dirname(path)
  return basename(dirname(folder)) === 'chats' ? basename(folder) : undefined
}

/**
 * The directory among `candidates` whose SHA-256 is `hash`: Gemini CLI names
 * a session's project only by `projectHash`, the hash of its directory
 * (`getProjectHash` in `utils/paths.ts`), and a directory the session itself
 * names (a subagent's `directories`, the session context's workspace
 * directories) is its project when the hashes agree.
 */
export function hashedDirectory(hash: string, candidates: Iterable<string>): string | undefined {
  for (const candidate of candidates) {
    if (isAbsolute(candidate) && createHash('sha256').update(candidate).digest('hex') === hash) return candidate
  }
  return undefined
}

/** What {@link markedProjectRoot} found: the project's path, or why a marker that is there gave none. */
export type MarkedRoot = {path: string} | {problem: string} | undefined

/**
 * The project directory Gemini CLI 0.29 and later write to
 * `~/.gemini/tmp/<project>/.project_root` to claim the project's folder
 * (`config/projectRegistry.ts`; the folder was named by the hash before):
 * read only in {@link projectFolderOf} the input, only when it is a small
 * regular file (no link), and only when it holds one absolute path.
 * `undefined` when there is no such folder or marker.
 */
export async function markedProjectRoot(inputPath: string | undefined): Promise<MarkedRoot> {
  const folder = inputPath === undefined ? undefined : projectFolderOf(inputPath)
  if (folder === undefined) return undefined
  const marker = join(folder, '.project_root')
  let text: string
  try {
    text = await readSmallFile(marker)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    const reason = error instanceof MarkerError || code === undefined ? (error as Error).message : code
    return {problem: `${marker} was not read: ${reason}`}
  }
  const path = text.trim()
  if (path === '' || /[\r\n\0]/.test(path) || !isAbsolute(path))
    return {problem: `${marker} does not hold one absolute path`}
  return {path}
}

/**
 * Absolute paths named in injected context: `I'm currently working in the
 * directory: <path>`, and the `- <path>` lines of a directory list (`I'm
 * currently working in the following directories:`, v0.29+ `Workspace
 * Directories:`), as `environmentContext.ts` and `client.ts` write them.
 */
export function contextDirectories(text: string): string[] {
  const found: string[] = []
  for (const line of text.split('\n')) {
    const match = /^\s*(?:-\s+|I'm currently working in the directory:\s*)(\S.*?)\s*$/.exec(line)
    if (match?.[1] && isAbsolute(match[1])) found.push(match[1])
  }
  return found
}

/** A regular file's text, when it is at most {@link maxMarkerBytes} long; a link is not followed. */
async function readSmallFile(path: string): Promise<string> {
  // The marker is Gemini CLI's own file: a link in its place could point out of the tool's folder.
  if ((await lstat(path)).isSymbolicLink()) throw new MarkerError('it is a symbolic link')
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new MarkerError('it is not a file')
    if (stats.size > maxMarkerBytes) throw new MarkerError(`it is over ${maxMarkerBytes} bytes`)
    const buffer = Buffer.alloc(stats.size)
    const {bytesRead} = await handle.read(buffer, 0, stats.size, 0)
    return buffer.subarray(0, bytesRead).toString('utf8')
  } finally {
    await handle.close()
  }
}
