/**
 * A test kit for format plugins written outside this repository: the checks
 * chatmark runs on its own formats (the detection matrix and golden notes),
 * callable from a third-party format's test suite. It depends on no test
 * runner: each check returns what it saw, or throws an `AssertionError`
 * (`node:assert`) that lists every problem, so it works under vitest,
 * `node:test` or jest alike.
 *
 * @example
 *   import {checkDetection, checkGolden} from 'chatmark/test-kit'
 *   await checkDetection({format: ircFormat(), fixtures: ['fixtures/basic/input.irclog']})
 *   await checkGolden({format: ircFormat(), input: 'fixtures/basic/input.irclog', expected: 'fixtures/basic'})
 *
 * @packageDocumentation
 */
import {AssertionError} from 'node:assert'
import {mkdir, readdir, readFile, rm, stat, writeFile} from 'node:fs/promises'
import {basename, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {Detection, FormatPlugin, FormatVerdict, Input, RenderOptions} from '@chatmark/core'
import {inputFromFolder, inputFromPath, loadEveryRenderModule, validateConversation} from '@chatmark/core'
import type {Note} from './convert/convert.js'
import {convert} from './convert/convert.js'
import {createNormalizer} from './formats/default-normalizer.js'

// Whoever renders through this entry without `ReadOptions.render` (`toNote`, `containMarkdown`) makes the
// renderers `require` their optional modules, which the bundle of this entry has no node_modules to find:
// they are imported here instead, once.
await loadEveryRenderModule()

/** A fixture: a file (or an export folder) on disk, as a path or a `file:` URL. */
export type FixturePath = string | URL

/** What {@link checkDetection} is given. */
export interface CheckDetectionOptions {
  /** The format under test (a fresh plugin, as your factory returns it). */
  format: FormatPlugin
  /** Inputs of this format: each must be won by it, at `certain` or `likely`, with no built-in at `certain`. */
  fixtures: readonly FixturePath[]
  /**
   * Inputs of other formats (the built-ins' fixtures are not shipped with the
   * package: pass paths to files you keep). The format must answer `none` or
   * `possible` for each, and must not take any of them from the format that
   * reads it without yours. Default: none.
   */
  others?: readonly FixturePath[]
}

/** One input as {@link checkDetection} saw it. */
export interface DetectionCase {
  /** The fixture, as given (a URL as its path). */
  path: string
  /** Dispatch over the built-ins plus the format, every verdict with its reason. */
  detection: Detection
  /** The format's own verdict. */
  verdict: FormatVerdict
}

/** What {@link checkDetection} saw, when every check passed. */
export interface DetectionReport {
  fixtures: DetectionCase[]
  others: DetectionCase[]
}

/**
 * The detection matrix for one format, against the built-in formats. For each
 * of `fixtures`: the format wins dispatch by its verdict (not a tie broken by
 * dispatch order) at `certain` or `likely`, and no other format answers
 * `certain`. For each of `others`: the format answers `none` or `possible`,
 * and the input goes to the same format as it does without yours.
 *
 * @returns Every detection, when all checks pass.
 * @throws AssertionError listing every problem, each with the fixture and the verdicts' reasons.
 *
 * @example
 *   await checkDetection({
 *     format: ircFormat(),
 *     fixtures: [new URL('fixtures/basic/input.irclog', import.meta.url)],
 *     others: ['../chatmark/fixtures/gemini/legacy-json/input.json']
 *   })
 */
export async function checkDetection(options: CheckDetectionOptions): Promise<DetectionReport> {
  const {format, fixtures, others = []} = options
  const name = format.name
  const withFormat = createNormalizer({formats: [format]})
  const builtinsOnly = createNormalizer()
  const problems: string[] = []
  if (fixtures.length === 0) problems.push('no fixtures given: pass at least one input of the format')

  const report: DetectionReport = {fixtures: [], others: []}
  for (const fixture of fixtures) {
    const seen = await detectionOf(withFormat, fixture, name)
    report.fixtures.push(seen)
    const {path, detection, verdict} = seen
    if (detection.format !== name) {
      problems.push(`${path}: ${name} does not win dispatch: ${detection.explanation}`)
    } else if (detection.decidedBy === 'order') {
      problems.push(
        `${path}: ${name} wins only a tie at ${verdict.confidence} with ${detection.tiedWith.join(', ')}, by ` +
          'dispatch order: make its verdict stronger or the other detectors have no reason to doubt it'
      )
    }
    if (verdict.confidence !== 'certain' && verdict.confidence !== 'likely') {
      problems.push(`${path}: ${name} answers ${verdict.confidence} (${verdict.reason}), expected certain or likely`)
    }
    for (const other of detection.verdicts) {
      if (other.format !== name && other.confidence === 'certain') {
        problems.push(`${path}: ${other.format} also answers certain (${other.reason})`)
      }
    }
  }

  for (const fixture of others) {
    const seen = await detectionOf(withFormat, fixture, name)
    report.others.push(seen)
    const {path, detection, verdict} = seen
    if (verdict.confidence === 'certain' || verdict.confidence === 'likely') {
      problems.push(
        `${path}: ${name} answers ${verdict.confidence} (${verdict.reason}) for another format's input, ` +
          'expected none or possible'
      )
    }
    const before = await builtinsOnly.detect(await openFixture(fixture))
    if (detection.format !== before.format) {
      problems.push(
        `${path}: ${name} takes the input from ${before.format ?? 'no format (it is claimed by none)'}: ` +
          detection.explanation
      )
    }
  }

  if (problems.length > 0) fail(`checkDetection(${name})`, problems)
  return report
}

/** What {@link checkGolden} is asked to do besides comparing. */
export interface GoldenOptions {
  /** Options for formats, passed to `parse` as `context.options` (as the CLI's `--view`, `--keep-meta`... do). */
  formatOptions?: Readonly<Record<string, unknown>>
  /** How the notes are rendered (`profile`, `thinking`, `timeZone`...). Default: the CLI's defaults. */
  render?: RenderOptions
  /**
   * Write the expected files instead of comparing with them (and delete
   * `output-N.md` files the input no longer yields): for a first run, or after
   * a deliberate change. Read what it wrote before you commit it.
   */
  update?: boolean
}

/** What {@link checkGolden} is given. */
export interface CheckGoldenOptions {
  format: FormatPlugin
  /** The input: a file, or an export folder. It is named by its base name, so notes do not depend on where it lives. */
  input: FixturePath
  /**
   * The folder of reviewed notes: `output.md` for the first conversation,
   * `output-2.md`, `output-3.md`... for the next, and `messages.txt` when the
   * input gives messages (one `line:ruleId: reason` a line).
   */
  expected: FixturePath
  options?: GoldenOptions
}

/** A rendered note and the file it is compared with. */
export interface GoldenNote extends Note {
  /** `output.md`, `output-2.md`, ... */
  fileName: string
}

/** What {@link checkGolden} saw, when every check passed. */
export interface GoldenReport {
  detection: Detection
  notes: GoldenNote[]
  /** The input's messages, as `messages.txt` holds them. */
  messages: string[]
  /** The files written (with `update: true`), else empty. */
  written: string[]
}

/**
 * Golden notes for one input: normalises it with the built-ins plus the
 * format, asserts that the format wins dispatch, that no message is fatal
 * (an invalid conversation is one: see `validateConversation`), that every
 * conversation validates and that at least one was read, then compares each
 * note with its reviewed file in `expected`, byte for byte, and the messages
 * with `messages.txt`. A reviewed note the input no longer yields fails too.
 *
 * @returns The notes and messages, when all checks pass.
 * @throws AssertionError naming the first file that differs (with `actual` and `expected`, for a runner's diff),
 *   or listing every fatal message.
 *
 * @example
 *   await checkGolden({
 *     format: ircFormat(),
 *     input: 'fixtures/basic/input.irclog',
 *     expected: 'fixtures/basic',
 *     options: {update: process.env.UPDATE_GOLDEN === '1'}
 *   })
 */
export async function checkGolden(options: CheckGoldenOptions): Promise<GoldenReport> {
  const {format, options: golden = {}} = options
  const name = format.name
  const what = `checkGolden(${name}, ${pathOf(options.input)})`
  const dir = pathOf(options.expected)
  const result = await convert(createNormalizer({formats: [format]}), await openFixture(options.input, true), {
    ...(golden.formatOptions ? {formatOptions: golden.formatOptions} : {}),
    ...(golden.render ? {render: golden.render} : {})
  })

  const messages = result.file.messages.map(
    (message) => `${message.line ?? '-'}:${message.ruleId ?? '-'}: ${message.reason}`
  )
  if (result.detection.format !== name) {
    fail(what, [`${name} does not win dispatch: ${result.detection.explanation}`])
  }
  const fatal = result.file.messages.filter((message) => message.fatal)
  if (fatal.length > 0) {
    fail(
      what,
      fatal.map((message) => `${message.ruleId ?? 'fatal'}: ${message.reason}`)
    )
  }
  const invalid = result.notes.flatMap((note) => {
    const problem = validateConversation(note.conversation)
    return problem === undefined ? [] : [`conversation \`${note.conversation.id}\`: ${problem}`]
  })
  if (invalid.length > 0) fail(what, invalid)
  if (result.notes.length === 0) fail(what, ['no conversation was read'])

  const notes = result.notes.map((note, index) => ({
    ...note,
    fileName: index === 0 ? 'output.md' : `output-${index + 1}.md`
  }))
  const names = new Set(notes.map((note) => note.fileName))
  const present = await readdir(dir).catch(() => [] as string[])
  const stale = present.filter((file) => /^output(-\d+)?\.md$/.test(file) && !names.has(file))
  const report: GoldenReport = {detection: result.detection, notes, messages, written: []}

  if (golden.update) {
    await mkdir(dir, {recursive: true})
    for (const note of notes) {
      await writeFile(join(dir, note.fileName), note.markdown)
      report.written.push(join(dir, note.fileName))
    }
    if (messages.length > 0) {
      await writeFile(join(dir, 'messages.txt'), `${messages.join('\n')}\n`)
      report.written.push(join(dir, 'messages.txt'))
    } else await rm(join(dir, 'messages.txt'), {force: true})
    for (const file of stale) await rm(join(dir, file))
    return report
  }

  const hint = 'after a deliberate change, run with `update: true` and review the files it writes'
  for (const note of notes) await compare(what, join(dir, note.fileName), note.markdown, hint)
  if (messages.length > 0 || present.includes('messages.txt')) {
    await compare(what, join(dir, 'messages.txt'), messages.length > 0 ? `${messages.join('\n')}\n` : '', hint)
  }
  if (stale.length > 0) {
    fail(what, [`${stale.join(', ')} in ${dir}: reviewed notes for conversations the input no longer yields (${hint})`])
  }
  return report
}

/** Compares a file with what was produced; a missing file is an empty one, so the diff shows everything. */
async function compare(what: string, path: string, actual: string, hint: string): Promise<void> {
  const expected = await readFile(path, 'utf8').catch(() => undefined)
  if (expected === actual) return
  const problem =
    expected === undefined ? `${path} does not exist` : `${path} differs from what the format produced now`
  // Set after construction: given to the constructor, node would append its own diff to the message.
  throw Object.assign(new AssertionError({message: `${what}: ${problem} (${hint})`}), {
    actual,
    expected: expected ?? '',
    operator: 'strictEqual'
  })
}

async function detectionOf(
  normalizer: ReturnType<typeof createNormalizer>,
  fixture: FixturePath,
  name: string
): Promise<DetectionCase> {
  const detection = await normalizer.detect(await openFixture(fixture))
  const verdict = detection.verdicts.find((entry) => entry.format === name)!
  return {path: pathOf(fixture), detection, verdict}
}

/** A file or an export folder, as the CLI would open it; `named`: called by its base name. */
async function openFixture(fixture: FixturePath, named = false): Promise<Input> {
  const path = pathOf(fixture)
  const info = await stat(path).catch(() => {
    throw new AssertionError({message: `fixture ${path} does not exist`})
  })
  const input = info.isDirectory() ? await inputFromFolder(path) : await inputFromPath(path)
  return named ? {...input, name: basename(path)} : input
}

function pathOf(path: FixturePath): string {
  return typeof path === 'string' ? path : fileURLToPath(path)
}

function fail(what: string, problems: readonly string[]): never {
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`
  throw new AssertionError({message: `${what}: ${count}:\n${problems.map((problem) => `- ${problem}`).join('\n')}`})
}
