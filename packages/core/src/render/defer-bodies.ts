import {randomBytes} from 'node:crypto'
import {longestStreak} from 'longest-streak'
import type {Code} from 'mdast'
import type {Handle} from 'mdast-util-to-markdown'
import {defaultHandlers} from 'mdast-util-to-markdown'
import type {Processor} from 'unified'
import type {ChatmarkMessage} from './mdast-nodes.js'
import {messageMarkdown} from './message-markdown.js'
import type {RemoteContent, RenderOptions} from './render-options.js'

/** A body that a serialised tree holds by placeholder. */
interface Body {
  text: string
  /** For message text, still to be contained: the heading depth of its section. Code is written as it is. */
  depth?: number
  /** For message text: `ChatmarkMessage.remoteContent`. */
  remoteContent?: RemoteContent
}

/** Bodies are handed out in pieces of about this many characters. */
const chunkChars = 1024 * 1024

/**
 * Where the bodies of a serialisation go: {@link deferBodies} puts each in
 * and writes a placeholder, {@link BodySink.fill} writes them back into the
 * serialised text, message text as the writer's `profile` spells it (see
 * `messageMarkdown`). One serialisation at a time (serialising is synchronous).
 */
export class BodySink {
  #bodies: Body[] = []
  readonly #nonce = randomBytes(6).toString('hex')
  readonly #pattern = new RegExp(`\u0000${this.#nonce}:(\\d+)\u0000`, 'g')
  readonly #profile: RenderOptions['profile']

  constructor(profile: RenderOptions['profile'] = 'gfm') {
    this.#profile = profile
  }

  /** Keeps a body; returns the one-line placeholder that stands for it. */
  placeholder(body: Body): string {
    return `\u0000${this.#nonce}:${this.#bodies.push(body) - 1}\u0000`
  }

  /** The serialised text with every placeholder replaced by its body, in pieces; the sink is then empty. */
  *fill(skeleton: string): Generator<string> {
    const bodies = this.#bodies
    this.#bodies = []
    let from = 0
    for (const match of skeleton.matchAll(this.#pattern)) {
      const before = skeleton.slice(from, match.index)
      if (before) yield before
      const body = bodies[Number(match[1])]
      if (body) {
        // Whatever precedes the placeholder on its line is container markup
        // (`> ` in a block quote): it must start every line of the body.
        const prefix = skeleton.slice(skeleton.lastIndexOf('\n', match.index) + 1, match.index)
        const text =
          body.depth === undefined
            ? body.text
            : messageMarkdown(body.text, body.depth, this.#profile, body.remoteContent)
        yield* prefixed(text, prefix)
      }
      from = match.index + match[0].length
    }
    const rest = skeleton.slice(from)
    if (rest) yield rest
  }
}

/**
 * A remark plugin for chatmark's own note writer, after `remarkChatmark`:
 * message text and code bodies, almost all of a note's size, stand in the
 * serialised text as one-line placeholders, and `sink.fill` writes them in
 * their place. The serialiser then does work per node, not per byte (it
 * tracks line and column through every string it joins), and a long message
 * is never copied into the output string. The result is the same text.
 */
export function deferBodies(this: Processor, sink: BodySink): undefined {
  const chatmarkMessage: Handle = (node: ChatmarkMessage) =>
    sink.placeholder({
      text: node.value,
      depth: node.depth,
      ...(node.remoteContent === undefined ? {} : {remoteContent: node.remoteContent})
    })
  // As mdast-util-to-markdown's own handler writes a fenced block, for an
  // info string of plain characters (any other goes through that handler).
  const code: Handle = (node: Code, parent, state, info) => {
    if (node.meta || (node.lang && !/^[\w+#.-]*$/.test(node.lang)))
      return defaultHandlers.code(node, parent, state, info)
    const fence = '`'.repeat(Math.max(longestStreak(node.value, '`') + 1, 3))
    const body = node.value === '' ? '' : `${sink.placeholder({text: node.value})}\n`
    return `${fence}${node.lang ?? ''}\n${body}${fence}`
  }
  const data = this.data()
  data.toMarkdownExtensions ??= []
  data.toMarkdownExtensions.push({handlers: {chatmarkMessage, code}})
  return undefined
}

function* prefixed(text: string, prefix: string): Generator<string> {
  if (prefix === '') {
    for (let start = 0; start < text.length; start += chunkChars) yield text.slice(start, start + chunkChars)
    return
  }
  const blank = prefix.trimEnd()
  const lines = text.split('\n')
  // The first line's prefix is already in the skeleton.
  yield lines.map((line, index) => (index === 0 ? line : line === '' ? blank : prefix + line)).join('\n')
}
