import type {ChatmarkToolCall} from '@chatmark/core'
import type {Element, ElementContent} from 'hast'
import type {State} from 'mdast-util-to-hast'
import {element} from './notice-element.js'

/**
 * A tool call as a fold, closed: its summary names the tool, says what the call did (the command, the path, the
 * query: `ChatmarkToolCall.summary`) and marks a failure; the input, the result and any subagent's turns are
 * inside. The label line the Markdown note starts the call with is left out (the summary says it), and so is the
 * fold around long output (the call is one).
 */
export function toolCallElement(state: State, node: ChatmarkToolCall): Element {
  const line: ElementContent[] = [element('span', ['tool-name'], [{type: 'text', value: node.name}])]
  if (node.summary) line.push({type: 'text', value: ' '}, element('span', ['tool-summary'], [text(node.summary)]))
  const status = node.isError ? 'error' : node.status
  if (status && !/^(?:success|completed?|ok|done)$/i.test(status)) {
    line.push({type: 'text', value: ' '}, element('span', ['tool-status'], [text(status)]))
  }
  // The call is a fold already: its long output is not folded again inside it.
  const body = node.children
    .filter((child) => child.type !== 'paragraph' || !child.data?.chatmarkToolLabel)
    .flatMap((child) => (child.type === 'chatmarkFold' && child.kind === 'tool-output' ? child.children : [child]))
  const className = node.isError ? ['tool-call', 'tool-call-error'] : ['tool-call']
  return element('details', className, [
    {type: 'text', value: '\n'},
    element('summary', [], line),
    {type: 'text', value: '\n'},
    element('div', ['tool-body'], state.wrap(state.all({...node, children: body}), true)),
    {type: 'text', value: '\n'}
  ])
}

function text(value: string): ElementContent {
  return {type: 'text', value}
}
