import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {isRecord} from '@chatmark/core/model'
import {readJsonItems, shorten} from '@chatmark/core/read'
import {conversationVariant, exportVariant} from './detect.js'
import type {ExportFiles} from './export-files.js'
import {exportFiles, placeFiles} from './export-files.js'
import type {Branches} from './to-conversation.js'
import {toConversation} from './to-conversation.js'
import type {ResolvedOptions} from './options.js'
import {isConversation} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:chatgpt'

/**
 * Streams `conversations.json` (an array of conversations, or one
 * conversation object) and yields each conversation as soon as it is read:
 * only the conversation being parsed is held, whatever the file's size.
 * Conversations with nothing to show are skipped with a warning; an input
 * with no readable conversation at all fails. An attachment whose file the
 * export holds (in the `.zip`, or the folder beside `conversations.json`: the
 * input's `container`) gets its `entry` (see `exportFiles`).
 */
export async function* parse(input: Input, context: ParseContext<ResolvedOptions>): AsyncGenerator<Conversation> {
  const reading = await itemReading(input, context)
  let items = 0
  let yielded = 0
  let empty = 0
  let foreign = 0
  for await (const {index, value} of readJsonItems(input, {
    file: context.file,
    limits: context.limits,
    source: messageSource
  })) {
    items++
    const read = await readItem(value, index, reading)
    if (read === 'foreign') foreign++
    else if (read === 'empty') empty++
    else {
      yielded++
      yield read
    }
  }
  if (yielded === 0) throw new Error(noConversationReason(items, empty, foreign))
}

/** What reading the items of one input needs (see {@link itemReading}). */
export interface ItemReading {
  branches: Branches
  /** The document is an array (an export), not one conversation object. */
  array: boolean
  path?: string
  /** Records a problem on the file; `reason` is a whole sentence. */
  report(reason: string, ruleId: string): void
  /** The export's other files (uploads, generated images), listed when a conversation first refers to one. */
  files(): Promise<ExportFiles | undefined>
}

/** The export's other files, listed once per input. */
const listedFiles = new WeakMap<Input, Promise<ExportFiles | undefined>>()

/** Whether the document is an array, read once per input. */
const arrays = new WeakMap<Input, Promise<boolean>>()

/** What reading the items of `input` needs, with problems reported on `context.file`. */
export async function itemReading(input: Input, context: ParseContext<ResolvedOptions>): Promise<ItemReading> {
  const {branches} = context.options
  const report = (reason: string, ruleId: string): void => {
    context.file.message(reason, {ruleId, source: messageSource})
  }
  let array = arrays.get(input)
  if (!array) {
    array = startsWithBracket(input)
    arrays.set(input, array)
  }
  return {
    branches,
    array: await array,
    ...(input.path ? {path: input.path} : {}),
    report,
    files() {
      let listed = listedFiles.get(input)
      if (!listed) {
        listed = input.container ? exportFiles(input.container, report) : Promise.resolve(undefined)
        listedFiles.set(input, listed)
      }
      return listed
    }
  }
}

/**
 * One item of an export: its conversation (with an `entry` for each
 * attachment whose file the export holds: see `exportFiles`), or why there is
 * none, reported as a warning: `'foreign'`, not a conversation; `'empty'`,
 * nothing to show.
 */
export async function readItem(
  value: unknown,
  index: number,
  reading: ItemReading
): Promise<Conversation | 'foreign' | 'empty'> {
  const {report} = reading
  if (!isConversation(value)) {
    const what = Array.isArray(value)
      ? 'an array'
      : isRecord(value)
        ? 'an object without a mapping'
        : `a ${value === null ? 'null' : typeof value}`
    report(`Item ${index + 1} of the export is ${what}, not a conversation: skipped`, 'not-a-conversation')
    return 'foreign'
  }
  const conversation = toConversation(value, index, {
    branches: reading.branches,
    variant: reading.array ? exportVariant : conversationVariant,
    ...(reading.path ? {path: reading.path} : {}),
    report
  })
  if (!conversation) {
    const title =
      typeof value['title'] === 'string' && value['title'].trim() ? `“${shorten(value['title'].trim())}”, ` : ''
    const id =
      typeof value['id'] === 'string'
        ? value['id']
        : typeof value['conversation_id'] === 'string'
          ? value['conversation_id']
          : `#${index + 1}`
    report(
      `Conversation ${index + 1} (${title}id ${shorten(id)}) has no message to show: skipped`,
      'empty-conversation'
    )
    return 'empty'
  }
  await placeFiles(conversation, reading.files)
  return conversation
}

/**
 * Why an export of `items` readable items, `empty` of them with nothing to
 * show and `foreign` not conversations, gave none.
 */
export function noConversationReason(items: number, empty: number, foreign: number): string {
  if (items === 0)
    return 'the export holds no conversation (an empty array, or JSON that breaks off before the first one)'
  const reasons = [
    empty > 0 ? `${empty} with no message to show` : '',
    foreign > 0 ? `${foreign} not a conversation` : ''
  ]
    .filter(Boolean)
    .join(', ')
  return `none of the export's ${items} item${items === 1 ? '' : 's'} is a readable conversation (${reasons})`
}

/** Whether the document is an array (an export) rather than one conversation object. */
async function startsWithBracket(input: Input): Promise<boolean> {
  const head = Buffer.from(await input.head(4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  return head.trimStart().startsWith('[')
}
