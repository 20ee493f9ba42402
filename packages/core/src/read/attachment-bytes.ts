import type {AttachmentPart} from '../model/model.js'
import {isEntryPath} from '../model/validate-conversation.js'
import type {Input} from './input.js'
import type {Limits} from './limits.js'
import {defaultLimits} from './limits.js'
import {formatBytes} from './read-json-lines.js'

/** Base64 as `AttachmentPart.data` holds it: the standard or the URL-safe alphabet, no line breaks. */
const base64Pattern = /^[A-Za-z0-9+/_-]*={0,2}$/

/** The entries of each container read from, listed once. */
const listings = new WeakMap<Input, Promise<ReadonlySet<string>>>()

/**
 * The bytes of an attachment: its `data` decoded, or its `entry` read from the
 * folder or archive the conversation came from. `input` is the input the
 * format read (`Reading.input`, which for an export `.zip` is its
 * `conversations.json`), a file on disk (its folder is its container), or a
 * folder or archive container itself. An entry is read only when the
 * container lists it (a path cannot climb out of it), through the
 * container's own reader, so a zip member is held to the expansion limits it
 * was opened with; the bytes are held in memory, so at most
 * `limits.maxInputBytes` of them (past it, this throws, naming the limit).
 *
 * Returns `undefined` when the part has neither, when its `data` is not
 * base64, or when its entry is not in the container (a file the export does
 * not include). A read that fails (a damaged archive, a file that went away)
 * throws.
 *
 * @example
 *   const reading = await normalizer.read(await inputFromPath('export.zip'))
 *   for await (const conversation of reading.conversations)
 *     for (const part of attachmentsOf(conversation)) await attachmentBytes(part, reading.input)
 */
export async function attachmentBytes(
  part: AttachmentPart,
  input: Input,
  limits: Partial<Pick<Limits, 'maxInputBytes'>> = {}
): Promise<Uint8Array | undefined> {
  if (part.data !== undefined) {
    if (typeof part.data !== 'string' || !base64Pattern.test(part.data)) return undefined
    return Buffer.from(part.data, 'base64')
  }
  const entry = part.entry
  if (!isEntryPath(entry)) return undefined
  const container = input.entries && input.openEntry ? input : input.container
  if (!container?.entries || !container.openEntry) return undefined
  let listing = listings.get(container)
  if (!listing) {
    const list = container.entries.bind(container)
    listing = list().then((entries) => new Set(entries.map((item) => item.path)))
    listings.set(container, listing)
  }
  if (!(await listing).has(entry)) return undefined
  const maxBytes = limits.maxInputBytes ?? defaultLimits.maxInputBytes
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of container.openEntry(entry)) {
    total += chunk.byteLength
    if (total > maxBytes) {
      throw new Error(
        `${entry} in ${container.name} is over the ${formatBytes(maxBytes)} limit for a file read into memory ` +
          '(maxInputBytes): not read'
      )
    }
    chunks.push(chunk)
  }
  return Buffer.concat(chunks)
}
