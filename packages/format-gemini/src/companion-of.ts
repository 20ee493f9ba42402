import {basename, dirname, join} from 'node:path'
import type {CompanionOf} from '@chatmark/core/read'

/**
 * A session file Gemini CLI superseded: resuming a legacy `X.json` session,
 * it writes `X.jsonl` beside it, which holds all of it.
 */
export async function companionOf(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined> {
  const name = basename(path)
  if (!name.endsWith('.json') || !siblings.has(`${name}l`)) return undefined
  return {input: join(dirname(path), `${name}l`), reason: () => `superseded by ${name}l beside it`}
}
