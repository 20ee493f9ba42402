import {isString, stringOf} from '@chatmark/core/model'
import type {Branch} from './branch-tree.js'
import {branchFrom} from './branch-tree.js'
import {rootParentUuid} from './export-schema.js'

/** A `chat_messages[]` element with its place in the list. */
export interface ExportMessage {
  record: Record<string, unknown>
  /** The message's uuid, or `#<position>` when it has none. */
  key: string
  /** 0-based index in `chat_messages`. */
  position: number
}

/** The messages of a conversation, arranged as the note shows them. */
export interface ExportThread {
  /** The kept branch, first message first. */
  path: ExportMessage[]
  /**
   * Abandoned branches (edits, retries), by the key of the path message they
   * fork from ({@link rootKey} for the first message); a branch follows its
   * newest leaf, and holds the branches forking off it.
   */
  forks: Map<string, Array<Branch<ExportMessage>>>
  /** Every message not on the path. */
  offPath: ExportMessage[]
  /** The path message whose parent is not in the conversation, if the walk stopped at one. */
  brokenAt?: ExportMessage
  /** Whether the walk met a message twice (a cycle of parents). */
  cycle: boolean
}

/** The key of the root sentinel in {@link ExportThread.forks}. */
export const rootKey = rootParentUuid

/**
 * Arranges a conversation's messages (`formats.md` 5.4). Without any
 * `parent_message_uuid` (the 2024 exports) the list is the conversation in
 * `created_at` order, ties in file order: those exports can list a prompt
 * before the messages that came before it. With
 * parents, the kept branch is the one ending at `current_leaf_message_uuid`
 * when a capture of the web API has it, else at the newest leaf (the leaf
 * latest in the list, then by `created_at`), walked up through
 * `parent_message_uuid` to the root sentinel. A message without a parent
 * field among messages that have one follows the message before it.
 */
export function threadExport(messages: ExportMessage[], currentLeaf?: string): ExportThread {
  if (!messages.some((message) => isString(message.record['parent_message_uuid']))) {
    return {path: byCreatedAt(messages), forks: new Map(), offPath: [], cycle: false}
  }
  const byKey = new Map<string, ExportMessage>()
  for (const message of messages) byKey.set(message.key, message)
  const parentKeys = new Map<ExportMessage, string>()
  const children = new Map<string, ExportMessage[]>()
  for (const message of messages) {
    const raw = message.record['parent_message_uuid']
    let parent: string
    if (isString(raw) && raw !== message.key) parent = raw
    else if (raw === undefined && message.position > 0) parent = messages[message.position - 1]?.key ?? rootKey
    else parent = rootKey
    parentKeys.set(message, parent)
    const list = children.get(parent) ?? []
    list.push(message)
    children.set(parent, list)
  }

  const leaf = (currentLeaf === undefined ? undefined : byKey.get(currentLeaf)) ?? newestLeaf(messages, children)
  const path: ExportMessage[] = []
  const seen = new Set<ExportMessage>()
  let brokenAt: ExportMessage | undefined
  let cycle = false
  for (let message: ExportMessage | undefined = leaf; message; ) {
    if (seen.has(message)) {
      cycle = true
      break
    }
    seen.add(message)
    path.push(message)
    const parent = parentKeys.get(message) ?? rootKey
    if (parent === rootKey) break
    const next = byKey.get(parent)
    if (!next) brokenAt = message
    message = next
  }
  path.reverse()

  const tree = {
    key: (message: ExportMessage) => message.key,
    parent: (message: ExportMessage) => byKey.get(parentKeys.get(message) ?? rootKey),
    children: (message: ExportMessage) => children.get(message.key) ?? [],
    leaf: (items: readonly ExportMessage[]) => newestLeaf(items, children),
    position: (message: ExportMessage) => message.position
  }
  const placed = new Set(seen)
  const forks = new Map<string, Array<Branch<ExportMessage>>>()
  for (const key of [rootKey, ...path.map((message) => message.key)]) {
    for (const child of children.get(key) ?? []) {
      if (placed.has(child)) continue
      const list = forks.get(key) ?? []
      list.push(branchFrom(child, tree, placed))
      forks.set(key, list)
    }
  }
  const thread: ExportThread = {path, forks, offPath: messages.filter((message) => !seen.has(message)), cycle}
  if (brokenAt) thread.brokenAt = brokenAt
  return thread
}

/** The leaf latest in the list; of leaves at the same place, the latest `created_at`. */
function newestLeaf(
  messages: readonly ExportMessage[],
  children: Map<string, ExportMessage[]>
): ExportMessage | undefined {
  let best: ExportMessage | undefined
  for (const message of messages) {
    if (children.has(message.key)) continue
    if (
      !best ||
      message.position > best.position ||
      (message.position === best.position && createdAt(message) > createdAt(best))
    )
      best = message
  }
  // Every message has a child only when parents form a cycle: start from the last one.
  return best ?? messages[messages.length - 1]
}

function createdAt(message: ExportMessage): string {
  return stringOf(message.record['created_at']) ?? ''
}

/**
 * The messages sorted by `created_at`, stably. A message without a readable
 * time keeps its place after the message before it (it takes that one's time).
 */
function byCreatedAt(messages: ExportMessage[]): ExportMessage[] {
  let previous = Number.NEGATIVE_INFINITY
  const keyed = messages.map((message, index) => {
    const time = timeValue(message.record['created_at'])
    if (time !== undefined) previous = time
    return {message, index, time: previous}
  })
  keyed.sort((a, b) => a.time - b.time || a.index - b.index)
  return keyed.map((item) => item.message)
}

/** An export time in milliseconds; a time without a zone is UTC, as `isoTime` reads it. */
function timeValue(value: unknown): number | undefined {
  const text = stringOf(value)?.trim()
  if (!text) return undefined
  const zoned = /(?:Z|[+-]\d\d:?\d\d)$/i.test(text) || !/T\d\d:\d\d/.test(text) ? text : `${text}Z`
  const time = Date.parse(zoned)
  return Number.isNaN(time) ? undefined : time
}
