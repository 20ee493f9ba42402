import type {Readable} from 'node:stream'
import type {Entry, ZipFile} from 'yauzl'
import type {Input} from './input.js'
import {headOf} from './input.js'

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
    head(bytes) {
      return headOf(open(), bytes)
    }
  }
}

/** yauzl, imported on first use: only a `.zip` input needs it. */
async function loadYauzl(): Promise<typeof import('yauzl')> {
  return (await import('yauzl')).default
}

async function openZip(archive: Input): Promise<ZipFile> {
  const yauzl = await loadYauzl()
  const options = {lazyEntries: true, autoClose: false}
  if (archive.path !== undefined) {
    const path = archive.path
    return new Promise((resolve, reject) =>
      yauzl.open(path, options, (error, zip) => (error ? reject(error) : resolve(zip)))
    )
  }
  // Stdin or a buffer: the archive is already in memory.
  const chunks: Uint8Array[] = []
  for await (const chunk of archive.open()) chunks.push(chunk)
  const buffer = Buffer.concat(chunks)
  return new Promise((resolve, reject) =>
    yauzl.fromBuffer(buffer, options, (error, zip) => (error ? reject(error) : resolve(zip)))
  )
}

/**
 * A zip archive as a container input (a Slack export `.zip`): its files are
 * listed from the central directory and each is streamed on demand from one
 * open archive, so thousands of day files cost one directory read.
 */
export function zipContainerInput(archive: Input): Input {
  let opened: Promise<{zip: ZipFile; byPath: Map<string, Entry>}> | undefined
  const load = (): Promise<{zip: ZipFile; byPath: Map<string, Entry>}> =>
    (opened ??= openZip(archive).then(async (zip) => ({zip, byPath: await listEntries(zip, await loadYauzl())})))
  return {
    name: archive.name,
    ...(archive.path === undefined ? {} : {path: archive.path}),
    async *open() {},
    async head() {
      return new Uint8Array(0)
    },
    async entries() {
      const {byPath} = await load()
      return [...byPath.values()]
        .map((entry) => ({path: entry.fileName, size: entry.uncompressedSize}))
        .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))
    },
    async *openEntry(path) {
      const {zip, byPath} = await load()
      const entry = byPath.get(path)
      if (!entry) throw new Error(`${path} is not in ${archive.name}`)
      const stream = await new Promise<Readable>((resolve, reject) => {
        zip.openReadStream(entry, (error, readable) => (error ? reject(error) : resolve(readable)))
      })
      for await (const chunk of stream) yield chunk as Buffer
    }
  }
}

async function listEntries(zip: ZipFile, yauzl: typeof import('yauzl')): Promise<Map<string, Entry>> {
  return new Promise((resolve, reject) => {
    const byPath = new Map<string, Entry>()
    zip.on('entry', (entry: Entry) => {
      // Folders end in `/`; names that climb out of the archive are refused.
      if (!entry.fileName.endsWith('/') && yauzl.validateFileName(entry.fileName) === null)
        byPath.set(entry.fileName, entry)
      zip.readEntry()
    })
    zip.on('end', () => resolve(byPath))
    zip.on('error', reject)
    zip.readEntry()
  })
}

/** The shallowest entry whose base name is an export member. */
async function findMember(zip: ZipFile): Promise<Entry | undefined> {
  return new Promise((resolve, reject) => {
    let best: Entry | undefined
    const depth = (entry: Entry): number => entry.fileName.split('/').length
    zip.on('entry', (entry: Entry) => {
      const base = entry.fileName.split('/').pop() ?? ''
      if (exportMembers.includes(base) && !entry.fileName.endsWith('/') && (!best || depth(entry) < depth(best)))
        best = entry
      zip.readEntry()
    })
    zip.on('end', () => resolve(best))
    zip.on('error', reject)
    zip.readEntry()
  })
}
