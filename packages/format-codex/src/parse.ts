import {basename} from 'node:path'
import type {Conversation, Input, ParseContext} from '@chatmark/core'
import {isRecord, readJsonDocument, readJsonLineBatches} from '@chatmark/core'
import {createRollout} from './rollout.js'
import {isTsDocument} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:codex'

/** What {@link parse} needs besides the context. */
export interface ParseSettings {
  /** Used when `context.options.keepMeta` is not a boolean. */
  keepMeta: boolean
}

/**
 * Reads a Codex CLI rollout: JSONL record by record, or a TS CLI JSON
 * document whole. Yields one conversation.
 */
export async function* parse(input: Input, context: ParseContext, settings: ParseSettings): AsyncGenerator<Conversation> {
  yield await readConversation(input, context, settings)
}

async function readConversation(input: Input, context: ParseContext, settings: ParseSettings): Promise<Conversation> {
  const {file, limits} = context
  const option = context.options['keepMeta']
  const rollout = createRollout({keepMeta: typeof option === 'boolean' ? option : settings.keepMeta})

  if (context.verdict?.variant === 'codex-ts-json' || (await startsAsDocument(input, limits.sampleBytes))) {
    const document = await readJsonDocument(input, limits, 'one Codex TS CLI rollout object {session, items} or a JSONL rollout')
    if (!isTsDocument(document)) {
      const what = Array.isArray(document) ? 'a JSON array' : isRecord(document) ? 'a JSON object without session {id} and items[]' : `a JSON ${typeof document}`
      throw new Error(`expected a Codex rollout (a JSON object with session {id, timestamp} and items[], or a JSONL rollout), found ${what}`)
    }
    rollout.record(document)
  } else {
    const batches = readJsonLineBatches(input, {
      file,
      limits,
      source: messageSource,
      onSkip(reason) {
        rollout.skipped(reason)
      }
    })
    for await (const batch of batches) for (const {value} of batch) rollout.record(value)
  }
  return rollout.finish({fallbackId: idFromName(input.name), ...(input.path ? {path: input.path} : {})})
}

/** Whether the input is one multi-line JSON document rather than JSONL: its first line is complete and is not JSON on its own. */
async function startsAsDocument(input: Input, sampleBytes: number): Promise<boolean> {
  const head = await input.head(sampleBytes)
  let text = Buffer.from(head.buffer, head.byteOffset, head.byteLength).toString('utf8')
  if (text.charCodeAt(0) === 0xFEFF) text = text.slice(1)
  const start = text.search(/\S/)
  if (start === -1 || text[start] !== '{') return false
  const end = text.indexOf('\n', start)
  const whole = head.byteLength < sampleBytes || (input.size !== undefined && head.byteLength >= input.size)
  if (end === -1 && !whole) return false
  try {
    JSON.parse(end === -1 ? text.slice(start) : text.slice(start, end))
    return false
  } catch {
    return true
  }
}

function idFromName(name: string): string {
  return basename(name).replace(/\.(?:zst|gz)$/, '').replace(/\.jsonl?$/, '') || name
}
