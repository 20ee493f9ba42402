import type {Nodes} from 'mdast'
import type {ChatmarkNotice, Flow} from './mdast-nodes.js'
import {closeHtmlBlock} from './contain-markdown.js'
import {notParsedText, parseMessage} from './parse-message.js'
import type {RemoteContent, ResolvedRenderOptions} from './render-options.js'

/**
 * Message text in a section at heading `depth`: verbatim by default (a
 * `chatmarkMessage` node, contained when serialised), or parsed into mdast
 * with `parseMessages` (see `parseMessage`), its headings pushed below
 * `depth`; text over the parse budget is kept verbatim, under a notice that
 * says why. Positions are in the message's text.
 */
export function messageToMdast(text: string, depth: number, options: ResolvedRenderOptions): Flow[] {
  if (!/\S/.test(text)) return []
  const verbatim: Flow[] = [{type: 'chatmarkMessage', value: text, depth, ...remoteField(options.remoteContent)}]
  if (!options.parseMessages) return verbatim
  const parsed = parseMessage(text)
  if ('refused' in parsed) {
    const notice: ChatmarkNotice = {
      type: 'chatmarkNotice',
      level: 'info',
      children: [{type: 'text', value: notParsedText(parsed.refused)}]
    }
    return [notice, ...verbatim]
  }
  for (const node of parsed.nodes) contain(node, depth, options.remoteContent)
  return parsed.nodes
}

/** `ChatmarkMessage.remoteContent`, set only when it is not the default (`link`): trees stay as they were. */
export function remoteField(remoteContent: RemoteContent): {remoteContent?: RemoteContent} {
  return remoteContent === 'link' ? {} : {remoteContent}
}

// The parsed tree is re-printed, so it gets the same containment as verbatim
// text: headings below the section, HTML blocks that only end at their own
// terminator closed (a code fence is re-printed closed by its handler), line
// endings `\n` (a bare `\r` kept in a code block's value ended a line in the
// note without the `> ` of the block quote that holds it). A loop over a stack,
// not recursion: a message's nesting is as deep as its author made it.
function contain(root: Nodes, depth: number, remoteContent: RemoteContent): void {
  const stack: Nodes[] = [root]
  for (let node = stack.pop(); node; node = stack.pop()) {
    // Images and raw HTML say what Markdown does with them (see `remote-content-handlers.ts`).
    if (node.type === 'image' || node.type === 'imageReference' || node.type === 'html')
      node.data = {...node.data, chatmarkRemoteContent: remoteContent}
    if (node.type === 'heading') node.depth = Math.min(6, node.depth + depth) as 1 | 2 | 3 | 4 | 5 | 6
    if ('value' in node && node.value.includes('\r')) node.value = node.value.replace(/\r\n?/g, '\n')
    if (node.type === 'html') node.value = closeHtmlBlock(node.value)
    if ('children' in node) for (const child of node.children) stack.push(child)
  }
}
