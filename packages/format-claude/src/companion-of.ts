import {basename, dirname, join} from 'node:path'
import type {CompanionOf} from '@chatmark/core/read'
import {subagentFilePattern, subagentParent} from './subagent-files.js'

/**
 * The input a Claude Code file belongs to, when it is no session of its own:
 * a subagent's transcript (`agent-<id>.jsonl`) belongs to its session, whose
 * reader nests it under the call that started it (`subagents` option), and
 * the `agent-<id>.meta.json` Claude Code 2.1 writes beside each transcript
 * (what started it) to that transcript.
 */
export async function companionOf(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined> {
  const name = basename(path)
  const meta = /^(agent-.+)\.meta\.json$/.exec(name)
  if (meta !== null) {
    const transcript = `${meta[1]}.jsonl`
    if (!siblings.has(transcript)) return undefined
    return {input: join(dirname(path), transcript), reason: () => `Claude Code's metadata of ${transcript} beside it`}
  }
  if (!subagentFilePattern.test(name)) return undefined
  const session = await subagentParent(path)
  if (session === undefined) return undefined
  return {
    input: session,
    reason: (shown) =>
      `a subagent's transcript of ${shown}, read with that session (--subagents nests it under its call)`
  }
}
