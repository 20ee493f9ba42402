import type {Conversation} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {isRecord} from '@chatmark/core/model'
import {readJsonItems, shorten} from '@chatmark/core/read'
import {conversationVariant, exportVariant} from './detect.js'
import type {ExportFiles} from './export-files.js'
import {exportFiles, placeFiles} from './export-files.js'
import type {Branches} from './to-conversation.js'
import {toConversation} from './to-conversation.js'
import {isConversation} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:chatgpt'

/** What {@link parse} needs besides the context. */
export interface ParseSettings {
  /** Used when `context.options.branches` is not `'current'` or `'all'`. */
  branches: Branches
}

/**
 * Streams `conversations.json` (an array of conversations, or one
 * conversation object) and yields each conversation as soon as it is read:
 * only the conversation being parsed is held, whatever the file's size.
 * Conversations with nothing to show are skipped with a warning; an input
 * with no readable conversation at all fails. An attachment whose file the
 * export holds (in the `.zip`, or the folder beside `conversations.json`: the
 * input's `container`) gets its `entry` (see `exportFiles`).
 */
export async function* parse(
  input: Input,
  context: ParseContext,
  settings: ParseSettings
): AsyncGenerator<Conversation> {
  const {file, limits} = context
  const option = context.options['branches']
  const branches: Branches = option === 'all' || option === 'current' ? option : settings.branches
  const report = (reason: string, ruleId: string): void => {
    file.message(reason, {ruleId, source: messageSource})
  }

  // The export's other files (uploads, generated images), listed when a conversation first refers to one.
  let listed: Promise<ExportFiles | undefined> | undefined
  const files = (): Promise<ExportFiles | undefined> =>
    (listed ??= input.container ? exportFiles(input.container, report) : Promise.resolve(undefined))

  let items = 0
  let yielded = 0
  let empty = 0
  let foreign = 0
  const array = await startsWithBracket(input)
  for await (const {index, value} of readJsonItems(input, {file, limits, source: messageSource})) {
    items++
    if (!isConversation(value)) {
      foreign++
      const what = Array.isArray(value)
        ? 'an array'
        : isRecord(value)
          ? 'an object without a mapping'
          : `a ${value === null ? 'null' : typeof value}`
      report(`Item ${index + 1} of the export is ${what}, not a conversation: skipped`, 'not-a-conversation')
      continue
    }
    const conversation = toConversation(value, index, {
      branches,
      variant: array ? exportVariant : conversationVariant,
      ...(input.path ? {path: input.path} : {}),
      report
    })
    if (!conversation) {
      empty++
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
      continue
    }
    await placeFiles(conversation, files)
    yielded++
    yield conversation
  }
  if (yielded === 0) {
    if (items === 0)
      throw new Error('the export holds no conversation (an empty array, or JSON that breaks off before the first one)')
    const reasons = [
      empty > 0 ? `${empty} with no message to show` : '',
      foreign > 0 ? `${foreign} not a conversation` : ''
    ]
      .filter(Boolean)
      .join(', ')
    throw new Error(
      `none of the export's ${items} item${items === 1 ? '' : 's'} is a readable conversation (${reasons})`
    )
  }
}

/** Whether the document is an array (an export) rather than one conversation object. */
async function startsWithBracket(input: Input): Promise<boolean> {
  const head = Buffer.from(await input.head(4096))
    .toString('utf8')
    .replace(/^\uFEFF/, '')
  return head.trimStart().startsWith('[')
}
