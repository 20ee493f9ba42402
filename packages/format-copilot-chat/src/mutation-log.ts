import {isNumber, isRecord} from '@chatmark/core/model'

/**
 * The state of a replayed `chatSessions/<id>.jsonl` mutation log, and what the
 * replay could not apply. VS Code ≥ 1.109 appends one entry a line
 * (microsoft/vscode `src/vs/workbench/contrib/chat/common/model/objectMutationLog.ts`,
 * `ObjectMutationLog.read`): `{kind: 0, v}` the whole object, `{kind: 1, k, v}`
 * a value set at the path `k`, `{kind: 2, k, v?, i?}` items pushed onto the
 * array at `k` after cutting it to length `i`, `{kind: 3, k}` a value deleted.
 */
export interface MutationLog {
  /** The object as VS Code would load it; `undefined` until an initial entry is read. */
  state: unknown
  /** Entries applied. */
  applied: number
  /** Lines whose entry could not be applied, with why: an entry before the initial one, a path that leads nowhere. */
  rejected: Array<{line: number; reason: string}>
  /** How many `kind: 0` entries replaced the state (more than one: the log was compacted while it was appended). */
  initials: number
}

/** A new, empty replay. */
export function createMutationLog(): MutationLog {
  return {state: undefined, applied: 0, rejected: [], initials: 0}
}

/** Applies one entry of the log, read from `line`; an entry that cannot be applied is recorded and left out. */
export function applyEntry(log: MutationLog, entry: unknown, line: number): void {
  const reason = apply(log, entry)
  if (reason) log.rejected.push({line, reason})
  else log.applied++
}

function apply(log: MutationLog, entry: unknown): string | undefined {
  if (!isRecord(entry)) return 'not an object'
  const kind = entry['kind']
  if (kind === 0) {
    log.state = entry['v']
    log.initials++
    return undefined
  }
  if (kind !== 1 && kind !== 2 && kind !== 3) return `unknown entry kind ${JSON.stringify(kind) ?? 'undefined'}`
  // VS Code throws 'Log file is missing an initial entry' and loses the whole session; the entry is skipped here.
  if (log.state === undefined) return 'an entry before the initial {kind: 0} one'
  const path = entry['k']
  if (!isPath(path)) return 'its path `k` is not a list of keys and indexes'
  if (kind === 2) return push(log.state, path, entry['v'], entry['i'])
  // A set or delete at the empty path does nothing in VS Code (`_applySet`: "Root replacement handled by caller").
  if (path.length === 0) return undefined
  return set(log.state, path, kind === 3 ? undefined : entry['v'], kind === 3)
}

// A hostile log could name a prototype's key and reach into every object of the process: such a path is refused.
const unsafeKeys = new Set(['__proto__', 'constructor', 'prototype'])

function isPath(value: unknown): value is Array<string | number> {
  return (
    Array.isArray(value) &&
    value.every((key) => (typeof key === 'string' && !unsafeKeys.has(key)) || (isNumber(key) && key >= 0))
  )
}

/** The container at `path` minus its last key, walked as VS Code walks it (no container is created on the way). */
function parentOf(state: unknown, path: ReadonlyArray<string | number>): Record<string | number, unknown> | undefined {
  let current = state
  for (const key of path.slice(0, -1)) {
    if (!isContainer(current)) return undefined
    current = (current as Record<string | number, unknown>)[key]
  }
  return isContainer(current) ? (current as Record<string | number, unknown>) : undefined
}

function isContainer(value: unknown): value is object {
  return typeof value === 'object' && value !== null
}

function set(
  state: unknown,
  path: ReadonlyArray<string | number>,
  value: unknown,
  remove: boolean
): string | undefined {
  const parent = parentOf(state, path)
  if (!parent) return `its path ${pathText(path)} leads nowhere in the session`
  const key = path.at(-1)!
  // VS Code assigns `undefined`, which JSON then leaves out: the same as taking the key away.
  if (remove && !Array.isArray(parent)) delete parent[key]
  else parent[key] = value
  return undefined
}

function push(state: unknown, path: ReadonlyArray<string | number>, values: unknown, cut: unknown): string | undefined {
  const key = path.at(-1)
  const parent = path.length === 0 ? undefined : parentOf(state, path)
  if (key === undefined || !parent) return `its path ${pathText(path)} leads nowhere in the session`
  const existing = parent[key]
  // `current[arrayKey] as unknown[] || []`: a missing array starts empty.
  const array: unknown[] = Array.isArray(existing) ? existing : []
  if (existing !== undefined && existing !== null && !Array.isArray(existing)) {
    return `its path ${pathText(path)} holds no array to push onto`
  }
  if (isNumber(cut) && cut >= 0 && cut <= array.length) array.length = Math.floor(cut)
  if (Array.isArray(values)) for (const value of values) array.push(value)
  parent[key] = array
  return undefined
}

function pathText(path: ReadonlyArray<string | number>): string {
  return `[${path.map((key) => JSON.stringify(key)).join(', ')}]`
}
