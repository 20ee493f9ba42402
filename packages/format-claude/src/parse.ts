import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {idFromName} from '@chatmark/core/model'
import {createSample, readJsonDocument, readJsonLineBatches} from '@chatmark/core/read'
import {detectExport, exportVariant} from './detect-export.js'
import {parseExport} from './parse-export.js'
import {createRecordStore} from './record-store.js'
import type {SubagentTranscript} from './subagent-transcripts.js'
import {readSubagentTranscripts} from './subagent-transcripts.js'
import {threadSession} from './thread.js'
import type {Settings} from './conversation/index.js'
import {toConversation} from './conversation/index.js'
import type {ResolvedOptions} from './options.js'
import {isLoglines} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:claude'

/**
 * Reads a Claude transcript. A Claude.ai data export is streamed conversation
 * by conversation (`parseExport`). A Claude Code session is read as the JSONL
 * transcript record by record, or the loglines wrapper whole, and yields one
 * conversation per independent chain (normally one).
 */
export async function* parse(input: Input, context: ParseContext<ResolvedOptions>): AsyncGenerator<Conversation> {
  const {limits} = context
  const settings: Settings = context.options
  if (
    context.verdict?.variant === exportVariant ||
    (context.verdict?.variant === undefined && (await isExport(input, limits.sampleBytes)))
  ) {
    yield* parseExport(input, context, settings.branches, messageSource)
    return
  }
  // Read in a function of its own: a generator keeps its locals while it waits at a `yield`, and the records of a
  // long session (the store) would then stay alive while every note is rendered.
  const conversations = await readSession(input, context, settings)
  while (conversations.length > 0) yield conversations.shift()!
}

/** The conversations of a Claude Code session (JSONL or the loglines wrapper), one per independent chain. */
async function readSession(input: Input, context: ParseContext, settings: Settings): Promise<Conversation[]> {
  const {file, limits} = context
  const {store, add} = createRecordStore()
  const variant =
    context.verdict?.variant === 'claude-code-loglines' || (await startsWithLoglines(input, limits.sampleBytes))
      ? 'claude-code-loglines'
      : 'claude-code-jsonl'

  if (variant === 'claude-code-loglines') {
    const document = await readJsonDocument(
      input,
      limits,
      'a Claude Code JSONL transcript or a {"loglines": [...]} document'
    )
    if (!isLoglines(document))
      throw new Error('expected a {"loglines": [...]} document of Claude Code entries, found JSON without loglines[]')
    for (const [index, value] of document.loglines.entries()) add(value, index + 1)
  } else {
    // Skipped lines are counted after the records, so the note lists them last.
    const skipped: Record<string, number> = {}
    const batches = readJsonLineBatches(input, {file, limits, source: messageSource, skipped})
    for await (const batch of batches) for (const {line, value} of batch) add(value, line)
    for (const [reason, count] of Object.entries(skipped))
      store.fidelity[reason] = (store.fidelity[reason] ?? 0) + count
  }

  // A session file on disk: with `subagents`, the transcripts its subagents wrote to files of their own.
  const transcripts: SubagentTranscript[] =
    settings.subagents && variant === 'claude-code-jsonl' && input.path !== undefined && !store.subagent
      ? await readSubagentTranscripts(input.path, store, context, messageSource)
      : []
  if (store.unknownTypes.size > 0) {
    file.message(`Skipped records of unknown type: ${[...store.unknownTypes].sort().join(', ')}`, {
      ruleId: 'unknown-record',
      source: messageSource
    })
  }
  if (store.recognised === 0) {
    throw new Error(
      'no Claude Code records found: expected user/assistant lines with uuid, sessionId and message, or Claude Code ' +
        'bookkeeping lines'
    )
  }
  const threads = threadSession(store)
  const conversations = threads
    .map((thread) => {
      if (thread.brokenAt) {
        file.message(
          `The chain breaks at line ${thread.brokenAt.line}: its parent is not in the file, so the note starts there`,
          {
            place: {line: thread.brokenAt.line, column: 1},
            ruleId: 'broken-chain',
            source: messageSource
          }
        )
      }
      if (thread.cycleAt) {
        file.message(
          `The parentUuid chain forms a cycle at line ${thread.cycleAt.line}: its parent is already on the chain, ` +
            'so the note starts there',
          {place: {line: thread.cycleAt.line, column: 1}, ruleId: 'parent-cycle', source: messageSource}
        )
      }
      return toConversation(thread, {
        store,
        settings,
        variant,
        fallbackId: idFromName(input.name),
        ...(input.path ? {path: input.path} : {}),
        transcripts
      })
    })
    .filter((conversation) => conversation.turns.length > 0)
  if (conversations.length === 0) {
    const what =
      store.entries.size === 0 && store.loose.size === 0
        ? 'it holds only bookkeeping records (snapshots, queue operations, titles) and no messages'
        : 'its messages are all injected context, tool bookkeeping or sidechain records'
    throw new Error(`no conversation could be assembled from the Claude Code records: ${what}`)
  }
  return conversations
}

/** Without a verdict (the format was chosen by name): whether the head looks like a Claude.ai export. */
async function isExport(input: Input, sampleBytes: number): Promise<boolean> {
  const sample = await createSample(input, sampleBytes)
  if (sample.kind !== 'json' && sample.kind !== 'jsonl') return false
  const verdict =
    sample.json === undefined
      ? undefined
      : detectExport(sample.json, sample.kind === 'json' ? sample.jsonComplete : sample.complete)
  return verdict !== undefined && verdict.confidence !== 'none'
}

/** Whether the input starts as a JSON document with a `loglines` key rather than JSONL. */
async function startsWithLoglines(input: Input, sampleBytes: number): Promise<boolean> {
  const head = Buffer.from(await input.head(Math.min(sampleBytes, 4096))).toString('utf8')
  return /^\uFEFF?\s*\{\s*"loglines"\s*:/.test(head)
}
