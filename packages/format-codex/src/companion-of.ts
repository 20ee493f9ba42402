import {basename, dirname, join} from 'node:path'
import type {CompanionOf} from '@chatmark/core/read'

/**
 * A compressed rollout beside the same rollout uncompressed (`X.jsonl.zst`
 * and `X.jsonl`: Codex 0.171 writes either): the session is read once, from
 * the uncompressed file.
 */
export async function companionOf(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined> {
  const name = basename(path)
  if (!name.endsWith('.zst')) return undefined
  const plain = name.slice(0, -'.zst'.length)
  if (!siblings.has(plain)) return undefined
  return {input: join(dirname(path), plain), reason: () => `a compressed copy of ${plain} beside it`}
}
