import type {BranchPart, Turn} from '@chatmark/core/model'

/** An abandoned branch: its items from where it forks to its newest leaf, and the branches forking off it. */
export interface Branch<T> {
  path: T[]
  /** The branches that fork off an item of {@link Branch.path}, by the item's key, in file order. */
  forks: Map<string, Array<Branch<T>>>
}

/** How {@link branchFrom} walks a tree of messages or records. */
export interface BranchTree<T> {
  key(item: T): string
  parent(item: T): T | undefined
  /** The item's children that may be on a branch, in file order. */
  children(item: T): readonly T[]
  /** The leaf a branch follows among its items (in file order): the newest one. */
  leaf(items: readonly T[]): T | undefined
  position(item: T): number
}

/**
 * The branch that starts at `root`: the way from `root` down to its newest
 * leaf, and the branches forking off that way, found the same way. `placed`
 * holds the items already on the kept path or on a branch, and gains the
 * branch's own. When no way leads from the leaf up to `root` (duplicate keys),
 * the branch is its items in file order, with no branches of its own.
 */
export function branchFrom<T>(root: T, tree: BranchTree<T>, placed: Set<T>): Branch<T> {
  const items = subtree(root, tree, placed)
  const members = new Set(items)
  const path: T[] = []
  const onPath = new Set<T>()
  for (
    let item = tree.leaf(items);
    item !== undefined && members.has(item) && !onPath.has(item);
    item = item === root ? undefined : tree.parent(item)
  ) {
    onPath.add(item)
    path.push(item)
  }
  path.reverse()
  if (path[0] !== root) {
    for (const item of items) placed.add(item)
    return {path: items, forks: new Map()}
  }
  for (const item of path) placed.add(item)
  const forks = new Map<string, Array<Branch<T>>>()
  for (const item of path) {
    for (const child of tree.children(item)) {
      if (placed.has(child)) continue
      const list = forks.get(tree.key(item)) ?? []
      list.push(branchFrom(child, tree, placed))
      forks.set(tree.key(item), list)
    }
  }
  return {path, forks}
}

/** `root` and every item under it not placed yet, in file order. */
function subtree<T>(root: T, tree: BranchTree<T>, placed: ReadonlySet<T>): T[] {
  const result: T[] = []
  const stack = [root]
  const seen = new Set<T>()
  while (stack.length > 0) {
    const item = stack.pop()!
    if (seen.has(item) || placed.has(item)) continue
    seen.add(item)
    result.push(item)
    stack.push(...tree.children(item))
  }
  return result.sort((a, b) => tree.position(a) - tree.position(b))
}

/** A system turn holding a branch part (numbered later by `numberBranches`). */
export function branchTurn(turns: Turn[], origin: BranchPart['origin']): Turn {
  return {role: 'system', parts: [{type: 'branch', number: 0, ...(origin ? {origin} : {}), turns}]}
}

/** Inserts turns at indexes of `list` (each index as it was before any insert); those at one index keep their order. */
export function insertAt(list: Turn[], inserts: ReadonlyArray<{at: number; turn: Turn}>): void {
  const sorted = inserts.map((insert, order) => ({...insert, order})).sort((a, b) => b.at - a.at || b.order - a.order)
  for (const insert of sorted) list.splice(insert.at, 0, insert.turn)
}
