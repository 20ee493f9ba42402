import type {Conversation, Part, RenderOptions, Turn} from '@chatmark/core'
import {htmlWriter} from '@chatmark/writer-html'

/** A conversation of the given turns, with the fields every model has. */
export function conversationOf(turns: Turn[], fields: Partial<Conversation> = {}): Conversation {
  return {id: 'c-1', source: {format: 'test'}, participants: [], metadata: {}, turns, fidelity: {}, ...fields}
}

/** A user turn and an assistant turn holding `parts`. */
export function exchange(...parts: Part[]): Conversation {
  return conversationOf([
    {role: 'user', parts: [{type: 'text', text: 'Go.'}]},
    {role: 'assistant', parts}
  ])
}

/** A conversation's page, whole. */
export function page(conversation: Conversation, options?: RenderOptions): string {
  return [...htmlWriter.write(conversation, options)].join('')
}

/** The page's content: what `<main>` holds after the header. */
export function content(html: string): string {
  return html.slice(html.indexOf('</header>') + '</header>'.length, html.indexOf('</main>'))
}
