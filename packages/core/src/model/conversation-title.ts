import type {Conversation} from './model.js'

const maxDerivedTitle = 80

/**
 * The note's title: the conversation's own, else the first line of the first
 * user message (cut at 80 characters), else the format name and id.
 */
export function conversationTitle(conversation: Conversation): string {
  const own = conversation.title?.trim()
  if (own) return own
  for (const turn of conversation.turns) {
    if (turn.role !== 'user') continue
    for (const part of turn.parts) {
      if (part.type !== 'text') continue
      const line = part.text
        .split('\n')
        .find((candidate) => /\S/.test(candidate))
        ?.trim()
      if (line)
        return [...line].length > maxDerivedTitle ? `${[...line].slice(0, maxDerivedTitle - 1).join('')}…` : line
    }
  }
  return `${conversation.source.format} conversation ${conversation.id}`
}
