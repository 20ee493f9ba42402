import type {Conversation} from '@chatmark/core/model'
import {idFromName} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonLineBatches} from '@chatmark/core/read'
import {buildTurns} from './build-turns.js'
import {createRecordStore} from './read-records.js'
import {threadSession} from './thread.js'
import type {ResolvedOptions} from './options.js'
import {toConversation} from './to-conversation.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:qwen'

/**
 * Reads a Qwen Code chat recording record by record, threads it from its last
 * record up the `parentUuid` chain, and yields one conversation.
 */
export async function* parse(input: Input, context: ParseContext<ResolvedOptions>): AsyncGenerator<Conversation> {
  const {file, limits} = context
  const {view} = context.options
  const {store, add} = createRecordStore()
  // Skipped lines are counted after the records, so the note lists them last.
  const skipped: Record<string, number> = {}
  for await (const batch of readJsonLineBatches(input, {file, limits, source: messageSource, skipped}))
    for (const {line, value} of batch) add(value, line)

  if (store.unknownLines.length > 0) {
    const lines = store.unknownLines
    file.message(
      `${lines.length === 1 ? 'Line' : 'Lines'} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ', …' : ''} ` +
        `${lines.length === 1 ? 'is not a chat record' : 'are not chat records'} ` +
        '(uuid, sessionId, type user/assistant/tool_result/system): skipped',
      {place: {line: lines[0]!, column: 1}, ruleId: 'unknown-record', source: messageSource}
    )
  }
  if (store.entries.size === 0) {
    throw new Error(
      'no Qwen Code chat records found: expected JSONL lines with uuid, sessionId and type user, assistant, ' +
        'tool_result or system'
    )
  }
  const thread = threadSession(store)
  if (thread.brokenAt) {
    file.message(
      `The chain breaks at line ${thread.brokenAt.line}: its parentUuid is not in the file, so the note starts there`,
      {place: {line: thread.brokenAt.line, column: 1}, ruleId: 'broken-chain', source: messageSource}
    )
  }
  const built = buildTurns(thread.path, view)
  if (built.unknownSubtypes.size > 0) {
    file.message(`Skipped system records of unknown subtype: ${[...built.unknownSubtypes].sort().join(', ')}`, {
      ruleId: 'unknown-record',
      source: messageSource
    })
  }
  const fidelity = built.fidelity
  const count = (reason: string, amount: number): void => {
    if (amount > 0) fidelity[reason] = (fidelity[reason] ?? 0) + amount
  }
  // A branch the user left (a rewind, a resume from an earlier record): its messages are counted.
  count('abandoned-branch-turn', thread.offPath.filter((entry) => isMessage(entry.record['type'])).length)
  for (const [reason, amount] of Object.entries(store.fidelity)) count(reason, amount)
  for (const [reason, amount] of Object.entries(skipped)) count(reason, amount)

  if (built.turns.length === 0) {
    throw new Error('no conversation could be assembled from the Qwen Code records: they hold no messages')
  }
  yield toConversation(thread, built, {
    fallbackId: idFromName(input.name),
    ...(input.path ? {path: input.path} : {})
  })
}

function isMessage(type: unknown): boolean {
  return type === 'user' || type === 'assistant'
}
