import {VFile} from 'vfile'
import type {Detection} from './dispatch.js'
import {chosenDetection, dispatch} from './dispatch.js'
import type {Input} from '../read/input.js'
import type {Limits} from '../read/limits.js'
import type {FormatPlugin, NamePattern} from '../read/plugin.js'
import type {Sample} from '../read/sample.js'
import {createSample} from '../read/sample.js'
import {compressionOf, decompressedInput} from '../unpack/decompressed-input.js'
import {zipExports, zipInput} from '../unpack/zip-member-input.js'
import {utf16Of, utf8FromUtf16} from '../read/utf16-input.js'
import {countingInput} from '../read/counting-input.js'
import {capMessages} from '../read/cap-messages.js'
import {fail, messageSource} from './fail.js'
import {archiveMembers, formatNamed} from './format-list.js'
import type {NormalizerState} from './normalizer-state.js'
import {empty, parseAll, parseContext, splitParts} from './parse-steps.js'
import type {ReadOptions, Reading} from './read-options.js'

/** Starts reading an input (see `Normalizer.read`). */
export async function readInput(state: NormalizerState, original: Input, readOptions: ReadOptions): Promise<Reading> {
  // Warnings about an archive's members (a name skipped, a CRC that fails) come before the file is named
  // after what is read, and while it is read: they are held until it exists.
  const early: [string, boolean | undefined][] = []
  let warn = (reason: string, fatal?: boolean): void => {
    early.push([reason, fatal])
  }
  const input = await openInput(state, original, readOptions.archiveExport, (reason, fatal) => warn(reason, fatal))
  // Named after what is read: `export.zip!conversations.json` for an archive.
  // Capped: a million bad lines are twenty messages and a count, not a million messages.
  const file = capMessages(new VFile({path: input.name}), state.limits.maxMessagesPerRule)
  warn = (reason, fatal) => {
    if (fatal) fail(file, reason, 'zip-exports')
    else file.message(reason, {ruleId: 'zip-member', source: messageSource})
  }
  for (const [reason, fatal] of early) warn(reason, fatal)
  let sample: Sample
  try {
    sample = await createSample(input, state.limits.sampleBytes)
  } catch (error) {
    // A compressed input that cannot be decompressed fails here.
    const detail = error instanceof Error ? error.message : String(error)
    fail(file, `Could not read the input: ${detail}`, 'unreadable-input')
    return {
      file,
      detection: {format: undefined, decidedBy: 'none', verdicts: [], tiedWith: [], explanation: detail},
      input,
      conversations: empty()
    }
  }
  return readSample(state, {file, input, sample}, readOptions)
}

/** The reading of an input whose sample was taken: its format decided, its conversations (or parts) to come. */
function readSample(
  state: NormalizerState,
  {file, input, sample}: {file: VFile; input: Input; sample: Sample},
  readOptions: ReadOptions
): Reading {
  const {detection, plugin, problem} = decide(state, sample, readOptions)
  if (problem) fail(file, problem.reason, problem.ruleId)
  const {onProgress} = readOptions
  const read = onProgress ? countingInput(input, (bytes) => onProgress(bytes, input.size)) : input
  if (plugin?.parts && readOptions.inParts) {
    const context = parseContext(state, plugin, file, detection, readOptions)
    return {file, detection, input, conversations: empty(), parts: splitParts(plugin, plugin.parts, read, context)}
  }
  return {
    file,
    detection,
    input,
    conversations: plugin ? parseAll(state, plugin, read, file, detection, readOptions) : empty()
  }
}

/** Detects the format of an input (see `Normalizer.detect`). */
export async function detectInput(
  state: NormalizerState,
  original: Input,
  readOptions: ReadOptions
): Promise<Detection> {
  const input = await openInput(state, original, readOptions.archiveExport)
  const sample = await createSample(input, state.limits.sampleBytes)
  return decide(state, sample, readOptions).detection
}

/** The input as `read` gives it to a format (see `Normalizer.open`). */
export function openInput(
  state: NormalizerState,
  original: Input,
  archiveExport?: number,
  onWarning?: (reason: string, fatal?: boolean) => void
): Promise<Input> {
  return uncompressed(original, archiveMembers(state.formats), state.limits, onWarning, archiveExport)
}

/** The data exports of a zip archive (see `Normalizer.exports`). */
export async function archiveExports(state: NormalizerState, original: Input): Promise<string[]> {
  const members = archiveMembers(state.formats)
  if (members.length === 0 || !isZip(await original.head(4))) return []
  return zipExports(original, members).catch(() => [])
}

/** The format that reads a sample: the one asked for, or the one detection chose; or why there is none. */
function decide(
  state: NormalizerState,
  sample: Sample,
  readOptions: ReadOptions
): {detection: Detection; plugin?: FormatPlugin; problem?: {reason: string; ruleId: string}} {
  const list = state.formats.formats
  if (readOptions.format !== undefined) {
    const plugin = formatNamed(state.formats, readOptions.format)
    const detection = chosenDetection(readOptions.format, sample, list)
    if (!plugin) {
      const names = list.map((format) => format.name).join(', ')
      return {
        detection,
        problem: {
          reason: `Unknown format \`${readOptions.format}\`: expected one of ${names}`,
          ruleId: 'unknown-format'
        }
      }
    }
    if (sample.kind === 'empty') return {detection, problem: emptyProblem}
    return {detection, plugin}
  }
  const detection = dispatch(sample, list)
  if (sample.kind === 'empty') return {detection, problem: emptyProblem}
  const plugin = formatNamed(state.formats, detection.format)
  if (!plugin) return {detection, problem: {reason: detection.explanation, ruleId: 'no-format'}}
  return {detection, plugin}
}

const emptyProblem = {reason: 'The input is empty: there is nothing to convert', ruleId: 'empty-input'}

/**
 * The input as formats should see it: decompressed when its magic bytes say
 * zstd or gzip; for a zip archive, the members that formats read
 * (`archiveMembers`: a data export's `conversations.json`), or else the
 * archive as a container of files (a Slack export).
 */
async function uncompressed(
  input: Input,
  members: readonly NamePattern[],
  limits: Limits,
  onWarning: (reason: string, fatal?: boolean) => void = () => {},
  archiveExport?: number
): Promise<Input> {
  const head = await input.head(4)
  const compression = compressionOf(head)
  if (compression) {
    const decompressed = decompressedInput(input, compression, limits)
    const encoding = utf16Of(await decompressed.head(2).catch(() => new Uint8Array(0)))
    return encoding ? utf8FromUtf16(decompressed, encoding) : decompressed
  }
  const encoding = utf16Of(head)
  if (encoding) return utf8FromUtf16(input, encoding)
  if (isZip(head)) {
    // A damaged archive is left to dispatch, which reports it as an unclaimed zip.
    return zipInput(input, members, limits, onWarning, archiveExport).catch(() => input)
  }
  return input
}

/** Whether `head` starts as a zip archive does (a local file header). */
function isZip(head: Uint8Array): boolean {
  return head[0] === 0x50 && head[1] === 0x4b && head[2] === 0x03 && head[3] === 0x04
}
