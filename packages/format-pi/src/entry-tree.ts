import type {PiEntry} from './types.js'

/** A branch off the current one: its entries from where it forks to its newest leaf, and the branches off it. */
export interface Branch {
  path: PiEntry[]
  /** The branches forking off an entry of {@link Branch.path}, by the entry's id, in file order. */
  forks: Map<string, Branch[]>
}

/** A session's entries as Pi threads them: the current branch and the branches left by `/tree`. */
export interface EntryTree {
  /** The current branch, root first: from the last entry (Pi's leaf on load) up through `parentId`. */
  current: Branch
  /** The entry whose `parentId` names no entry (a cut or damaged file), where the current branch starts. */
  brokenAt?: PiEntry
}

/**
 * Threads the entries as Pi does on load (`SessionManager` sets the leaf to
 * the last entry; `buildSessionContext` walks from it to the root), and keeps
 * every other branch, each followed to its newest leaf. Walks are iterative,
 * so a long session does not overflow the stack; a `parentId` cycle ends the walk.
 */
export function threadEntries(entries: readonly PiEntry[]): EntryTree {
  const byId = new Map<string, PiEntry>()
  for (const entry of entries) byId.set(entry.id, entry)
  const children = new Map<string, PiEntry[]>()
  for (const entry of entries) {
    if (entry.parentId === undefined || !byId.has(entry.parentId) || byId.get(entry.id) !== entry) continue
    const list = children.get(entry.parentId) ?? []
    list.push(entry)
    children.set(entry.parentId, list)
  }
  const newest = newestUnder(entries, byId)
  const placed = new Set<PiEntry>()
  const path: PiEntry[] = []
  for (let entry = entries.at(-1); entry !== undefined && !placed.has(entry); ) {
    placed.add(entry)
    path.push(entry)
    entry = entry.parentId === undefined ? undefined : byId.get(entry.parentId)
  }
  path.reverse()
  const tree: EntryTree = {current: {path, forks: new Map()}}
  const first = path[0]
  if (first?.parentId !== undefined && !byId.has(first.parentId)) tree.brokenAt = first
  // Entries on no way down from the root of the current branch (another root: a damaged file) stay in file
  // order as branches of the first entry, so nothing is dropped.
  const pending: Branch[] = [tree.current]
  const forkOff = (branch: Branch, at: string, start: PiEntry): void => {
    const fork = followNewest(start, children, newest, placed)
    const list = branch.forks.get(at) ?? []
    list.push(fork)
    branch.forks.set(at, list)
    pending.push(fork)
  }
  const expand = (): void => {
    for (let branch = pending.pop(); branch !== undefined; branch = pending.pop()) {
      for (const entry of branch.path) {
        for (const child of children.get(entry.id) ?? []) if (!placed.has(child)) forkOff(branch, entry.id, child)
      }
    }
  }
  expand()
  for (const root of entries) {
    if (placed.has(root) || byId.get(root.id) !== root || !first) continue
    forkOff(tree.current, first.id, root)
    expand()
  }
  return tree
}

/** From `start` down to the newest leaf under it, through the child whose subtree holds the newest entry. */
function followNewest(
  start: PiEntry,
  children: ReadonlyMap<string, PiEntry[]>,
  newest: ReadonlyMap<PiEntry, number>,
  placed: Set<PiEntry>
): Branch {
  const path: PiEntry[] = []
  for (let entry: PiEntry | undefined = start; entry !== undefined && !placed.has(entry); ) {
    placed.add(entry)
    path.push(entry)
    let next: PiEntry | undefined
    for (const child of children.get(entry.id) ?? []) {
      if (placed.has(child)) continue
      if (next === undefined || (newest.get(child) ?? 0) > (newest.get(next) ?? 0)) next = child
    }
    entry = next
  }
  return {path, forks: new Map()}
}

/** The position of the newest entry in each entry's subtree (an entry's parent comes before it in the file). */
function newestUnder(entries: readonly PiEntry[], byId: ReadonlyMap<string, PiEntry>): Map<PiEntry, number> {
  const newest = new Map<PiEntry, number>()
  for (let index = entries.length - 1; index >= 0; index--) {
    const entry = entries[index]!
    const own = Math.max(newest.get(entry) ?? 0, entry.position)
    newest.set(entry, own)
    const parent = entry.parentId === undefined ? undefined : byId.get(entry.parentId)
    if (parent && parent.position < entry.position) newest.set(parent, Math.max(newest.get(parent) ?? 0, own))
  }
  return newest
}
