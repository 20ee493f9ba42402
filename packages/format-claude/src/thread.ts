import type {Branch} from './branch-tree.js'
import {branchFrom} from './branch-tree.js'
import type {Entry, RecordStore} from './record-store.js'

/** One conversation found in a session file: the branch to show and what hangs off it. */
export interface Thread {
  /** The current branch, root first. */
  path: Entry[]
  /**
   * Abandoned branches (rewinds, edits, retries), by the uuid of the path entry
   * they fork from; a branch follows its newest leaf, and holds the branches forking off it.
   */
  forks: Map<string, Array<Branch<Entry>>>
  /** Every entry of the thread's group that is not on the path. */
  offPath: Entry[]
  /** Whether the chain broke at a parent that is not in the file. */
  brokenAt?: Entry
  /** The entry whose parent was already on the path: the parents form a cycle, and the walk stopped there. */
  cycleAt?: Entry
}

/**
 * Threads a session as the official reader does (`formats.md` 2.5): the
 * newest leaf that is not a sidechain, walked up `parentUuid` to the root.
 * The walk goes on through a compact boundary to its `logicalParentUuid`, so
 * turns before a compaction stay on the thread. Independent chains of
 * different sessions interleaved in one file become separate threads.
 *
 * A file whose records carry uuids but no links at all (every `parentUuid`
 * null or absent) is read in file order as one thread.
 */
export function threadSession(store: RecordStore): Thread[] {
  const {entries} = store
  const parentOf = parentFunction(store)
  for (const entry of entries.values()) entry.child = undefined
  const children: Children = {more: new Map()}
  let links = 0
  for (const entry of entries.values()) {
    const parent = parentOf(entry)
    if (parent === undefined) continue
    links++
    if (parent.child === undefined) {
      parent.child = entry
      continue
    }
    const more = children.more.get(parent)
    if (more) more.push(entry)
    else children.more.set(parent, [parent.child, entry])
  }
  if (links === 0) {
    const path = [...entries.values()].filter((entry) => !entry.sidechain).sort(byPosition)
    const loose = [...store.loose.values()].some((list) => list.some((item) => !item.sidechain))
    return path.length > 0 || loose ? [{path, forks: new Map(), offPath: []}] : []
  }

  const groups = groupEntries(store, parentOf)
  const threads: Thread[] = []
  for (const group of groups) {
    const thread = threadGroup(group, groups.length === 1, parentOf, children)
    if (thread) threads.push(thread)
  }
  return threads
}

type ParentOf = (entry: Entry) => Entry | undefined

/**
 * The entries whose parent each entry is, in file order: the first is the entry's own `child`, the others (a
 * rewind, an edit: rare) are listed here. A map of every entry's children was a fifth of what threading a long
 * session took.
 */
interface Children {
  /** Every child of an entry that has more than one. */
  more: Map<Entry, Entry[]>
}

const noChildren: readonly Entry[] = []

function childrenOf(entry: Entry, children: Children): readonly Entry[] {
  if (entry.child === undefined) return noChildren
  return children.more.get(entry) ?? [entry.child]
}

/**
 * The effective parent: `parentUuid`, or on a compact boundary its
 * `logicalParentUuid`, when that entry is in the file. The boundary's
 * `preservedSegment` / `preservedMessages` relinking is not applied: it moves
 * the preserved messages after the summary, which is the model's view on
 * resume, while a note keeps every turn where it happened.
 */
function parentFunction(store: RecordStore): ParentOf {
  const {entries} = store
  // Resolved once and kept on the entry: threading asks for an entry's parent many times over (links, groups, the
  // path, leaves, branches), and each answer was a lookup in a map of every uuid of the session.
  return (entry) => {
    if (entry.resolvedParent === undefined) {
      const id = entry.parent ?? entry.logicalParent
      entry.resolvedParent = (id === undefined || id === entry.uuid ? undefined : entries.get(id)) ?? null
    }
    return entry.resolvedParent ?? undefined
  }
}

/**
 * Groups entries into independent conversations: entries linked by parents
 * are one group, and groups that share a session id are one group.
 */
function groupEntries(store: RecordStore, parentOf: ParentOf): Entry[][] {
  // Union-find over numbers (an entry's position, then one per session id): keys built as strings cost a
  // concatenation and a hash at every step, which on a long session cost more than the rest of the threading.
  const entries = [...store.entries.values()]
  const sessions = new Map<string, number>()
  let positions = 0
  for (const entry of entries) positions = Math.max(positions, entry.position + 1)
  const union: number[] = Array.from({length: positions}, (_, index) => index)
  const find = (key: number): number => {
    let root = key
    while (union[root] !== root) root = union[root]!
    for (let node = key; union[node] !== root; ) {
      const next = union[node]!
      union[node] = root
      node = next
    }
    return root
  }
  const join = (a: number, b: number): void => {
    const ra = find(a)
    const rb = find(b)
    if (ra !== rb) union[ra] = rb
  }
  for (const entry of entries) {
    const parent = parentOf(entry)
    if (parent) join(entry.position, parent.position)
    if (entry.sessionId !== undefined && !entry.sidechain) {
      let session = sessions.get(entry.sessionId)
      if (session === undefined) {
        session = union.length
        union.push(session)
        sessions.set(entry.sessionId, session)
      }
      join(entry.position, session)
    }
  }
  const groups = new Map<number, Entry[]>()
  for (const entry of entries) {
    const key = find(entry.position)
    const list = groups.get(key)
    if (list) list.push(entry)
    else groups.set(key, [entry])
  }
  return [...groups.values()].map((group) => group.sort(byPosition)).sort((a, b) => a[0]!.position - b[0]!.position)
}

/** The thread of a group of entries; `whole`: the group is every entry of the store (one conversation). */
function threadGroup(group: Entry[], whole: boolean, parentOf: ParentOf, children: Children): Thread | undefined {
  // Every message has a child only when the parents form a cycle: then the walk starts from the newest message.
  const chosen = chooseLeaf(group, parentOf, whole ? undefined : new Set(group))
  const leaf = chosen ?? group.findLast(isConversational)
  if (!leaf) return undefined
  const path: Entry[] = []
  // The entries on the path, then also those placed on its branches. An entry is its uuid's (the store keeps one
  // entry per uuid), so entries are told apart as uuids are.
  const placed = new Set<Entry>()
  let brokenAt: Entry | undefined
  let cycleAt: Entry | undefined
  for (let entry: Entry | undefined = leaf; entry; entry = parentOf(entry)) {
    if (placed.has(entry)) {
      cycleAt = path.at(-1)
      break
    }
    placed.add(entry)
    path.push(entry)
    const link = entry.parent ?? entry.logicalParent
    if (link !== undefined && parentOf(entry) === undefined) brokenAt = entry
  }
  // A leaf found only by falling back, whose walk meets no cycle, is what chooseLeaf refused: nothing to show.
  if (!cycleAt && !chosen) return undefined
  path.reverse()
  const offPath = group.filter((entry) => !placed.has(entry))
  const tree = {
    key: (entry: Entry) => entry.uuid,
    parent: parentOf,
    children: (entry: Entry) => childrenOf(entry, children).filter((child) => !child.sidechain),
    leaf: (entries: readonly Entry[]) => chooseLeaf(entries, parentOf, new Set(entries)),
    position: (entry: Entry) => entry.position
  }
  const forks = new Map<string, Array<Branch<Entry>>>()
  for (const entry of path) {
    // The children as `tree.children` gives them, without a filtered copy for every entry of a long path.
    if (entry.child === undefined) continue
    for (const child of childrenOf(entry, children)) {
      if (child.sidechain || placed.has(child)) continue
      const list = forks.get(entry.uuid) ?? []
      list.push(branchFrom(child, tree, placed))
      forks.set(entry.uuid, list)
    }
  }
  const thread: Thread = {path, forks, offPath}
  if (brokenAt) thread.brokenAt = brokenAt
  if (cycleAt) thread.cycleAt = cycleAt
  return thread
}

function isConversational(entry: Entry): boolean {
  return !entry.sidechain && (entry.kind === 'user' || entry.kind === 'assistant')
}

/**
 * The newest non-sidechain leaf of `entries` (in file order), walked up, among
 * `members` (`undefined`: every entry is one), to its nearest user/assistant entry.
 */
function chooseLeaf(
  entries: readonly Entry[],
  parentOf: ParentOf,
  members: ReadonlySet<Entry> | undefined
): Entry | undefined {
  for (let index = entries.length - 1; index >= 0; index--) {
    const candidate = entries[index]!
    if (candidate.sidechain || candidate.kind === 'progress' || candidate.child !== undefined) continue
    const seen = new Set<string>()
    for (
      let entry: Entry | undefined = candidate;
      entry && (members === undefined || members.has(entry)) && !seen.has(entry.uuid);
      entry = parentOf(entry)
    ) {
      seen.add(entry.uuid)
      if (entry.kind === 'user' || entry.kind === 'assistant') return entry
    }
  }
  return undefined
}

function byPosition(a: Entry, b: Entry): number {
  return a.position - b.position
}
