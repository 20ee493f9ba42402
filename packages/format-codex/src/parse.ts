import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {idFromName, isRecord} from '@chatmark/core/model'
import {readDocumentOrLines} from '@chatmark/core/read'
import {createRollout} from './rollout/index.js'
import type {ResolvedOptions} from './options.js'
import {isTsDocument} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:codex'

/** What the fallback id leaves off a rollout's name: a compression suffix, then `.jsonl` or `.json`. */
const idSuffixes = [/\.(?:zst|gz)$/, /\.jsonl?$/]

/**
 * Reads a Codex CLI rollout: JSONL record by record, or a TS CLI JSON
 * document whole. Yields one conversation.
 */
export async function* parse(input: Input, context: ParseContext<ResolvedOptions>): AsyncGenerator<Conversation> {
  yield await readConversation(input, context)
}

async function readConversation(input: Input, context: ParseContext<ResolvedOptions>): Promise<Conversation> {
  const rollout = createRollout({keepMeta: context.options.keepMeta})

  const read = await readDocumentOrLines(input, context, {
    documentVariant: 'codex-ts-json',
    expected: 'one Codex TS CLI rollout object {session, items} or a JSONL rollout',
    source: messageSource,
    onSkip(reason) {
      rollout.skipped(reason)
    }
  })
  if (read.kind === 'document') {
    const document = read.value
    if (!isTsDocument(document)) {
      const what = Array.isArray(document)
        ? 'a JSON array'
        : isRecord(document)
          ? 'a JSON object without session {id} and items[]'
          : `a JSON ${typeof document}`
      throw new Error(
        `expected a Codex rollout (a JSON object with session {id, timestamp} and items[], or a JSONL rollout), ` +
          `found ${what}`
      )
    }
    rollout.record(document)
  } else {
    for await (const batch of read.batches) for (const {value} of batch) rollout.record(value)
  }
  return rollout.finish({fallbackId: idFromName(input.name, idSuffixes), ...(input.path ? {path: input.path} : {})})
}
