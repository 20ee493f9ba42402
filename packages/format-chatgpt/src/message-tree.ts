import {isRecord, numberOf, stringOf} from '@chatmark/core/model'

/** A node of the `mapping` tree, keyed by its mapping key. */
export interface TreeNode {
  id: string
  /** The raw message (untrusted), or `undefined` for the structural root. */
  message: Record<string, unknown> | undefined
  parent: string | undefined
  /** Position in the mapping, for ties. */
  position: number
  /** `message.create_time`, for choosing the newest leaf. */
  time: number | undefined
}

/** The mapping as maps, children derived from the `parent` links (one parent per node, so no node is reached twice). */
export interface MessageTree {
  nodes: ReadonlyMap<string, TreeNode>
  children: ReadonlyMap<string, readonly TreeNode[]>
  /** Problems found (dangling parents). */
  problems: Problem[]
}

/** A problem with the tree: a sentence (to follow the conversation's name) and a rule id. */
export interface Problem {
  reason: string
  ruleId: string
}

/** Indexes a raw `mapping` in one pass. */
export function messageTree(mapping: Record<string, unknown>): MessageTree {
  const nodes = new Map<string, TreeNode>()
  let position = 0
  for (const [id, raw] of Object.entries(mapping)) {
    if (!isRecord(raw)) continue
    const message = isRecord(raw['message']) ? raw['message'] : undefined
    nodes.set(id, {
      id,
      message,
      parent: stringOf(raw['parent']),
      position: position++,
      time: message ? numberOf(message['create_time']) : undefined
    })
  }
  const children = new Map<string, TreeNode[]>()
  const dangling: string[] = []
  for (const node of nodes.values()) {
    if (node.parent === undefined) continue
    if (!nodes.has(node.parent)) {
      dangling.push(`node ${node.id} names parent ${node.parent}, which is not in mapping`)
      continue
    }
    const list = children.get(node.parent)
    if (list) list.push(node)
    else children.set(node.parent, [node])
  }
  const problems = (
    dangling.length > 3
      ? [...dangling.slice(0, 3), `${dangling.length - 3} more nodes name parents that are not in mapping`]
      : dangling
  ).map((reason) => ({reason: `${reason}; it is read as the start of a branch`, ruleId: 'dangling-parent'}))
  return {nodes, children, problems}
}

/** The branch to show: root first. */
export interface ActivePath {
  path: TreeNode[]
  /** How the leaf was chosen: `only-leaf` when there is no current_node but only one branch to choose. */
  leaf: 'current-node' | 'only-leaf' | 'newest-leaf'
  /** Problems found on the way (a cycle, a missing current_node). */
  problems: Problem[]
}

/**
 * The active branch: from `current_node` up through `parent` to the root,
 * reversed. Without a usable `current_node`, from the newest leaf (by
 * `create_time`, then mapping position); that is a guess worth a warning only
 * when there are several leaves (or a current_node the mapping lacks). A
 * cycle or a missing parent stops the walk; what was reached is kept.
 */
export function activePath(tree: MessageTree, currentNode: string | undefined): ActivePath {
  const problems: Problem[] = []
  let leaf: ActivePath['leaf'] = 'current-node'
  let start = currentNode === undefined ? undefined : tree.nodes.get(currentNode)
  if (!start && currentNode === undefined && leafCount(tree) === 1) {
    leaf = 'only-leaf'
    start = newestLeaf(tree)
  } else if (!start) {
    leaf = 'newest-leaf'
    problems.push({
      reason:
        currentNode === undefined
          ? 'it has no current_node, so the branch of its newest message is shown'
          : `its current_node ${currentNode} is not in mapping, so the branch of its newest message is shown`,
      ruleId: 'no-current-node'
    })
    start = newestLeaf(tree)
  }
  const path: TreeNode[] = []
  const seen = new Set<string>()
  for (let node = start; node; node = node.parent === undefined ? undefined : tree.nodes.get(node.parent)) {
    if (seen.has(node.id)) {
      problems.push({
        reason: `its mapping has a cycle through node ${node.id}; the branch is shown from the node after it`,
        ruleId: 'mapping-cycle'
      })
      break
    }
    seen.add(node.id)
    path.push(node)
  }
  return {path: path.reverse(), leaf, problems}
}

/** The newer of two nodes: later `create_time`, then later in the mapping. */
export function newer(a: TreeNode, b: TreeNode): TreeNode {
  const at = a.time ?? Number.NEGATIVE_INFINITY
  const bt = b.time ?? Number.NEGATIVE_INFINITY
  if (at !== bt) return at > bt ? a : b
  return a.position > b.position ? a : b
}

function leafCount(tree: MessageTree): number {
  let leaves = 0
  for (const node of tree.nodes.values()) if (!tree.children.has(node.id)) leaves++
  return leaves
}

function newestLeaf(tree: MessageTree): TreeNode | undefined {
  let best: TreeNode | undefined
  for (const node of tree.nodes.values()) {
    if (tree.children.has(node.id)) continue
    best = best ? newer(best, node) : node
  }
  // Every node in a cycle has a child: take the newest node then.
  if (!best) for (const node of tree.nodes.values()) best = best ? newer(best, node) : node
  return best
}

/**
 * The newest leaf under every node, computed once bottom-up (iteratively, so
 * deep trees do not overflow the stack), for following alternate branches.
 */
export function newestLeaves(tree: MessageTree): Map<string, TreeNode> {
  const best = new Map<string, TreeNode>()
  const done = new Set<string>()
  for (const root of tree.nodes.values()) {
    if (done.has(root.id)) continue
    const stack: Array<{node: TreeNode; expanded: boolean}> = [{node: root, expanded: false}]
    while (stack.length > 0) {
      const entry = stack[stack.length - 1]!
      if (!entry.expanded) {
        entry.expanded = true
        done.add(entry.node.id)
        for (const child of tree.children.get(entry.node.id) ?? [])
          if (!done.has(child.id)) stack.push({node: child, expanded: false})
        continue
      }
      stack.pop()
      let leaf: TreeNode | undefined
      for (const child of tree.children.get(entry.node.id) ?? []) {
        const candidate = best.get(child.id)
        if (candidate) leaf = leaf ? newer(leaf, candidate) : candidate
      }
      best.set(entry.node.id, leaf ?? entry.node)
    }
  }
  return best
}

/** The branch from `start` down to the newest leaf under it. */
export function branchFrom(tree: MessageTree, start: TreeNode, leaves: ReadonlyMap<string, TreeNode>): TreeNode[] {
  const path: TreeNode[] = []
  const seen = new Set<string>()
  let node: TreeNode | undefined = leaves.get(start.id) ?? start
  for (; node && !seen.has(node.id); node = node.parent === undefined ? undefined : tree.nodes.get(node.parent)) {
    seen.add(node.id)
    path.push(node)
    if (node.id === start.id) break
  }
  return path.reverse()
}
