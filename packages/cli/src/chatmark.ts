import type {Conversation, Normalizer, RenderOptions} from '@chatmark/core'
import {conversationToMdast, inputFromBytes, remarkChatmark, toolOf} from '@chatmark/core'
import type {Root} from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import type {Processor} from 'unified'
import type {VFile} from 'vfile'
import {normalizer as defaultNormalizer} from './formats/default-normalizer.js'

/** Options of the {@link chatmark} unified plugin: how to read the file, and how to render its note. */
export interface ChatmarkOptions extends RenderOptions {
  /** Formats to read with. Default: the built-in formats (see `createNormalizer` to add your own). */
  normalizer?: Normalizer
  /** Skip detection and read the file as this format. */
  format?: string
  /** Options for formats, by their keys (`{branches: 'all'}`): see `chatmark --list-options`. */
  formatOptions?: Readonly<Record<string, unknown>>
  /**
   * Which conversation to convert when the file holds several (an export):
   * its position from 0, or its id. Default: `0`. All of them are on
   * `file.data.conversations`.
   */
  conversation?: number | string
}

declare module 'vfile' {
  interface DataMap {
    /** Every conversation the file held (set by the `chatmark` plugin). */
    conversations: Conversation[]
    /** The conversation the tree is made from (set by the `chatmark` plugin). */
    conversation: Conversation
  }
}

/**
 * A unified plugin that reads a chat file (any format chatmark knows) into
 * the note's mdast tree, so that remark plugins can work on it and
 * remark-stringify (or remark-rehype) write it out. Detection and reading
 * problems are messages on the file; a file that cannot be read at all
 * rejects with a fatal message naming it.
 *
 * It registers GFM, YAML frontmatter and `remarkChatmark`, so nothing else is
 * needed to serialise the tree.
 *
 * @example
 *   import {chatmark} from 'chatmark'
 *   import remarkStringify from 'remark-stringify'
 *   import {read} from 'to-vfile'
 *   import {unified} from 'unified'
 *
 *   const file = await unified().use(chatmark, {profile: 'obsidian'}).use(remarkStringify)
 *     .process(await read('session.jsonl'))
 *   console.log(String(file))
 */
export function chatmark(this: Processor, options: ChatmarkOptions = {}) {
  const {normalizer = defaultNormalizer, format, formatOptions, conversation: pick = 0, ...render} = options
  remarkGfm.call(this)
  remarkFrontmatter.call(this, ['yaml'])
  remarkChatmark.call(this, {profile: render.profile})

  // Reading is asynchronous and unified's parsers are not: the parser only
  // starts the tree, and the transformer below reads the file into it.
  this.parser = (): Root => ({type: 'root', children: []})

  return async (_: Root, file: VFile): Promise<Root> => {
    const value = file.value
    const bytes = typeof value === 'string' ? Buffer.from(value, 'utf8') : value
    const input = inputFromBytes(bytes, file.path || '<file>')
    // Formats name conversations after the file they came from (a Slack day file after its channel folder).
    if (file.path) input.path = file.path
    const reading = await normalizer.read(input, {
      ...(format === undefined ? {} : {format}),
      ...(formatOptions === undefined ? {} : {formatOptions}),
      render
    })
    const conversations: Conversation[] = []
    for await (const conversation of reading.conversations) conversations.push(conversation)
    file.messages.push(...reading.file.messages)
    const fatal = reading.file.messages.find((message) => message.fatal === true)
    if (fatal) throw fatal
    const chosen =
      typeof pick === 'number' ? conversations[pick] : conversations.find((conversation) => conversation.id === pick)
    if (!chosen) {
      const held = `${conversations.length} conversation${conversations.length === 1 ? '' : 's'}`
      file.fail(`no conversation ${JSON.stringify(pick)} in ${file.path || 'the file'} (it holds ${held})`, {
        ruleId: 'no-conversation',
        source: 'chatmark'
      })
    }
    file.data.conversations = conversations
    file.data.conversation = chosen
    return conversationToMdast(chosen, {...render, tool: toolOf(normalizer.formats, chosen.source).slug})
  }
}
