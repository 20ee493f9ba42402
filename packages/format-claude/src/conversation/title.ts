import type {Turn} from '@chatmark/core/model'
import {isRecord, isString, promptTitle, stringOf} from '@chatmark/core/model'
import {classifyUserText} from '../harness-text.js'
import type {Entry, RecordStore} from '../record-store.js'
import type {Thread} from '../thread.js'

/**
 * The conversation's own title: `custom-title` (`/rename`), else `ai-title`,
 * else a `summary` whose leaf is on the thread's own path (or one that names no leaf),
 * else, when the user typed no prompt, the first slash command with its
 * arguments (`/orchestrator build the thing`, as the CLI's own `lastPrompt`
 * shows it). Otherwise none: the first prompt titles the note.
 *
 * A `summary` whose leaf is elsewhere belongs to another session: Claude Code
 * 1.0.x writes the summaries of the sessions a resumed or continued one came
 * from at the top of the new file, so it never titles this one; nor does the summary of an abandoned
 * branch (a leaf off the path), which names what that branch was about.
 */
export function titleOf(store: RecordStore, thread: Thread, turns: readonly Turn[]): string | undefined {
  const {custom, ai, summaries} = store.titles
  if (custom !== undefined) return custom.trim()
  if (ai !== undefined) return ai.trim()
  const uuids = new Set(thread.path.map((entry) => entry.uuid))
  const own = summaries.filter((summary) => summary.leafUuid === undefined || uuids.has(summary.leafUuid))
  const chosen = own[own.length - 1]
  if (chosen) return chosen.summary.trim()
  return hasPrompt(turns) ? undefined : commandTitle(thread.path)
}

/**
 * A fork's title, which says it is one: the title Claude Code gave it
 * (`/branch` names the new session `<title> (Branch)`, a `custom-title`), else
 * its own title or first own prompt followed by `(fork)`; a fork without a
 * prompt of its own is `Fork of session <parent>`.
 */
export function forkTitle(store: RecordStore, thread: Thread, turns: readonly Turn[], parent: string): string {
  if (store.titles.custom !== undefined) return store.titles.custom.trim()
  const own = titleOf(store, thread, turns) ?? promptTitle(turns)
  return own === undefined ? `Fork of session ${parent}` : `${own} (fork)`
}

/** How many `summary` records name a leaf that is not in the file: another session's titles. */
export function otherSessionSummaries(store: RecordStore): number {
  return store.titles.summaries.filter(
    (summary) => summary.leafUuid !== undefined && !store.entries.has(summary.leafUuid)
  ).length
}

function hasPrompt(turns: readonly Turn[]): boolean {
  return turns.some((turn) => turn.role === 'user' && turn.parts.some((part) => part.type === 'text'))
}

/**
 * The first slash command on the path: a user record's `<command-name>` /
 * `<command-args>` text (the expanded prompt after it is an `isMeta` record),
 * or a `local_command` system line.
 */
function commandTitle(path: readonly Entry[]): string | undefined {
  for (const {record, sidechain} of path) {
    if (sidechain || record['isMeta'] === true) continue
    for (const text of textsOf(record)) {
      const kind = classifyUserText(text)
      if (kind.kind !== 'command' || kind.name === '') continue
      // Claude Code 1.0.x wrote the name without its slash (`<command-name>init</command-name>`).
      const name = kind.name.startsWith('/') ? kind.name : `/${kind.name}`
      return [name, kind.args.replace(/\s+/g, ' ')].filter(Boolean).join(' ')
    }
  }
  return undefined
}

function textsOf(record: Record<string, unknown>): string[] {
  if (record['type'] === 'system')
    return record['subtype'] === 'local_command' ? [stringOf(record['content']) ?? ''] : []
  if (record['type'] !== 'user') return []
  const message = record['message']
  if (!isRecord(message)) return []
  const content = message['content']
  if (isString(content)) return [content]
  if (!Array.isArray(content)) return []
  return content.flatMap((block) =>
    isRecord(block) && block['type'] === 'text' && isString(block['text']) ? [block['text']] : []
  )
}
