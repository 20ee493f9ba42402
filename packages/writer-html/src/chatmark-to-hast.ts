import type {
  ChatmarkAttachment,
  ChatmarkBranch,
  ChatmarkFold,
  ChatmarkMessage,
  ChatmarkNotice,
  ChatmarkToolCall,
  ChatmarkTurn
} from '@chatmark/core'
import {branchLines, isImageFile, turnDepth} from '@chatmark/core'
import type {Element, ElementContent} from 'hast'
import type {Code} from 'mdast'
import type {Handlers, State} from 'mdast-util-to-hast'
import {defaultHandlers} from 'mdast-util-to-hast'
import type {VFile} from 'vfile'
import {messageToHast} from './message-to-hast.js'
import {element, noticeElement as notice} from './notice-element.js'
import {rawHtml} from './raw-html.js'
import {toolCallElement} from './tool-call-element.js'
import {toolInputFields} from './tool-input-fields.js'

/**
 * mdast-util-to-hast handlers (remark-rehype's `handlers`) for chatmark's
 * node types: a turn is a `<section class="turn turn-<role>">`, a fold a
 * `<details>` with its title as summary, a notice an `<aside>` marked with its
 * level, a branch a section between the lines that open and close it, an
 * attachment's file a link to it, and message text is parsed ({@link messageToHast}). The frontmatter is not
 * content (the page's header shows it as a table), and raw HTML is shown as
 * text ({@link rawHtml}).
 */
export const chatmarkHandlers: Handlers = {
  chatmarkTurn: (state: State, node: ChatmarkTurn) =>
    element(
      'section',
      ['turn', `turn-${node.role}`, ...(node.nested ? ['turn-nested'] : [])],
      state.wrap(state.all(node), true)
    ),
  chatmarkFold: (state: State, node: ChatmarkFold) =>
    element(
      'details',
      ['fold', `fold-${node.kind}`],
      [
        {type: 'text', value: '\n'},
        element('summary', [], [{type: 'text', value: node.title}]),
        {type: 'text', value: '\n'},
        element('div', ['fold-body'], state.wrap(state.all(node), true)),
        {type: 'text', value: '\n'}
      ]
    ),
  chatmarkToolCall: (state: State, node: ChatmarkToolCall) => toolCallElement(state, node),
  code: codeElement,
  chatmarkNotice: (state: State, node: ChatmarkNotice) => notice(node.level, state.all(node)),
  chatmarkBranch(state: State, node: ChatmarkBranch) {
    const {open, close} = branchLines(node)
    const children = [
      notice('info', [{type: 'text', value: open}]),
      ...state.all(node),
      notice('info', [{type: 'text', value: close}])
    ]
    return element('section', ['branch'], state.wrap(children, true))
  },
  chatmarkMessage: (state: State, node: ChatmarkMessage) => messageToHast(node.value, node.depth, messagePrefix(state)),
  chatmarkAttachment: (_state: State, node: ChatmarkAttachment) => attachmentLink(node),
  chatmarkFrontmatter: () => undefined,
  html: rawHtml
}

/**
 * A code block, as mdast-util-to-hast writes it, but for what a tool call's blocks say they are (`CodeData`): an
 * input object as its fields, and a result that is Markdown (a subagent's answer) rendered as message text is,
 * under its depth's headings.
 */
function codeElement(state: State, node: Code): Element | ElementContent[] {
  const fields = node.data?.chatmarkToolInput === undefined ? undefined : toolInputFields(node.data.chatmarkToolInput)
  if (fields) return fields
  if (node.data?.chatmarkMarkdown) {
    return element('div', ['tool-markdown'], messageToHast(node.value, turnDepth, messagePrefix(state)))
  }
  return defaultHandlers.code(state, node)
}

/**
 * An attachment's file as a link to it (`Image: chart.png`), never an
 * `<img>`: the page loads nothing, and the file is beside the page, not in it.
 */
function attachmentLink(node: ChatmarkAttachment): Element {
  const label = `${isImageFile(node) ? 'Image' : 'File'}: ${node.name}`
  const link: Element = {
    type: 'element',
    tagName: 'a',
    properties: {className: ['attachment-link'], href: node.path},
    children: [{type: 'text', value: label}]
  }
  return element('p', ['attachment-file'], [link])
}

/** Messages converted so far on a page, by the page's file (one per page, every turn run with it). */
const messageCounts = new WeakMap<object, number>()

/** `m12-`: the twelfth message of the page, so that footnote ids of two messages never collide. */
function messagePrefix(state: State): string {
  const file: VFile | object = state.options.file ?? state
  const count = (messageCounts.get(file) ?? 0) + 1
  messageCounts.set(file, count)
  return `m${count}-`
}
