import {basename, dirname, join} from 'node:path'
import type {CompanionOf} from '@chatmark/core/read'

/**
 * A `<id>.json` session beside the `<id>.jsonl` log of the same session: VS Code
 * 1.109 moved a session to the mutation log and may leave the old file behind
 * (microsoft/vscode#290494); the log is what VS Code loads, so it is the input.
 */
export async function companionOf(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined> {
  const name = basename(path)
  if (!name.endsWith('.json') || !siblings.has(`${name}l`)) return undefined
  return {input: join(dirname(path), `${name}l`), reason: () => `superseded by the session's log ${name}l beside it`}
}
