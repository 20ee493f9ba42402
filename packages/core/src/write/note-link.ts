import {conversationTitle} from '../model/conversation-title.js'
import type {Conversation} from '../model/model.js'
import type {NoteLink} from './note-writer.js'

/**
 * What an index lists of a conversation's note, `href` empty until the note is written: its title, date (started,
 * else last updated), format and variant (`gemini (gemini-jsonl)`), tool (`tool`: the tool's name as people call
 * it, which the format's plugin knows: `toolOf`), project, turns and tokens (the total, else input and output).
 */
export function noteLinkOf(conversation: Conversation, tool: string): NoteLink {
  const {format, variant} = conversation.source
  const link: NoteLink = {
    href: '',
    title: conversationTitle(conversation),
    format: variant ? `${format} (${variant})` : format,
    tool,
    turns: conversation.turns.length
  }
  const date = conversation.createdAt ?? conversation.updatedAt
  if (date) link.date = date
  const {project, tokens} = conversation.metadata
  if (project) link.project = project
  const total = tokens?.total ?? ((tokens?.input ?? 0) + (tokens?.output ?? 0) || undefined)
  if (total !== undefined) link.tokens = total
  return link
}
