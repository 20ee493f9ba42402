import type {VFile} from 'vfile'
import type {Detection} from './dispatch.js'
import type {Input} from '../read/input.js'
import type {Conversation} from '../model/model.js'
import type {FormatPlugin, InputPart, ParseContext, PartReader} from '../read/plugin.js'
import {loadRenderModules} from '../render/render-modules.js'
import {shorten} from '../read/cap-messages.js'
import type {Activity} from './stall-guard.js'
import {guardStalls, StallError, watchedInput} from './stall-guard.js'
import {dropInvalidTimes} from '../model/drop-invalid-times.js'
import {validateConversation} from '../model/validate-conversation.js'
import {fail, messageSource, reasonOf} from './fail.js'
import {formatNamed} from './format-list.js'
import type {NormalizerState} from './normalizer-state.js'
import type {ReadOptions} from './read-options.js'

/** The conversations a format parses from an input, each checked; a failure, or none, is a fatal message. */
export async function* parseAll(
  state: NormalizerState,
  plugin: FormatPlugin,
  input: Input,
  file: VFile,
  detection: Detection,
  readOptions: ReadOptions
): AsyncGenerator<Conversation> {
  let count = 0
  let yielded = 0
  const activity: Activity = {last: Date.now()}
  try {
    const conversations = plugin.parse(
      watchedInput(input, activity),
      parseContext(state, plugin, file, detection, readOptions)
    )
    for await (const conversation of guardStalls(conversations, activity, state.limits.stallMs)) {
      if (!checked(plugin.name, conversation, file, ++yielded)) continue
      count++
      if (readOptions.render) await loadRenderModules(conversation, readOptions.render)
      yield conversation
    }
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    if (error instanceof StallError) fail(file, `Format \`${plugin.name}\` stalled: ${detail}`, 'parse-stalled')
    else fail(file, `Could not read the input as ${plugin.name}: ${detail}`, 'parse-error')
    return
  }
  if (count === 0 && !file.messages.some((message) => message.fatal) && !saidEmpty(file)) {
    fail(file, `No conversation could be read from the input as ${plugin.name}`, 'no-conversation')
  }
}

/** What a format's `parse` is given: the file, the limits, its options, and its verdict unless it was chosen. */
export function parseContext(
  state: NormalizerState,
  plugin: FormatPlugin,
  file: VFile,
  detection: Detection | undefined,
  readOptions: ReadOptions
): ParseContext {
  const verdict = detection?.verdicts.find((entry) => entry.format === plugin.name)
  return {
    file,
    limits: state.limits,
    options: readOptions.formatOptions ?? {},
    ...(verdict && detection?.decidedBy !== 'option' ? {verdict} : {})
  }
}

/** The parts of an input, as its format splits it; a failure to split is a fatal message, the parts before kept. */
export async function* splitParts(
  plugin: FormatPlugin,
  parts: PartReader,
  input: Input,
  context: ParseContext
): AsyncGenerator<InputPart> {
  try {
    yield* parts.split(input, context)
  } catch (error) {
    fail(context.file, `Could not read the input as ${plugin.name}: ${reasonOf(error)}`, 'parse-error')
  }
}

/** The conversations of one part (see `Normalizer.parsePart`). */
export async function* parsePart(
  state: NormalizerState,
  format: string,
  part: InputPart,
  input: Input,
  file: VFile,
  readOptions: ReadOptions
): AsyncGenerator<Conversation> {
  const plugin = formatNamed(state.formats, format)
  if (!plugin?.parts) throw new Error(`Format \`${format}\` does not read in parts`)
  let number = 0
  try {
    for await (const conversation of plugin.parts.parse(
      part,
      input,
      parseContext(state, plugin, file, undefined, readOptions)
    )) {
      if (!checked(plugin.name, conversation, file, ++number)) continue
      if (readOptions.render) await loadRenderModules(conversation, readOptions.render)
      yield conversation
    }
  } catch (error) {
    fail(file, `Could not read the input as ${format}: ${reasonOf(error)}`, 'parse-error')
  }
}

/** After the last part (see `Normalizer.endParts`): fails `file` when no conversation was read. */
export function endParts(
  state: NormalizerState,
  format: string,
  parts: number,
  conversations: number,
  rules: ReadonlyMap<string, number>,
  file: VFile
): void {
  if (conversations > 0 || file.messages.some((message) => message.fatal) || saidEmpty(file)) return
  const reason = formatNamed(state.formats, format)?.parts?.none?.(parts, rules)
  if (reason !== undefined) fail(file, `Could not read the input as ${format}: ${reason}`, 'parse-error')
  else fail(file, `No conversation could be read from the input as ${format}`, 'no-conversation')
}

/** No conversations. */
export async function* empty(): AsyncGenerator<Conversation> {}

/**
 * Checks what a plugin yields before anyone sees it: an invalid conversation
 * is a fatal message and is skipped (`false`), the others kept. A time that is
 * not a time is only dropped, with a warning: it costs that time, not the
 * conversation. `number`: its place among those the plugin yielded.
 */
function checked(format: string, conversation: Conversation, file: VFile, number: number): boolean {
  const dropped = dropInvalidTimes(conversation)
  if (dropped.first)
    file.message(droppedTimesReason(format, conversation, dropped.first, dropped.count), {
      ruleId: 'invalid-time',
      source: messageSource
    })
  const problem = validateConversation(conversation)
  if (problem === undefined) return true
  fail(file, invalidConversationReason(format, conversation, number, problem), 'invalid-conversation')
  return false
}

/**
 * Names the plugin, the conversation (by id, else by its number among those
 * the plugin yielded) and the problem's field.
 */
function invalidConversationReason(format: string, conversation: unknown, number: number, problem: string): string {
  const id = (conversation as {id?: unknown} | null | undefined)?.id
  const which = typeof id === 'string' && id !== '' ? `\`${shorten(id)}\`` : `number ${number} (no id)`
  return `Format \`${format}\` yielded an invalid conversation ${which}, skipped: ${problem}`
}

/** Names the plugin, the conversation and the first time dropped from it. */
function droppedTimesReason(
  format: string,
  conversation: unknown,
  first: {path: string; value: string},
  count: number
): string {
  const id = (conversation as {id?: unknown}).id
  const which = typeof id === 'string' && id !== '' ? ` \`${shorten(id)}\`` : ''
  const more = count > 1 ? ` (and ${count - 1} more)` : ''
  return (
    `Format \`${format}\` yielded conversation${which} with ${first.path} ${shorten(first.value)}${more}, which is ` +
    'not a time (expected ISO-8601, such as 2026-03-01T10:00:00Z): dropped, the conversation kept'
  )
}

/**
 * Whether the format said the input is a session with nothing in it (a
 * warning of rule `empty-session`): then yielding no conversation is its
 * answer, not a failure to read (a header-only session file is common, and
 * would fail every sync that met it).
 */
function saidEmpty(file: VFile): boolean {
  return file.messages.some((message) => message.ruleId === 'empty-session' && !message.fatal)
}
