import filenamify from 'filenamify'
import type {Conversation} from '@chatmark/core'
import {conversationTitle, numberedFileName} from '@chatmark/core'

/** Longest title part of a note's file name, in characters (before the byte cap below). */
const maxTitleChars = 80

/**
 * A note's file name from its date and title: `2026-03-30-fix-the-parser.md`
 * (or the `extension` of another writer: `.html`, `.json`). Safe on every
 * common file system (no separators, no `..`, no reserved names, at most
 * {@link maxFileNameBytes} bytes); letters of any script are kept.
 */
export function noteFileName(conversation: Conversation, extension = '.md'): string {
  const date = (conversation.createdAt ?? conversation.updatedAt ?? '').slice(0, 10)
  const slug = conversationTitle(conversation)
    .normalize('NFC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
  const title = [...slug].slice(0, maxTitleChars).join('').replace(/-+$/, '') || 'conversation'
  const base = /^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}-${title}` : title
  // filenamify decomposes (NFD); names are composed again, as Linux and Windows expect.
  return numberedFileName(filenamify(`${base}${extension}`, {replacement: '-', maxLength: 120}).normalize('NFC'), 1)
}
