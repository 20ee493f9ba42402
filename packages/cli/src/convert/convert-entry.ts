import {resolve} from 'node:path'
import type {Readable} from 'node:stream'
import type {Conversation, Detection, Input, NoteLink} from '@chatmark/core'
import {conversationTitle, inputFromFolder, inputFromPath, inputFromStream, notRecognised, toolOf} from '@chatmark/core'
import type {EntryContext} from './entry-context.js'
import type {InputEntry} from '../inputs/collect-inputs.js'
import {matchesOnly} from '../inputs/collect-inputs.js'
import {convert} from './convert.js'
import type {ConvertibleEntry, EntrySink} from './entry-sink.js'
import {clocked, InputClock} from '../pool/input-clock.js'
import type {Progress} from '../progress/progress-bar.js'
import {printable} from '../output/printable.js'
import {readNothing} from './read-nothing.js'
import {redactMessage, redactMessages} from '../redact/redact-message.js'
import {redactSecrets} from '../redact/redact-secrets.js'
import {formatExplanation, formatMessages, jsonReportConversation, jsonReportEnd, jsonReportHead} from './report.js'

/**
 * Converts one input as the command line asks: detects it (or explains the
 * detection), reads its conversations, redacts them, and sends each matching
 * one to `sink` as a list line, a JSON piece, a printed note or a note for
 * the folder; then its messages. Never throws: a failure is reported on the
 * sink's stderr, naming the input.
 */
export async function convertEntry(
  entry: ConvertibleEntry,
  context: EntryContext,
  sink: EntrySink,
  stdin?: Readable | AsyncIterable<Uint8Array>
): Promise<void> {
  const {args, normalizer, render, jsonLines} = context
  // One export of an archive that holds several is named as its reading is: `exports.zip!b/conversations.json`.
  const name =
    entry.kind === 'stdin'
      ? '<stdin>'
      : entry.kind === 'file' && entry.archiveExport
        ? `${entry.path}!${entry.archiveExport.name}`
        : entry.path
  const readOptions =
    entry.kind === 'file' && entry.archiveExport
      ? {...context.readOptions, archiveExport: entry.archiveExport.index}
      : context.readOptions
  let progress: Progress | undefined
  // The `--json` line is written as the input is read; one begun is always ended, so every line parses.
  let jsonLine: 'none' | 'begun' | 'has-conversations' = 'none'
  // Stdin is read as it comes, at its writer's pace: only files and folders are held to the time limit.
  const limit = entry.kind === 'stdin' ? undefined : context.timeLimit
  const clock = limit && limit.ms > 0 ? new InputClock(limit.ms, limit.now) : undefined
  try {
    const input =
      entry.kind === 'stdin'
        ? await inputFromStream(stdin ?? (async function* () {})())
        : await inputOf(entry, context.cwd, context.blockingReads)
    if (args.explain) {
      const detection = await normalizer.detect(input, readOptions)
      await sink.stdout([`${formatExplanation(name, detection)}\n`])
      if (!detection.format) sink.failed()
      return
    }
    const shown = sink.progress(name)
    progress = shown
    // A forced format that reads nothing must not pass for a success: its empty conversations wait for one with a
    // turn (then go out in their places); without one the input fails with no note written, unless detection chose
    // that format too (an empty session, read as without --format: see `readNothing`).
    const forced = args.format
    const held: Conversation[] = []
    let readSome = forced === undefined
    let inParts = false
    const emit = (conversation: Conversation): Promise<void> =>
      emitConversation(
        conversation,
        name,
        context,
        sink,
        async (piece) => {
          await sink.stdout(jsonReportConversation(piece, jsonLine === 'begun'))
          jsonLine = 'has-conversations'
        },
        clock
      )
    const result = await convert(normalizer, input, {
      ...readOptions,
      // Given only when notes are rendered, so that their modules are loaded as conversations are read.
      ...(args.list || args.to === 'json' ? {} : {render}),
      onProgress: clock
        ? (bytes: number, size: number | undefined) => {
            clock.check()
            shown.read(bytes, size)
          }
        : shown.read,
      ...(jsonLines
        ? {
            async onDetection(detection: Detection) {
              await sink.stdout([jsonReportHead(name, detection)])
              jsonLine = 'begun'
            }
          }
        : {}),
      ...(entry.kind !== 'stdin' && !entry.named ? {skip: skipInFolder} : {}),
      ...(context.parts && entry.kind === 'file'
        ? {
            onParts: async (reading) => {
              inParts = true
              // Imported only when an export is read in parts.
              await (await import('./convert-parts.js')).convertParts(reading, context, {
                // The file's name, which the parts' readings name their input after (`exports.zip!...`).
                name: entry.path,
                path: resolve(context.cwd, entry.path),
                ...(entry.archiveExport ? {archiveExport: entry.archiveExport.index} : {}),
                sink,
                progress: shown,
                async json(text) {
                  await sink.stdout([jsonLine === 'begun' ? text : `,${text}`])
                  jsonLine = 'has-conversations'
                }
              })
            }
          }
        : {}),
      async onConversation(read) {
        // The reader has gone: stop reading the input (this ends convert's loop over it).
        if (sink.closed()) throw new Error('stdout was closed')
        clock?.check()
        shown.conversation()
        if (!readSome && read.turns.length === 0) {
          held.push(read)
          return
        }
        readSome = true
        for (const conversation of held.splice(0)) await emit(conversation)
        await emit(read)
      }
    })
    // The reader went away as the input ended: its messages would go unread too.
    if (sink.closed()) return
    if (result.skipped !== undefined) {
      sink.stderr(`${name}: skipped: ${result.skipped}\n`)
      return
    }
    const nothing =
      forced !== undefined && !readSome && !inParts ? readNothing(forced, name, result.detection) : undefined
    if (nothing === undefined) for (const conversation of held.splice(0)) await emit(conversation)
    // A message may quote a title, an id or a value: it is redacted as the notes are.
    if (args.redact) await redactMessages(result.file.messages)
    if (jsonLine !== 'none') {
      const failure =
        nothing === undefined ? [] : [{reason: nothing, line: undefined, ruleId: 'read-nothing', fatal: true}]
      await sink.stdout([jsonReportEnd([...result.file.messages, ...failure])])
      jsonLine = 'none'
    }
    for (const line of formatMessages(result.file)) sink.stderr(`${line}\n`)
    if (nothing !== undefined) sink.stderr(`chatmark: ${nothing}\n`)
    if (nothing !== undefined || result.file.messages.some((message) => message.fatal)) sink.failed()
  } catch (error) {
    if (sink.closed()) return
    const raw = error instanceof Error ? error.message : String(error)
    const reason = args.redact ? await redactMessage(raw) : raw
    if (jsonLine !== 'none')
      await sink.stdout([jsonReportEnd([{reason, line: undefined, ruleId: undefined, fatal: true}])])
    sink.stderr(`${name}: ${reason}\n`)
    sink.failed()
  } finally {
    progress?.stop()
  }
}

/**
 * What the command line asks for one conversation read from input `name`:
 * redacted first (`--only`, `--list` and every writer see the redacted
 * conversation), then, if it matches `--only`, a list line, its `--json`
 * piece (through `json`, which knows whether it is the input's first), a note
 * for the folder, or a note on stdout. With `clock`, the note's pieces are
 * made on the input's time (see `InputClock`).
 */
export async function emitConversation(
  read: Conversation,
  name: string,
  context: EntryContext,
  sink: EntrySink,
  json: (conversation: Conversation) => Promise<void>,
  clock?: InputClock
): Promise<void> {
  const {args, render} = context
  const write = (conversation: Conversation): Iterable<string> => {
    // The format's plugin names the tool the note is tagged with; core knows no format.
    const tool = toolOf(context.normalizer.formats, conversation.source).slug
    const pieces = context.writer.write(conversation, {...render, tool})
    return clock ? clocked(pieces, clock) : pieces
  }
  const conversation = args.redact ? await redactSecrets(read) : read
  if (!wanted(conversation, args.only)) return
  sink.matched()
  if (args.list) {
    await sink.stdout([`${listLine(conversation)}\n`])
  } else if (context.jsonLines) {
    await json(conversation)
  } else if (context.noteName) {
    await sink.note({
      input: name,
      name: context.noteName(conversation),
      id: conversation.id,
      content: {chunks: write(conversation)},
      link: noteLink(conversation)
    })
  } else {
    await sink.print(write(conversation))
  }
}

function wanted(conversation: Conversation, only: readonly string[]): boolean {
  return only.length === 0 || only.some((text) => matchesOnly(conversation, text))
}

/** One `--list` line: id, date, turns, title, tab-separated (easy to read and to `cut`). */
function listLine(conversation: Conversation): string {
  const date = (conversation.createdAt ?? conversation.updatedAt ?? '').slice(0, 10) || '-'
  const title = conversationTitle(conversation).replace(/\s+/g, ' ')
  // A tab in an id would shift the columns; anything a terminal acts on is escaped.
  return [
    printable(conversation.id.replace(/\t/g, ' ')),
    date,
    `${conversation.turns.length} turns`,
    printable(title)
  ].join('\t')
}

/**
 * A folder holds more than sessions (READMEs, `package.json`, a tool's other
 * files): a file found in one is converted only when a format recognises it
 * (`likely` or better), and the others are reported as skipped, not failed.
 * A file named on the command line is always attempted.
 */
function skipInFolder(detection: Detection): string | undefined {
  const reason = notRecognised(detection)
  return reason === undefined || detection.format === undefined
    ? reason
    : `${reason}; name the file to convert it anyway`
}

/** A file or folder named on the command line or found in a folder: read from `cwd`, named as given. */
async function inputOf(entry: InputEntry & {kind: 'file' | 'folder'}, cwd: string, blocking = false): Promise<Input> {
  const path = resolve(cwd, entry.path)
  const input = entry.kind === 'folder' ? await inputFromFolder(path) : await inputFromPath(path, {blocking})
  return {...input, name: entry.path}
}

/** Where an index page links to a note (`href` is filled in once the note is written), and what it says about it. */
function noteLink(conversation: Conversation): NoteLink {
  const {format, variant} = conversation.source
  const link: NoteLink = {
    href: '',
    title: conversationTitle(conversation),
    format: variant ? `${format} (${variant})` : format,
    turns: conversation.turns.length
  }
  const date = conversation.createdAt ?? conversation.updatedAt
  if (date) link.date = date
  return link
}
