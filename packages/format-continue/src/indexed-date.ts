import {constants} from 'node:fs'
import {lstat, open} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import {isRecord, isString, timeOf} from '@chatmark/core/model'

/** `sessions.json` holds a short entry per session; an index far larger than that is not read. */
const maxIndexBytes = 8 * 1024 * 1024

/** What {@link indexedDateCreated} found: the session's creation time, or why the index gave none. */
export type IndexedDate = {createdAt: string} | {problem: string} | undefined

/** The last index read, by its path, size and modification time: a folder's sessions share one. */
let cached: {key: string; dates: Map<string, string>} | undefined

/**
 * When a Continue session was created. The session file records no time
 * at all (`Session` in `core/index.d.ts`: no date field, its messages none
 * either); the index beside it, `sessions.json` in the same folder
 * (`~/.continue/sessions/`), records each session's `dateCreated`, epoch
 * milliseconds as a string, written once when the session is first saved
 * (`HistoryManager.save` in `core/util/history.ts`). Read only there, only a
 * regular file (no link) of at most 8 MiB; `undefined` when there is no index
 * or it does not list the session.
 */
export async function indexedDateCreated(sessionPath: string, sessionId: string): Promise<IndexedDate> {
  const path = join(dirname(sessionPath), 'sessions.json')
  if (path === sessionPath) return undefined
  let dates: Map<string, string>
  try {
    dates = await indexDates(path)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR') return undefined
    const reason = error instanceof IndexError || code === undefined ? (error as Error).message : code
    return {problem: `${path} was not read: ${reason}`}
  }
  const createdAt = dates.get(sessionId)
  return createdAt === undefined ? undefined : {createdAt}
}

/** Why an index that is there was not read. */
class IndexError extends Error {}

async function indexDates(path: string): Promise<Map<string, string>> {
  // The index is Continue's own file: a link in its place could point out of the tool's folder.
  if ((await lstat(path)).isSymbolicLink()) throw new IndexError('it is a symbolic link')
  const handle = await open(path, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0))
  try {
    const stats = await handle.stat()
    if (!stats.isFile()) throw new IndexError('it is not a file')
    if (stats.size > maxIndexBytes) throw new IndexError(`it is over ${maxIndexBytes} bytes`)
    const key = `${path}\0${stats.size}\0${stats.mtimeMs}`
    if (cached?.key === key) return cached.dates
    const buffer = Buffer.alloc(stats.size)
    const {bytesRead} = await handle.read(buffer, 0, stats.size, 0)
    let value: unknown
    try {
      value = JSON.parse(buffer.subarray(0, bytesRead).toString('utf8'))
    } catch (error) {
      throw new IndexError(`it is not JSON (${(error as Error).message})`)
    }
    if (!Array.isArray(value)) throw new IndexError('it is not a JSON array of sessions')
    const dates = new Map<string, string>()
    for (const entry of value) {
      if (!isRecord(entry) || !isString(entry['sessionId'])) continue
      const time = dateOf(entry['dateCreated'])
      if (time !== undefined) dates.set(entry['sessionId'], time)
    }
    cached = {key, dates}
    return dates
  } finally {
    await handle.close()
  }
}

/** `dateCreated` as an ISO time: epoch milliseconds (a string of digits, as Continue writes it, or a number). */
function dateOf(value: unknown): string | undefined {
  const text = typeof value === 'number' ? String(value) : value
  if (!isString(text)) return undefined
  if (/^\d{1,15}$/.test(text)) {
    const time = new Date(Number(text))
    return Number.isNaN(time.getTime()) ? undefined : time.toISOString()
  }
  return timeOf(text)
}
