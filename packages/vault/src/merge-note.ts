import {diff3Merge} from 'node-diff3'
import {isDeepStrictEqual} from 'node:util'
import {frontmatterTags, isFrontmatterTime} from '@chatmark/core'
import {type Document, isMap, isScalar, parse, parseDocument} from 'yaml'

/** A note split into its frontmatter (its YAML text, and as data) and its body (the text after the closing `---`). */
interface SplitNote {
  yaml: string
  data: Record<string, unknown>
  body: string
}

/**
 * Merges a person's edits into the new version of a note, as a three-way
 * merge against the version chatmark last wrote (`base`):
 *
 * - **Properties**, key by key: a property the person added is kept; one they
 *   changed keeps their value; one they deleted stays deleted; one they left
 *   as it was takes the new value. A list (`tags`, `aliases`) gets the new
 *   items and keeps the ones the person added, without the ones they removed.
 * - **The body**, line by line (diff3): text the person wrote, anywhere, is
 *   kept where they wrote it, and what chatmark changed (new turns) comes in.
 *   Where both added text at the same place (the session grew and the person
 *   wrote under the last turn), chatmark's text comes first, theirs after it.
 *
 * Returns `undefined` when the edits cannot be merged safely: the two changed
 * the same lines differently, or the person's frontmatter no longer parses.
 * Then the caller keeps their note as it is.
 */
export function mergeNote(base: string, mine: string, next: string): string | undefined {
  const merged = tryMerge(base, mine, next)
  return 'text' in merged ? merged.text : undefined
}

/** What {@link tryMerge} gives: the merged note, or why the edits cannot be merged. */
export type MergeResult = {text: string} | {reason: string}

/** {@link mergeNote}, saying why when the edits cannot be merged. */
export function tryMerge(base: string, mine: string, next: string): MergeResult {
  const [old, edited, fresh] = [splitNote(base), splitNote(mine), splitNote(next)]
  if (!edited) {
    return {
      reason: /\S/.test(mine)
        ? 'its properties (the frontmatter between the --- lines) no longer parse'
        : 'you emptied it'
    }
  }
  if (!old || !fresh) return {reason: 'chatmark could not read its own version of it'}
  const body = mergeBody(old.body, edited.body, fresh.body)
  if (body === undefined) return {reason: 'you and the conversation changed the same lines'}
  const yaml = mergeProperties(old.data, edited, fresh.data)
  if (yaml === undefined) return {reason: 'its properties (the frontmatter between the --- lines) no longer parse'}
  return {text: `---\n${yaml}\n---\n${body}`}
}

function splitNote(text: string): SplitNote | undefined {
  if (!text.startsWith('---\n')) return undefined
  const end = text.indexOf('\n---\n', 3)
  if (end === -1) return undefined
  try {
    const data: unknown = parse(text.slice(4, end))
    if (typeof data !== 'object' || data === null || Array.isArray(data)) return undefined
    return {yaml: text.slice(4, end), data: data as Record<string, unknown>, body: text.slice(end + 5)}
  } catch {
    return undefined
  }
}

/**
 * The person's frontmatter with the new values merged in, as YAML: edited in
 * place (yaml's document model), so their comments, order and quoting stay;
 * the values set are written as chatmark writes frontmatter (`frontmatterTags`:
 * a title `yes` or `2025-01-01` quoted, so YAML 1.1 readers read the string).
 */
function mergeProperties(
  base: Record<string, unknown>,
  mine: SplitNote,
  next: Record<string, unknown>
): string | undefined {
  const document = parseDocument(mine.yaml, {customTags: frontmatterTags})
  if (document.errors.length > 0 || !isMap(document.contents)) return undefined
  const theirs = mine.data
  for (const [key, value] of Object.entries(next)) {
    if (!(key in theirs)) {
      // Deleted by the person stays deleted; new in this version comes in.
      if (!(key in base)) setProperty(document, key, value)
      continue
    }
    const edited = theirs[key]
    if (isDeepStrictEqual(edited, base[key])) {
      if (!isDeepStrictEqual(edited, value)) setProperty(document, key, value)
    } else if (Array.isArray(edited) && Array.isArray(value)) {
      const merged = mergeList(base[key], edited, value)
      if (!isDeepStrictEqual(merged, edited)) setProperty(document, key, merged)
    }
  }
  // A property chatmark no longer writes goes, unless the person changed it.
  for (const key of Object.keys(base)) {
    if (!(key in next) && key in theirs && isDeepStrictEqual(theirs[key], base[key])) document.delete(key)
  }
  return document.toString({lineWidth: 0}).trimEnd()
}

/** Sets `key` to `value`, a time property's time plain as core's frontmatter writer has it (`isFrontmatterTime`). */
function setProperty(document: Document, key: string, value: unknown): void {
  const node = document.createNode(value)
  if (isScalar(node) && isFrontmatterTime(key, value)) node.type = 'PLAIN'
  document.set(key, node)
}

/** The new items, without those the person removed, then the items the person added. */
function mergeList(base: unknown, mine: readonly unknown[], next: readonly unknown[]): unknown[] {
  const old = Array.isArray(base) ? base : []
  const has = (list: readonly unknown[], item: unknown): boolean => list.some((other) => isDeepStrictEqual(other, item))
  const kept = next.filter((item) => !(has(old, item) && !has(mine, item)))
  for (const item of mine) if (!has(old, item) && !has(kept, item)) kept.push(item)
  return kept
}

function mergeBody(base: string, mine: string, next: string): string | undefined {
  const regions = diff3Merge(mine.split('\n'), base.split('\n'), next.split('\n'), {excludeFalseConflicts: true})
  const lines: string[] = []
  for (const region of regions) {
    if (region.ok) {
      lines.push(...region.ok)
      continue
    }
    const conflict = region.conflict
    if (!conflict) continue
    // Both inserted at the same place and removed nothing: chatmark's lines, then the person's.
    if (conflict.o.length === 0) {
      lines.push(...conflict.b, ...conflict.a)
      continue
    }
    return undefined
  }
  return lines.join('\n')
}
