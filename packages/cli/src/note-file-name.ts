import filenamify from 'filenamify'
import type {Conversation} from '@chatmark/core'
import {conversationTitle} from '@chatmark/core'

/** Longest title part of a note's file name, in characters (before the byte cap below). */
const maxTitleChars = 80

/**
 * Longest file name, in UTF-8 bytes, number and extension included: the limit
 * of ext4, btrfs, XFS, APFS and ZFS (NTFS counts 255 UTF-16 units, which is never less).
 */
export const maxFileNameBytes = 255

/**
 * Stems Windows reserves for devices, whatever the extension (`con.md`,
 * `nul.tar.md`), case-insensitively; the superscript digits count as digits there.
 */
const reservedStem = /^(?:con|prn|aux|nul|com[0-9¹²³]|lpt[0-9¹²³])$/iu

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

/**
 * The `attempt`th name for a note called `name`: `name` itself, then
 * `<stem>-2<extension>`, `<stem>-3<extension>`... The stem is shortened, by
 * whole characters (grapheme clusters), so that the name, number included,
 * fits in {@link maxFileNameBytes} UTF-8 bytes; a stem Windows reserves for a
 * device gets `-note` after it.
 */
export function numberedFileName(name: string, attempt: number): string {
  const dot = name.indexOf('.', 1)
  const extension = dot === -1 ? '' : name.slice(dot)
  let stem = dot === -1 ? name : name.slice(0, dot)
  if (reservedStem.test(stem)) stem = `${stem}-note`
  const suffix = `${attempt === 1 ? '' : `-${attempt}`}${extension}`
  const budget = maxFileNameBytes - Buffer.byteLength(suffix)
  if (Buffer.byteLength(stem) > budget) stem = cutToBytes(stem, budget).replace(/-+$/, '') || 'note'
  return `${stem}${suffix}`
}

/** The longest run of whole grapheme clusters from the start of `text` that fits in `bytes` UTF-8 bytes. */
function cutToBytes(text: string, bytes: number): string {
  let kept = ''
  let size = 0
  for (const {segment} of new Intl.Segmenter(undefined, {granularity: 'grapheme'}).segment(text)) {
    size += Buffer.byteLength(segment)
    if (size > bytes) break
    kept += segment
  }
  return kept
}
