import type {Readable} from 'node:stream'
import yauzl from 'yauzl'
import type {Entry, ZipFile} from 'yauzl'
import type {Input} from './input.js'

/**
 * The files of a data export that chatmark reads straight from its `.zip`,
 * shallowest first: ChatGPT and Claude.ai exports keep every conversation in
 * one `conversations.json` beside other files.
 */
export const exportMembers: readonly string[] = Object.freeze(['conversations.json'])

/**
 * A member of a zip archive as an input, or `undefined` when the archive holds
 * none of {@link exportMembers}. The archive is read through its central
 * directory (yauzl), so a multi-GB export is streamed, never unpacked to disk
 * or held in memory. The input is named `<archive>!<member>`.
 */
export async function zipMemberInput(archive: Input): Promise<Input | undefined> {
  const zip = await openZip(archive)
  let member: Entry | undefined
  try {
    member = await findMember(zip)
  } finally {
    zip.close()
  }
  if (!member) return undefined
  const name = member.fileName
  const size = member.uncompressedSize
  const open = async function* (): AsyncGenerator<Uint8Array> {
    const file = await openZip(archive)
    try {
      const entry = await findMember(file)
      if (!entry) throw new Error(`${name} is no longer in the archive`)
      const stream = await new Promise<Readable>((resolve, reject) => {
        file.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable)))
      })
      for await (const chunk of stream) yield chunk as Buffer
    } finally {
      file.close()
    }
  }
  return {
    name: `${archive.name}!${name}`,
    ...(archive.path === undefined ? {} : {path: archive.path}),
    size,
    open,
    async head(bytes) {
      const chunks: Uint8Array[] = []
      let total = 0
      for await (const chunk of open()) {
        chunks.push(chunk)
        total += chunk.byteLength
        if (total >= bytes) break
      }
      return Buffer.concat(chunks).subarray(0, bytes)
    }
  }
}

async function openZip(archive: Input): Promise<ZipFile> {
  const options = {lazyEntries: true, autoClose: false}
  if (archive.path !== undefined) {
    const path = archive.path
    return new Promise((resolve, reject) => yauzl.open(path, options, (error, zip) => (error ? reject(error) : resolve(zip))))
  }
  // Stdin or a buffer: the archive is already in memory.
  const chunks: Uint8Array[] = []
  for await (const chunk of archive.open()) chunks.push(chunk)
  const buffer = Buffer.concat(chunks)
  return new Promise((resolve, reject) => yauzl.fromBuffer(buffer, options, (error, zip) => (error ? reject(error) : resolve(zip))))
}

/** The shallowest entry whose base name is an export member. */
async function findMember(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    let best: Entry | undefined
    const depth = (entry: Entry): number => entry.fileName.split('/').length
    zip.on('entry', (entry: Entry) => {
      const base = entry.fileName.split('/').pop() ?? ''
      if (exportMembers.includes(base) && !entry.fileName.endsWith('/') && (!best || depth(entry) < depth(best))) best = entry
      zip.readEntry()
    })
    zip.on('end', () => resolve(best))
    zip.on('error', reject)
    zip.readEntry()
  })
}
