import {createHash} from 'node:crypto'
import type {AttachmentLink, AttachmentPart, Conversation, Input, Turn} from '@chatmark/core'
import {attachmentBytes, attachmentsOf, inputFromBytes} from '@chatmark/core'
import {fileTypeFromBuffer} from 'file-type'

/** The folder of the vault that holds attachments, one file per content. */
export const attachmentsFolder = 'attachments'

/** What an attachment is read from when the conversation's input is not known: nothing. */
const noInput = inputFromBytes(new Uint8Array(0), '<none>')

/** Where a note's attachments are, by part: for `RenderOptions.attachmentLink`. */
export type AttachmentLinks = Map<AttachmentPart, AttachmentLink>

/** A file of the vault's `attachments/` folder, to write unless it is there (its name is its content's hash). */
export interface AttachmentFile {
  /** The vault path (`attachments/…`). */
  path: string
  bytes: Uint8Array
}

/** Where a note's attachments go: the links its parts get, and the files to write. */
export interface NoteAttachments {
  links: AttachmentLinks
  files: AttachmentFile[]
}

/**
 * The attachments of a conversation that its source holds (base64 in a
 * session, a file of an export), each once under `attachments/`, named by
 * the SHA-256 of its bytes, with the extension its bytes say (file-type),
 * else its name's, else its media type's: the same image in a hundred
 * sessions is one file. The links say where each part is, for the note to
 * embed: a vault path under the Obsidian profile (wikilinks are by path from
 * the vault's root), else a path relative to the note at `notePath`. A part
 * whose file cannot be had gets the reason, which the note shows. Reads
 * nothing of the vault: whoever writes the files checks which are there.
 */
export async function noteAttachments(
  conversation: Conversation,
  input: Input | undefined,
  notePath: string,
  fromVaultRoot: boolean
): Promise<NoteAttachments> {
  const links: AttachmentLinks = new Map()
  const files: AttachmentFile[] = []
  const written = new Map<string, string>()
  const withText = attachmentsWithText(conversation.turns)
  for (const part of attachmentsOf(conversation)) {
    if (part.data === undefined && part.entry === undefined) {
      // A file whose text the note shows right after it (a Gemini or Qwen `@file`) is not missing.
      if (!withText.has(part)) links.set(part, {unresolved: 'the source holds only its description, not the file'})
      continue
    }
    let bytes: Uint8Array | undefined
    try {
      // Base64 needs no input; an export's file does (none given: it cannot be had).
      bytes = await attachmentBytes(part, input ?? noInput)
    } catch (error) {
      links.set(part, {unresolved: error instanceof Error ? error.message : String(error)})
      continue
    }
    if (bytes === undefined) {
      links.set(part, {unresolved: part.entry ? `${part.entry} is not in the export` : 'its data is not valid base64'})
      continue
    }
    const hash = createHash('sha256').update(bytes).digest('hex')
    let path = written.get(hash)
    if (path === undefined) {
      path = `${attachmentsFolder}/${hash.slice(0, 32)}${await extensionOf(bytes, part)}`
      files.push({path, bytes})
      written.set(hash, path)
    }
    const depth = notePath.split('/').length - 1
    links.set(part, {path: fromVaultRoot ? path : `${'../'.repeat(depth)}${path}`})
  }
  return {links, files}
}

/** `.png`, from the bytes (file-type reads the magic numbers), else the part's name, else its media type. */
async function extensionOf(bytes: Uint8Array, part: AttachmentPart): Promise<string> {
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined)
  if (type) return `.${type.ext}`
  const named = /\.([a-z0-9]{1,8})$/i.exec(part.name ?? '')?.[1]
  if (named) return `.${named.toLowerCase()}`
  const subtype = /^[a-z]+\/([a-z0-9.+-]+)$/i.exec(part.mimeType ?? '')?.[1]
  if (subtype === 'plain') return '.txt'
  if (subtype && /^[a-z0-9]{1,8}$/i.test(subtype)) return `.${subtype.toLowerCase()}`
  return '.bin'
}

/** The attachments a turn follows with a code part (the file's text), in the turns, branches and subagents. */
function attachmentsWithText(turns: readonly Turn[]): Set<AttachmentPart> {
  const found = new Set<AttachmentPart>()
  const lists: Array<readonly Turn[]> = [turns]
  for (let list = lists.pop(); list !== undefined; list = lists.pop()) {
    for (const turn of list) {
      turn.parts.forEach((part, index) => {
        if (part.type === 'attachment' && turn.parts[index + 1]?.type === 'code') found.add(part)
        else if (part.type === 'branch') lists.push(part.turns)
        else if (part.type === 'tool-call' && part.subagent) lists.push(part.subagent)
      })
    }
  }
  return found
}
