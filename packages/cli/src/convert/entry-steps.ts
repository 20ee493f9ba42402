import {resolve} from 'node:path'
import type {Readable} from 'node:stream'
import type {Conversation, Detection, Input, InputPart, ReadOptions, Reading} from '@chatmark/core'
import {inputFromFolder, inputFromPath, inputFromStream, notRecognised} from '@chatmark/core'
import type {Converted, ConvertOptions} from './convert.js'
import type {InputEntry} from '../inputs/collect-inputs.js'
import type {EntryRun} from './entry-run.js'
import {emitConversation} from './emit-conversation.js'
import type {Progress} from '../progress/progress-bar.js'
import {readNothing} from './read-nothing.js'
import {redactMessage, redactMessages} from '../redact/redact-message.js'
import {formatExplanation, formatMessages, jsonReportConversation, jsonReportEnd, jsonReportHead} from './report.js'

/** The input of an entry: stdin as it comes, or the file or folder named. */
export async function openEntry(run: EntryRun, stdin?: Readable | AsyncIterable<Uint8Array>): Promise<Input> {
  const {entry, context} = run
  return entry.kind === 'stdin'
    ? await inputFromStream(stdin ?? (async function* () {})())
    : await inputOf(entry, context.cwd, context.blockingReads)
}

/** The read options of an entry: the command's, and the export of an archive it stands for. */
export function entryReadOptions({entry, context}: EntryRun): ReadOptions {
  return entry.kind === 'file' && entry.archiveExport
    ? {...context.readOptions, archiveExport: entry.archiveExport.index}
    : context.readOptions
}

/** `--explain`: every format's verdict on the input, and which won. */
export async function explainEntry(run: EntryRun, input: Input): Promise<void> {
  const detection = await run.context.normalizer.detect(input, entryReadOptions(run))
  await run.sink.stdout([`${formatExplanation(run.name, detection)}\n`])
  if (!detection.format) run.sink.failed()
}

/** How `convert` reads the entry: each conversation, the detection and the parts go to the steps below. */
export function entryConvertOptions(run: EntryRun, shown: Progress): ConvertOptions {
  const {entry, context, clock} = run
  const {args, render, jsonLines} = context
  return {
    ...entryReadOptions(run),
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
            await run.sink.stdout([jsonReportHead(run.name, detection)])
            run.jsonLine = 'begun'
          }
        }
      : {}),
    ...(entry.kind !== 'stdin' && !entry.named ? {skip: skipInFolder} : {}),
    ...(context.parts && entry.kind === 'file' ? {onParts: (reading) => convertEntryParts(run, reading, shown)} : {}),
    onConversation: (read) => takeConversation(run, read, shown)
  }
}

/** An input read in parts: converted on workers (see `convertParts`). */
async function convertEntryParts(
  run: EntryRun,
  reading: Reading & {parts: AsyncIterable<InputPart>},
  shown: Progress
): Promise<void> {
  const {entry, context, sink} = run
  if (entry.kind !== 'file') return
  run.inParts = true
  // Imported only when an export is read in parts.
  await (await import('./convert-parts.js')).convertParts(reading, context, {
    // The file's name, which the parts' readings name their input after (`exports.zip!...`).
    name: entry.path,
    path: resolve(context.cwd, entry.path),
    ...(entry.archiveExport ? {archiveExport: entry.archiveExport.index} : {}),
    sink,
    progress: shown,
    async json(text) {
      await sink.stdout([run.jsonLine === 'begun' ? text : `,${text}`])
      run.jsonLine = 'has-conversations'
    }
  })
}

/** A conversation read: held while a forced format has read only empty ones, else emitted. */
async function takeConversation(run: EntryRun, read: Conversation, shown: Progress): Promise<void> {
  // The reader has gone: stop reading the input (this ends convert's loop over it).
  if (run.sink.closed()) throw new Error('stdout was closed')
  run.clock?.check()
  shown.conversation()
  if (!run.readSome && read.turns.length === 0) {
    run.held.push(read)
    return
  }
  run.readSome = true
  for (const conversation of run.held.splice(0)) await emit(run, conversation)
  await emit(run, read)
}

function emit(run: EntryRun, conversation: Conversation): Promise<void> {
  return emitConversation(
    conversation,
    run.name,
    run.context,
    run.sink,
    async (piece) => {
      await run.sink.stdout(jsonReportConversation(piece, run.jsonLine === 'begun'))
      run.jsonLine = 'has-conversations'
    },
    run.clock
  )
}

/** The input read: what was held goes out (or the input fails), then its messages, and its `--json` line ends. */
export async function endEntry(run: EntryRun, result: Converted): Promise<void> {
  const {args} = run.context
  const {sink, name} = run
  // The reader went away as the input ended: its messages would go unread too.
  if (sink.closed()) return
  if (result.skipped !== undefined) {
    sink.stderr(`${name}: skipped: ${result.skipped}\n`)
    return
  }
  const forced = args.format
  const nothing =
    forced !== undefined && !run.readSome && !run.inParts ? readNothing(forced, name, result.detection) : undefined
  if (nothing === undefined) for (const conversation of run.held.splice(0)) await emit(run, conversation)
  // A message may quote a title, an id or a value: it is redacted as the notes are.
  if (args.redact) await redactMessages(result.file.messages)
  if (run.jsonLine !== 'none') {
    const failure =
      nothing === undefined ? [] : [{reason: nothing, line: undefined, ruleId: 'read-nothing', fatal: true}]
    await sink.stdout([jsonReportEnd([...result.file.messages, ...failure])])
    run.jsonLine = 'none'
  }
  for (const line of formatMessages(result.file)) sink.stderr(`${line}\n`)
  if (nothing !== undefined) sink.stderr(`chatmark: ${nothing}\n`)
  if (nothing !== undefined || result.file.messages.some((message) => message.fatal)) sink.failed()
}

/** The input failed: named on stderr (redacted), its `--json` line ended with the failure. */
export async function failEntry(run: EntryRun, error: unknown): Promise<void> {
  const {sink, name} = run
  if (sink.closed()) return
  const raw = error instanceof Error ? error.message : String(error)
  const reason = run.context.args.redact ? await redactMessage(raw) : raw
  if (run.jsonLine !== 'none')
    await sink.stdout([jsonReportEnd([{reason, line: undefined, ruleId: undefined, fatal: true}])])
  sink.stderr(`${name}: ${reason}\n`)
  sink.failed()
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
