import type {RecordStore} from '../record-store.js'
import type {Thread} from '../thread.js'

/**
 * `custom-title` (`/rename`), else `ai-title`, else a `summary` whose leaf is in
 * the thread (or the file's last summary).
 */
export function titleOf(store: RecordStore, thread: Thread): string | undefined {
  const {custom, ai, summaries} = store.titles
  if (custom !== undefined) return custom.trim()
  if (ai !== undefined) return ai.trim()
  const uuids = new Set([...thread.path, ...thread.offPath].map((entry) => entry.uuid))
  const matching = summaries.filter((summary) => summary.leafUuid !== undefined && uuids.has(summary.leafUuid))
  const chosen = matching[matching.length - 1] ?? summaries[summaries.length - 1]
  return chosen?.summary.trim()
}
