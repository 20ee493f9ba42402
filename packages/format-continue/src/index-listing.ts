import type {Conversation, Part} from '@chatmark/core/model'
import {isString, numberOf} from '@chatmark/core/model'
import {isIndexEntry} from './types.js'

/**
 * The `sessions.json` index as what it is: a listing of sessions, each kept in
 * its own `<sessionId>.json` beside the index. One notice per session, with its
 * title, creation time and file name.
 */
export function indexListing(entries: readonly unknown[], id: string): Conversation {
  const parts: Part[] = []
  let skipped = 0
  let first: string | undefined
  for (const entry of entries) {
    if (!isIndexEntry(entry)) {
      skipped++
      continue
    }
    const sessionId = String(entry['sessionId'])
    const created = createdAt(entry['dateCreated'])
    if (created && (!first || created < first)) first = created
    const title = isString(entry['title']) ? entry['title'] : 'Untitled Session'
    const count = numberOf(entry['messageCount'])
    const facts = [created, count === undefined ? undefined : `${count} messages`].filter(Boolean).join(', ')
    parts.push({
      type: 'notice',
      level: 'info',
      kind: 'system',
      text: `${title}: ${sessionId}.json${facts ? ` (${facts})` : ''}`
    })
  }
  return {
    id,
    title: 'Continue sessions index',
    source: {format: 'continue', variant: 'index'},
    ...(first ? {createdAt: first} : {}),
    participants: [],
    metadata: {extra: {sessions: parts.length}},
    turns: parts.length > 0 ? [{role: 'system', parts}] : [],
    fidelity: skipped > 0 ? {'unknown-record': skipped} : {}
  }
}

// Continue writes `dateCreated` as epoch milliseconds in a string (`String(Date.now())`).
function createdAt(value: unknown): string | undefined {
  const millis = isString(value) && /^\d{1,15}$/.test(value) ? Number(value) : numberOf(value)
  if (millis === undefined) return undefined
  const time = new Date(millis)
  return Number.isNaN(time.getTime()) ? undefined : time.toISOString()
}
