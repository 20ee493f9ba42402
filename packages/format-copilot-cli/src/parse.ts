import {basename, dirname} from 'node:path'
import type {Conversation} from '@chatmark/core/model'
import {idFromName, isRecord} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonLineBatches} from '@chatmark/core/read'
import {cliVariant, streamVariant, vscodeVariant} from './detect.js'
import {createSession} from './events/index.js'
import type {ResolvedOptions} from './options.js'
import {readSidecar} from './sidecars.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:copilot-cli'

/**
 * Reads a Copilot session's event log line by line, in the order it was written (each event's `parentId` is only
 * the event before it, and may name a streamed event the file does not hold), and yields one conversation.
 */
export async function* parse(input: Input, context: ParseContext<ResolvedOptions>): AsyncGenerator<Conversation> {
  const {file, limits} = context
  const session = createSession({branches: context.options.branches})
  const skipped: Record<string, number> = {}
  const notEvents: number[] = []
  let streamed = false
  for await (const batch of readJsonLineBatches(input, {file, limits, source: messageSource, skipped})) {
    for (const {line, value} of batch) {
      if (isRecord(value) && value['ephemeral'] === true) streamed = true
      if (!isRecord(value) || !session.record(value)) notEvents.push(line)
    }
  }
  report(context, session.state, notEvents)
  for (const [reason, amount] of Object.entries(skipped)) session.skipped(reason, amount)
  session.skipped('not-an-event', notEvents.length)

  const {state} = session
  if (state.main.turns.length === 0 && state.subagents.size === 0) {
    throw new Error(
      'no Copilot session could be assembled: expected JSONL events (session.start, user.message, ' +
        'assistant.message...) holding at least one message'
    )
  }
  const sidecar = input.path ? await readSidecar(input.path) : undefined
  // `workspace.yaml` is the session's when its id is (a flat `<id>.jsonl` of 0.0.3xx has none beside it).
  const own = sidecar && (!sidecar.id || !state.info.sessionId || sidecar.id === state.info.sessionId)
  // `--output-format json` streams no `session.start` (which sets the producer); a session file begins with one.
  const fromStream = streamed && !state.info.producer
  const variant = state.info.vscodeVersion ? vscodeVariant : fromStream ? streamVariant : cliVariant
  yield session.finish({
    fallbackId: fallbackId(input),
    variant,
    ...(input.path ? {path: input.path} : {}),
    ...(own ? {workspace: sidecar} : {})
  })
}

/** The session's id from its file: the folder of an `events.jsonl`, else the file's name. */
function fallbackId(input: Input): string {
  if (input.path && basename(input.path) === 'events.jsonl') return idFromName(basename(dirname(input.path)))
  return idFromName(input.name)
}

function report(
  {file}: ParseContext<ResolvedOptions>,
  state: {unknownTypes: Map<string, number>; lostRewinds: number},
  notEvents: readonly number[]
): void {
  if (notEvents.length > 0) {
    const lines = notEvents
    file.message(
      `${lines.length === 1 ? 'Line' : 'Lines'} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ', …' : ''} ` +
        `${lines.length === 1 ? 'is not an event' : 'are not events'} (a dotted type and a data object): skipped`,
      {place: {line: lines[0]!, column: 1}, ruleId: 'not-an-event', source: messageSource}
    )
  }
  if (state.unknownTypes.size > 0) {
    const types = [...state.unknownTypes.keys()].sort().join(', ')
    file.message(`Events of types this reader does not know, kept as notices: ${types}`, {
      ruleId: 'unknown-record',
      source: messageSource
    })
  }
  if (state.lostRewinds > 0) {
    file.message(
      `${state.lostRewinds === 1 ? 'A rewind names a prompt' : 'Rewinds name prompts'} the file does not hold: ` +
        'the turns are shown as written',
      {ruleId: 'rewind-target-missing', source: messageSource}
    )
  }
}
