import {stat} from 'node:fs/promises'
import type {Conversation, Detection, Input, Normalizer, PathInputOptions, Reading} from '@chatmark/core'
import {inputFromFolder, inputFromPath, loadRenderModules, notRecognised, toolOf} from '@chatmark/core'
import type {PrepareOptions, PreparedNote} from './prepare-note.js'
import {prepareNote} from './prepare-note.js'
import type {Staging} from './stage-note.js'
import {stageNote} from './stage-note.js'

/** A source to read: its path, and whether only a format that recognises it may read it. */
export interface SourceToRead {
  path: string
  /**
   * Found in a folder (a tool's, or one named), not named itself: it becomes
   * notes only when a format recognises it (`likely` or better), as
   * `chatmark -o` does with the files of a folder.
   */
  strict: boolean
  /** A folder read as one input (OpenCode's `storage/`, an export's folder), rather than a file. */
  folder?: boolean
  /** The slug of the tool whose session folder it was found in (`qwen-code`): its notes go in that vault folder. */
  tool?: string
}

/** What a {@link SourceReader} is asked to do besides reading. */
export interface ReadSourcesOptions {
  /** Options for the formats. */
  formatOptions: Record<string, unknown>
  prepare: PrepareOptions
  /** Only conversations updated on or after this day (`YYYY-MM-DD`). */
  since?: string
  /** Only conversations started on or before this day. */
  until?: string
  /** Only conversations whose project path contains this. */
  project?: string
  /** Where notes' texts are staged (see `stageNote`); absent (a dry run): the notes carry their texts. */
  staging?: Staging
}

/**
 * Reads sources and prepares their notes: for each source in turn, each
 * conversation's note (or that a filter left it out, or that it could not be
 * rendered), then how the source ended. A source no format recognised well
 * enough is `skipped`, with the reason.
 */
export type SourceReader = (sources: readonly SourceToRead[], options: ReadSourcesOptions) => AsyncIterable<SourceEvent>

/** What a {@link SourceReader} gives. */
export type SourceEvent =
  /** A note; `ready` (in the thread that places it) settles once its staged text is on disk. */
  | {type: 'note'; file: string; note: PreparedNote; ready?: Promise<void>}
  | {type: 'left-out'; file: string; id: string}
  /** `code`: the error's (`ENOSPC`...), so that the thread placing notes knows a full disk from a bad note. */
  | {type: 'note-failed'; file: string; id: string; reason: string; code?: string}
  | {type: 'skipped'; file: string; reason: string}
  | {type: 'end'; file: string; fatal?: string}

/** How {@link readInProcess} reads. */
export interface InProcessReading extends PathInputOptions {
  /** Applied to each conversation before anything sees it (the CLI's secret redaction). */
  transform?: (conversation: Conversation) => Conversation | Promise<Conversation>
  /** Any other filter (the CLI's `--only`). */
  wanted?: (conversation: Conversation) => boolean
}

/**
 * The default {@link SourceReader}: each source read in turn by `normalizer`
 * in this thread (the CLI's worker threads read their sources with it too,
 * `blocking`: see `PathInputOptions`).
 */
export function readInProcess(normalizer: Normalizer, reading: InProcessReading = {}): SourceReader {
  const {transform, wanted, blocking = false} = reading
  return async function* (sources, options) {
    for (const {path: file, strict, folder, tool} of sources) {
      let fatal: string | undefined
      try {
        const input = folder ? await inputFromFolder(file) : await inputFromPath(file, {blocking})
        const info = folder ? undefined : await stat(file).catch(() => undefined)
        const place = {...(tool === undefined ? {} : {tool}), ...(info ? {modified: info.mtime.toISOString()} : {})}
        // Two data exports zipped together are read one after the other, both the source's.
        const exports = folder ? [] : await normalizer.exports(input)
        const choices = exports.length > 1 ? exports.map((_, index) => ({archiveExport: index})) : [{}]
        const readings: {read: Reading; choice: {archiveExport?: number}}[] = []
        let skipped: string | undefined
        for (const choice of choices) {
          const read = await normalizer.read(input, {formatOptions: options.formatOptions, ...choice})
          const unrecognised = strict ? notRecognisedHere(read.detection) : undefined
          if (unrecognised === undefined) readings.push({read, choice})
          else skipped ??= unrecognised
        }
        if (readings.length === 0) {
          yield {type: 'skipped', file, reason: skipped ?? 'nothing to read'}
          continue
        }
        for (const {read, choice} of readings) {
          // The input, for the files an export holds (attachments), opened once a conversation refers to one.
          let opened: Promise<Input | undefined> | undefined
          const open = (): Promise<Input | undefined> => {
            opened ??= normalizer.open(input, choice).catch(() => undefined)
            return opened
          }
          for await (const found of read.conversations) {
            const conversation = transform ? await transform(found) : found
            if (!isWanted(conversation, options) || (wanted && !wanted(conversation))) {
              yield {type: 'left-out', file, id: conversation.id}
              continue
            }
            try {
              await loadRenderModules(conversation, options.prepare.render)
              // The format's tool (Gemini CLI) tags the note; the folder's (Qwen Code, which writes Gemini's files)
              // places it, when it was found in one.
              const tool = toolOf(normalizer.formats, conversation.source).slug
              const prepare = {...options.prepare, render: {...options.prepare.render, tool}}
              const note = await prepareNote(conversation, prepare, open, {tool, ...place})
              yield {type: 'note', file, note: options.staging ? stageNote(note, options.staging) : note}
            } catch (error) {
              const code = (error as {code?: unknown}).code
              yield {
                type: 'note-failed',
                file,
                id: conversation.id,
                reason: reasonOf(error),
                ...(typeof code === 'string' ? {code} : {})
              }
            }
          }
          fatal ??= read.file.messages.find((message) => message.fatal)?.reason
        }
      } catch (error) {
        fatal = reasonOf(error)
      }
      yield fatal === undefined ? {type: 'end', file} : {type: 'end', file, fatal}
    }
  }
}

/** Why a file found in a folder is not synced unasked (see `notRecognised`). */
function notRecognisedHere(detection: Detection): string | undefined {
  const reason = notRecognised(detection)
  return reason === undefined || detection.format === undefined ? reason : `${reason}; name the file to sync it anyway`
}

/** Whether the filters of a run take a conversation. */
function isWanted(conversation: Conversation, {since, until, project}: ReadSourcesOptions): boolean {
  const last = (conversation.updatedAt ?? conversation.createdAt ?? '').slice(0, 10)
  const first = (conversation.createdAt ?? conversation.updatedAt ?? '').slice(0, 10)
  if (since && (last === '' || last < since)) return false
  if (until && (first === '' || first > until)) return false
  if (project && !(conversation.metadata.project ?? '').includes(project)) return false
  return true
}

export function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
