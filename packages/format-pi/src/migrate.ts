import type {PiEntry} from './types.js'

/**
 * Brings the entries of a version 1 or 2 session to version 3 in place, as Pi
 * does when it loads one (`migrateToCurrentVersion`, badlogic/pi-mono
 * `packages/coding-agent/src/core/session-manager.ts`): version 1 had no
 * `id`/`parentId` (each entry follows the one before it) and its compaction
 * named the first kept entry by index (`firstKeptEntryIndex`, counted over
 * the file's lines, header included); version 2 called an extension's message
 * role `hookMessage` (version 3: `custom`).
 */
export function migrate(version: number, entries: PiEntry[], header: boolean): void {
  if (version < 2) {
    let previous: string | undefined
    for (const [index, entry] of entries.entries()) {
      entry.id = `v1-${index + 1}`
      if (previous === undefined) delete entry.parentId
      else entry.parentId = previous
      previous = entry.id
    }
    for (const entry of entries) {
      const kept = entry.record['firstKeptEntryIndex']
      if (entry.type !== 'compaction' || typeof kept !== 'number') continue
      const target = entries[kept - (header ? 1 : 0)]
      if (target) entry.record['firstKeptEntryId'] = target.id
    }
  }
  if (version < 3) {
    for (const entry of entries) {
      const message = entry.record['message']
      if (entry.type === 'message' && message && typeof message === 'object' && 'role' in message) {
        const record = message as Record<string, unknown>
        if (record['role'] === 'hookMessage') record['role'] = 'custom'
      }
    }
  }
}
