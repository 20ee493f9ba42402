import {constants} from 'node:fs'
import {access, mkdir, stat} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {basename, resolve} from 'node:path'
import type {Readable} from 'node:stream'
import type {
  Conversation,
  Detection,
  Input,
  Normalizer,
  NoteLink,
  NoteWriter,
  ReadOptions,
  RenderOptions
} from '@chatmark/core'
import {
  conversationTitle,
  indexNoteId,
  inputFromFolder,
  inputFromPath,
  inputFromStream,
  removeStaleTemporaries
} from '@chatmark/core'
import {loadWriter} from './builtin-writers.js'
import {helpText, ownOptionNames, parseCliArgs, UsageError, usedModules} from './cli-args.js'
import type {CliArgs} from './cli-args.js'
import type {InputEntry} from './collect-inputs.js'
import {collectInputs, knownInputs, matchesOnly} from './collect-inputs.js'
import {convert} from './convert.js'
import {createNormalizer, normalizer as defaultNormalizer} from './default-normalizer.js'
import {cliFormatOptions, listOptionLines} from './format-options.js'
import type {CliFormatOption} from './format-options.js'
import {loadFormats} from './load-formats.js'
import type {Progress, ProgressStream} from './progress-bar.js'
import {printable, terminalText} from './printable.js'
import {redactSecrets} from './redact-secrets.js'
import {formatExplanation, formatMessages, jsonReportConversation, jsonReportEnd, jsonReportHead} from './report.js'
import {writeChunks} from './write-chunks.js'
import type {WrittenNote} from './write-note.js'

/** The package's version, set by the bundler (`scripts/bundle.js`); the compiled library reads package.json. */
declare const CHATMARK_VERSION: string | undefined

/** Where the CLI reads and writes; the real process streams in `bin.ts`, buffers in tests. */
export interface CliIo {
  stdout: {write(chunk: string): unknown}
  stderr: {write(chunk: string): unknown}
  stdin: Readable | AsyncIterable<Uint8Array>
  /** Input paths, `-o` and `--use` are resolved against this folder; paths are printed as given. */
  cwd: string
  /** The real stderr, for a progress bar when it is a terminal; absent in tests. */
  stderrStream?: ProgressStream
  /** The home folder, where `chatmark sync` finds the tools' folders. Default: the user's. */
  home?: string
  /** The environment (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`). Default: `process.env`. */
  env?: Readonly<Record<string, string | undefined>>
  /** Whether stdout is a terminal: notes printed there have their control characters escaped ({@link terminalText}). */
  stdoutIsTerminal?: boolean
  /**
   * Aborted when stdout's reader has gone (a closed pipe: `chatmark x | head`).
   * The run then stops reading and writing, and returns as if it had finished.
   */
  signal?: AbortSignal
}

/**
 * Runs the `chatmark` command line.
 *
 * @returns the exit status: 0 when every input was converted, 1 when any
 *   failed, 2 for usage errors.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'sync') {
    const {syncCommand} = await import('./sync-command.js')
    return syncCommand(argv.slice(1), io, defaultNormalizer)
  }
  let args: CliArgs
  let normalizer: Normalizer
  let formatOptions: CliFormatOption[]
  try {
    // Two passes: the `--use` formats first, since their options are flags too.
    const formats = await loadFormats(usedModules(argv), io.cwd)
    normalizer = formats.length > 0 ? createNormalizer({formats}) : defaultNormalizer
    formatOptions = cliFormatOptions(normalizer.formats, ownOptionNames)
    args = parseCliArgs(argv, formatOptions)
    if (args.help) {
      io.stdout.write(`${helpText(formatOptions)}\n`)
      return 0
    }
    if (args.version) {
      io.stdout.write(`${version()}\n`)
      return 0
    }
    if (args.format !== undefined && !normalizer.formats.some((format) => format.name === args.format)) {
      const names = normalizer.formats.map((format) => format.name).join(', ')
      throw new UsageError(`Unknown format \`${args.format}\`: expected one of ${names}`)
    }
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`chatmark: ${error.message}\nTry \`chatmark --help\`.\n`)
    return 2
  }

  if (args.listFormats) {
    const width = Math.max(...normalizer.formats.map((format) => format.name.length))
    for (const format of normalizer.formats) {
      io.stdout.write(
        `${format.name.padEnd(width)}  ${(format.extensions ?? []).join(' ').padEnd(24)}  ${format.description ?? ''}\n`
      )
    }
    if (args.inputs.length === 0 && !args.listOptions) return 0
  }
  if (args.listOptions) {
    for (const line of listOptionLines(formatOptions)) io.stdout.write(`${line}\n`)
    if (args.inputs.length === 0) return 0
  }

  // A stream that failed a write is destroyed at once; the signal follows on the next tick.
  const outputClosed = (): boolean =>
    io.signal?.aborted === true || (io.stdout as {destroyed?: boolean}).destroyed === true
  // The format options given, as the formats read them from `context.options` (each declares its own).
  const readOptions: ReadOptions = {
    ...(args.format === undefined ? {} : {format: args.format}),
    formatOptions: args.formatOptions
  }
  // What only some runs need is imported when they do: the writer asked for, notes into a folder,
  // a progress bar in a terminal. A bad -o is a usage error, found before any input is read.
  const writer = await loadWriter(args.to)
  let out: FolderWriter | undefined
  try {
    out = args.out === undefined ? undefined : await noteWriter(args.out, io.cwd, writer)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(`chatmark: ${error.message}\nTry \`chatmark --help\`.\n`)
    return 2
  }
  const entries = await collectInputs(args.inputs, {
    cwd: io.cwd,
    // `.zip`: core reads the members that formats declare (`archiveMembers`) straight from the archive.
    ...knownInputs(normalizer.formats),
    followSymlinks: args.followSymlinks,
    async claimsFolder(path) {
      const detection = await normalizer.detect(await inputFromFolder(resolve(io.cwd, path)), readOptions)
      const verdict = detection.verdicts.find((candidate) => candidate.format === detection.format)
      return verdict?.confidence === 'certain' || verdict?.confidence === 'likely'
    }
  })
  // `--to json` on stdout is `--json`: one line per input, with its detection and messages.
  const jsonLines = args.to === 'json' && !out
  const progressOf: (name: string, stream: ProgressStream | undefined) => Progress = io.stderrStream?.isTTY
    ? (await import('./progress-bar.js')).createProgress
    : () => quietProgress
  const render: RenderOptions = {
    profile: args.profile,
    thinking: args.thinking,
    notices: args.notices,
    parseMessages: args.parseMessages,
    ...(args.maxResultChars === undefined ? {} : {maxResultChars: args.maxResultChars}),
    ...(args.foldLines === undefined ? {} : {foldLines: args.foldLines}),
    ...(args.timeZone === undefined ? {} : {timeZone: args.timeZone})
  }
  const written = new Set<string>()
  const links: NoteLink[] = []
  let failed = false
  let notesOnStdout = 0
  let matched = 0
  const wanted = (conversation: Conversation): boolean =>
    args.only.length === 0 || args.only.some((only) => matchesOnly(conversation, only))

  for (const entry of entries) {
    if (outputClosed()) break
    if (entry.kind === 'refused') {
      io.stderr.write(`${entry.path}: ${entry.reason}\n`)
      failed = true
      continue
    }
    if (entry.kind === 'skipped') {
      io.stderr.write(`${entry.path}: skipped: ${entry.reason}\n`)
      continue
    }
    const name = entry.kind === 'stdin' ? '<stdin>' : entry.path
    let progress = quietProgress
    // The `--json` line is written as the input is read; one begun is always ended, so every line parses.
    let jsonLine: 'none' | 'begun' | 'has-conversations' = 'none'
    try {
      const input = entry.kind === 'stdin' ? await inputFromStream(io.stdin) : await inputOf(entry, io.cwd)
      if (args.explain) {
        const detection = await normalizer.detect(input, readOptions)
        io.stdout.write(`${formatExplanation(name, detection)}\n`)
        if (!detection.format) failed = true
        continue
      }
      progress = progressOf(name, io.stderrStream)
      const result = await convert(normalizer, input, {
        ...readOptions,
        // Given only when notes are rendered, so that their modules are loaded as conversations are read.
        ...(args.list || args.to === 'json' ? {} : {render}),
        onProgress: progress.read,
        ...(jsonLines
          ? {
              async onDetection(detection: Detection) {
                await writeChunks(io.stdout, [jsonReportHead(name, detection)], io.signal)
                jsonLine = 'begun'
              }
            }
          : {}),
        ...(entry.kind !== 'stdin' && !entry.named ? {skip: skipInFolder} : {}),
        async onConversation(read) {
          // The reader has gone: stop reading the input (this ends convert's loop over it).
          if (outputClosed()) throw new Error('stdout was closed')
          // Before anything shows it (`--only`, `--list` and every writer see the redacted conversation).
          const conversation = args.redact ? await redactSecrets(read) : read
          progress.conversation()
          if (!wanted(conversation)) return
          matched++
          if (args.list) {
            io.stdout.write(`${listLine(conversation)}\n`)
          } else if (jsonLines) {
            await writeChunks(io.stdout, jsonReportConversation(conversation, jsonLine === 'begun'), io.signal)
            jsonLine = 'has-conversations'
          } else if (out) {
            let note: WrittenNote
            try {
              note = await out.write(conversation, render, written)
            } catch (error) {
              // One note that cannot be written costs that note, not the input's other conversations.
              io.stderr.write(`${name}: conversation ${conversation.id}: cannot write its note: ${reasonOf(error)}\n`)
              failed = true
              return
            }
            if (note.kept !== undefined) {
              io.stderr.write(`${note.kept}: changed since chatmark wrote it, so kept; the new note is ${note.path}\n`)
            }
            links.push(noteLink(conversation, basename(note.path)))
            io.stdout.write(`${note.path}\n`)
          } else {
            if (notesOnStdout++ > 0) io.stdout.write('\n')
            const chunks = writer.write(conversation, render)
            await writeChunks(io.stdout, io.stdoutIsTerminal ? mapChunks(chunks, terminalText) : chunks, io.signal)
          }
        }
      })
      // The reader went away as the input ended: its messages would go unread too.
      if (outputClosed()) break
      if (result.skipped !== undefined) {
        io.stderr.write(`${name}: skipped: ${result.skipped}\n`)
        continue
      }
      if (jsonLine !== 'none') {
        io.stdout.write(jsonReportEnd(result.file.messages))
        jsonLine = 'none'
      }
      for (const line of formatMessages(result.file)) io.stderr.write(`${line}\n`)
      if (result.file.messages.some((message) => message.fatal)) failed = true
    } catch (error) {
      if (outputClosed()) break
      const reason = error instanceof Error ? error.message : String(error)
      if (jsonLine !== 'none')
        io.stdout.write(jsonReportEnd([{reason, line: undefined, ruleId: undefined, fatal: true}]))
      io.stderr.write(`${name}: ${reason}\n`)
      failed = true
    } finally {
      progress.stop()
    }
  }
  // Several notes with links between them: a page that lists them (`index.html`).
  if (out && writer.index && links.length > 1 && !outputClosed()) {
    try {
      const index = await out.index(writer.index(links), written)
      if (index.kept !== undefined) {
        io.stderr.write(`${index.kept}: changed since chatmark wrote it, so kept; the new index is ${index.path}\n`)
      }
      io.stdout.write(`${index.path}\n`)
    } catch (error) {
      io.stderr.write(`chatmark: index: ${error instanceof Error ? error.message : String(error)}\n`)
      failed = true
    }
  }
  if (args.only.length > 0 && matched === 0 && !args.explain && !outputClosed()) {
    io.stderr.write(`chatmark: no conversation matched --only ${args.only.map((only) => `\`${only}\``).join(', ')}\n`)
    failed = true
  }
  return failed ? 1 : 0
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
  if (detection.format === undefined) return detection.explanation
  const verdict = detection.verdicts.find((candidate) => candidate.format === detection.format)
  if (verdict?.confidence === 'possible') {
    return `only a possible match for ${detection.format} (${verdict.reason}); name the file to convert it anyway`
  }
  return undefined
}

function version(): string {
  if (typeof CHATMARK_VERSION === 'string') return `chatmark ${CHATMARK_VERSION}`
  const manifest = createRequire(import.meta.url)('../package.json') as {version?: unknown}
  return `chatmark ${String(manifest.version)}`
}

/** A progress bar that shows nothing: stderr is not a terminal. */
const quietProgress: Progress = {read() {}, conversation() {}, stop() {}}

/** A file or folder named on the command line or found in a folder: read from `cwd`, named as given. */
async function inputOf(entry: InputEntry & {kind: 'file' | 'folder'}, cwd: string): Promise<Input> {
  const path = resolve(cwd, entry.path)
  const input = entry.kind === 'folder' ? await inputFromFolder(path) : await inputFromPath(path)
  return {...input, name: entry.path}
}

/** Where an index page links to a note, and what it says about it. */
function noteLink(conversation: Conversation, href: string): NoteLink {
  const {format, variant} = conversation.source
  const link: NoteLink = {
    href,
    title: conversationTitle(conversation),
    format: variant ? `${format} (${variant})` : format,
    turns: conversation.turns.length
  }
  const date = conversation.createdAt ?? conversation.updatedAt
  if (date) link.date = date
  return link
}

/** Writes notes (and an index page) into a folder, and says where each went. */
interface FolderWriter {
  write(conversation: Conversation, render: RenderOptions, taken: Set<string>): Promise<WrittenNote>
  index(chunks: Iterable<string>, taken: Set<string>): Promise<WrittenNote>
}

/**
 * `-o`: writes `writer`'s notes into `dir` (resolved against `cwd`, created if
 * needed) as `dir/<name><extension>`, and its index page as `dir/index<extension>`.
 * Temporary files that killed runs left there are removed first.
 *
 * @throws {UsageError} when `dir` is not a folder and cannot be made one, or cannot be written to.
 */
async function noteWriter(dir: string, cwd: string, writer: NoteWriter): Promise<FolderWriter> {
  const [{noteFileName}, {writeNote}, {writtenNotes}] = await Promise.all([
    import('./note-file-name.js'),
    import('./write-note.js'),
    import('./written-notes.js')
  ])
  const base = resolve(cwd, dir)
  await outputFolder(dir, base)
  await removeStaleTemporaries(base)
  const folder = {dir, cwd, written: await writtenNotes(base)}
  const noteId = writer.noteId?.bind(writer)
  return {
    write: (conversation, render, taken) =>
      writeNote(
        folder,
        noteFileName(conversation, writer.extension),
        conversation.id,
        writer.write(conversation, render),
        taken,
        noteId
      ),
    index: (chunks, taken) => writeNote(folder, `index${writer.extension}`, indexNoteId, chunks, taken, noteId)
  }
}

/** Makes `base` (the `-o` folder `dir`) a writable folder, or says why it cannot be one. */
async function outputFolder(dir: string, base: string): Promise<void> {
  const info = await stat(base).catch(() => undefined)
  if (info !== undefined && !info.isDirectory()) throw new UsageError(`-o ${dir}: is a file, not a folder`)
  try {
    await mkdir(base, {recursive: true})
    await access(base, constants.W_OK | constants.X_OK)
  } catch (error) {
    const code = (error as {code?: unknown}).code
    const reason =
      code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : code === 'ENOTDIR' || code === 'EEXIST'
          ? 'a part of the path is a file'
          : reasonOf(error)
    throw new UsageError(`-o ${dir}: cannot write notes there: ${reason}`)
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

function* mapChunks(chunks: Iterable<string>, map: (chunk: string) => string): Generator<string> {
  for (const chunk of chunks) yield map(chunk)
}
