import {protoFields} from './protobuf.js'

/** A message blob of the tree, in conversation order, or the id of one the store does not have. */
export type Leaf = {id: string; bytes: Uint8Array} | {id: string; missing: true}

/** What {@link walkTree} found besides the leaves. */
export interface TreeProblems {
  /** Sub-tree blobs the store does not have, or that are no protobuf. */
  brokenTrees: number
}

/** A tree deeper than this is a loop or damage: its deeper sub-trees are not read. */
const maxDepth = 64

/**
 * The message blobs of a Cursor CLI store in conversation order, from its
 * root blob (`meta.latestRootBlobId`): a protobuf message whose field 1
 * repeats a message blob's id (32 bytes: the SHA-256 of its data) and field
 * 2 a sub-tree's, read in order (layout measured on real stores:
 * S2thend/cursor-history specs/015-cursor-store-stack/research.md).
 */
export function walkTree(root: string, read: (id: string) => Uint8Array | undefined, problems: TreeProblems): Leaf[] {
  const leaves: Leaf[] = []
  const seen = new Set<string>()
  const walk = (id: string, depth: number): void => {
    if (seen.has(id) || depth > maxDepth) return
    seen.add(id)
    const bytes = read(id)
    if (!bytes) {
      problems.brokenTrees++
      return
    }
    const {fields, complete} = protoFields(bytes)
    if (!complete) problems.brokenTrees++
    for (const {field, bytes: value} of fields) {
      if (value.length !== 32 || (field !== 1 && field !== 2)) continue
      const child = Buffer.from(value).toString('hex')
      if (field === 2) {
        walk(child, depth + 1)
        continue
      }
      const data = read(child)
      leaves.push(data ? {id: child, bytes: data} : {id: child, missing: true})
    }
  }
  walk(root, 0)
  return leaves
}

/**
 * A message blob's JSON: the blob itself, or (some assistant messages) the
 * JSON in its protobuf field 4. `undefined` when neither parses.
 */
export function leafJson(bytes: Uint8Array): unknown {
  const direct = parseJson(bytes)
  if (direct !== undefined) return direct
  for (const {field, bytes: value} of protoFields(bytes).fields) {
    if (field !== 4) continue
    const nested = parseJson(value)
    if (nested !== undefined) return nested
  }
  return undefined
}

function parseJson(bytes: Uint8Array): unknown {
  const first = bytes[0]
  if (first !== 0x7b && first !== 0x5b) return undefined
  try {
    return JSON.parse(new TextDecoder('utf-8', {fatal: true}).decode(bytes)) as unknown
  } catch {
    return undefined
  }
}
