import {createHash} from 'node:crypto'
import type {Conversation, Participant, Turn} from '@chatmark/core/model'
import {modelParticipant, userParticipant} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {createSample, readLineBatches} from '@chatmark/core/read'
import {chooseVariant} from './choose-variant.js'
import {contentId, conversationId, idHeadBytes} from './conversation-id.js'
import {createLineScanner} from './line-scanner.js'
import type {ScannedTurn} from './line-scanner.js'
import {sampleLines} from './sample-lines.js'
import type {Settings, Variant} from './types.js'
import {variants} from './types.js'

const messageSource = 'plaintext'

/**
 * Reads the whole input as one conversation, streaming it line by line. The
 * style is the detector's variant, or, with an explicit `--format`, chosen
 * from the input's head by the same rules. Skipped lines (over
 * `maxLineBytes`, or holding NUL bytes) are reported with their line number
 * and counted in the conversation's fidelity.
 */
export async function* parse(input: Input, context: ParseContext, settings: Settings): AsyncGenerator<Conversation> {
  const {file, limits} = context
  const variant =
    verdictVariant(context) ??
    chooseVariant(sampleLines(await createSample(input, limits.sampleBytes)), settings).variant
  const scanner = createLineScanner(variant, settings.speakers)
  const skipped: Record<string, number> = {}
  const named = conversationId(input.path, await input.head(idHeadBytes))
  // Only unnamed input needs its content hashed for an id.
  const hash = named === undefined ? createHash('sha256') : undefined

  const batches = readLineBatches(input, {
    maxLineBytes: limits.maxLineBytes,
    onLongLine(line, bytes) {
      skipped['long-line'] = (skipped['long-line'] ?? 0) + 1
      file.message(
        `Skipped line ${line}: ${bytes} bytes is over the \`maxLineBytes\` limit of ${limits.maxLineBytes}`,
        {
          place: {line, column: 1},
          ruleId: 'long-line',
          source: messageSource
        }
      )
    }
  })

  for await (const batch of batches) {
    for (const {line, text} of batch) {
      if (text.includes('\u0000')) {
        skipped['binary-line'] = (skipped['binary-line'] ?? 0) + 1
        file.message(`Skipped line ${line}: it holds NUL bytes, which text does not`, {
          place: {line, column: 1},
          ruleId: 'binary-line',
          source: messageSource
        })
        continue
      }
      hash?.update(text).update('\n')
      scanner.push(text, line)
    }
  }

  const scan = scanner.end()
  if (scan.turns.length === 0) return

  const participants: Participant[] = []
  const turns: Turn[] = scan.turns.map((scanned) => toTurn(scanned, participants))
  yield {
    id: named ?? contentId(hash?.digest('hex') ?? ''),
    ...(scan.title === undefined ? {} : {title: scan.title}),
    source: {format: 'plaintext', variant, ...(input.path === undefined ? {} : {path: input.path})},
    participants,
    metadata: {},
    turns,
    fidelity: {...scan.fidelity, ...skipped}
  }
}

function verdictVariant(context: ParseContext): Variant | undefined {
  const variant = context.verdict?.variant
  return variants.find((known) => known === variant)
}

/**
 * A scanned turn as a model turn. Named speakers (`Claude:`, or a configured
 * speaker with a name) become participants, id from the name; `User:` or
 * `AI:` say no more than the role does: the person is `User` and the model
 * `Assistant`, as the formats that do not name them have them.
 */
function toTurn(scanned: ScannedTurn, participants: Participant[]): Turn {
  const turn: Turn = {role: scanned.role, parts: scanned.parts ?? [{type: 'text', text: scanned.text}]}
  if (scanned.timestamp) turn.timestamp = scanned.timestamp
  if (scanned.model) turn.model = scanned.model
  const speaker =
    scanned.name !== undefined
      ? {
          id: scanned.name.toLowerCase(),
          name: scanned.name,
          kind: scanned.role === 'user' ? ('human' as const) : ('model' as const)
        }
      : scanned.role === 'user'
        ? userParticipant()
        : scanned.role === 'assistant'
          ? modelParticipant('assistant', 'Assistant')
          : undefined
  if (speaker === undefined) return turn
  if (!participants.some((participant) => participant.id === speaker.id)) participants.push(speaker)
  turn.author = speaker.id
  return turn
}
