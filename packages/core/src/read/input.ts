import {closeSync, createReadStream, openSync, readSync, statSync} from 'node:fs'
import {lstat, open, readdir, stat} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import type {Readable} from 'node:stream'
import {defaultLimits} from './limits.js'
import {formatBytes} from './read-json-lines.js'

/** A file inside a folder or archive input. */
export interface InputEntry {
  /** Path relative to the container, `/`-separated. */
  path: string
  /** Size in bytes, when known. */
  size?: number
}

/**
 * Something to convert: a file, a buffer or stdin. It can be read from the
 * start more than once (the dispatcher reads the head, the format the whole).
 */
export interface Input {
  /** Name used in messages: the path, or `<stdin>`. */
  name: string
  /** Path on disk, when the input is a file. */
  path?: string
  /** Size in bytes, when known. */
  size?: number
  /** A fresh stream of the whole input, from its first byte. */
  open(): AsyncIterable<Uint8Array>
  /** Up to `bytes` bytes from the start. */
  head(bytes: number): Promise<Uint8Array>
  /**
   * For a container (a folder, or an archive that is not a single export
   * file): its files, sorted by path. Formats that read containers (a Slack
   * export) use this and {@link Input.openEntry}; `open` and `head` of a
   * container yield nothing.
   */
  entries?(): Promise<InputEntry[]>
  /** For a container: one of its files, streamed. */
  openEntry?(path: string): AsyncIterable<Uint8Array>
  /**
   * For a file of a folder or archive (a data export's `conversations.json`,
   * read from the `.zip` or from the folder it was unpacked to): that folder or
   * archive, as a container. Formats resolve the files the input refers to
   * among its entries (an export's uploaded images: `AttachmentPart.entry`),
   * and `attachmentBytes` reads them through it. A file on disk has its own
   * folder (listed two folders deep, at most 100,000 files); stdin and
   * buffers have none.
   */
  container?: Input
}

/**
 * How much of a file's folder its {@link Input.container} lists: files at most
 * two folders down (`dalle-generations/x.webp`, `user-1/file_2.png`), and at
 * most 100,000 of them, so a `conversations.json` left in a home folder does
 * not walk the whole disk. Hidden entries and symbolic links are left out.
 */
const siblingListing = Object.freeze({maxDepth: 2, maxEntries: 100_000})

/** Chunk size for file reads: large enough that per-chunk work is negligible. */
const readChunkBytes = 1024 * 1024

/** Options for {@link inputFromPath}. */
export interface PathInputOptions {
  /**
   * Read with blocking calls, for a worker thread that has nothing else to
   * do meanwhile: libuv's thread pool, which the whole process shares, is then
   * left to the main thread's writes and fsyncs. Waiting behind them, two
   * workers converting 1,500 sessions spent 8% of their time idle.
   */
  blocking?: boolean
}

/** An input read from a file on disk; its {@link Input.container} is the folder it is in. */
export async function inputFromPath(path: string, options: PathInputOptions = {}): Promise<Input> {
  const stats = options.blocking ? statSync(path) : await stat(path)
  return {
    name: path,
    path,
    // A file of the kernel's (`/proc/self/status`) has the size 0 and text all the same: its size is unknown, and it
    // is read as far as the head goes, not taken for empty.
    ...(stats.size > 0 ? {size: stats.size} : {}),
    container: folderInput(dirname(path), siblingListing),
    open() {
      return options.blocking ? readBlocking(path, stats.size) : createReadStream(path, {highWaterMark: readChunkBytes})
    },
    async head(bytes) {
      const count = stats.size > 0 ? Math.min(bytes, stats.size) : bytes
      if (options.blocking) return headBlocking(path, count)
      const handle = await open(path, 'r')
      try {
        const buffer = Buffer.alloc(count)
        const {bytesRead} = await handle.read(buffer, 0, buffer.length, 0)
        return buffer.subarray(0, bytesRead)
      } finally {
        await handle.close()
      }
    }
  }
}

/** A file's bytes in chunks of up to {@link readChunkBytes}, read with blocking calls (see `PathInputOptions`). */
async function* readBlocking(path: string, size: number): AsyncGenerator<Uint8Array> {
  const fd = openSync(path, 'r')
  try {
    for (let position = 0; ; ) {
      // Each chunk is its own buffer: a reader may keep what it was given.
      const buffer = Buffer.allocUnsafe(Math.min(readChunkBytes, Math.max(size - position, 64 * 1024)))
      const read = readSync(fd, buffer, 0, buffer.length, null)
      if (read === 0) return
      position += read
      yield buffer.subarray(0, read)
    }
  } finally {
    closeSync(fd)
  }
}

function headBlocking(path: string, bytes: number): Uint8Array {
  const fd = openSync(path, 'r')
  try {
    const buffer = Buffer.alloc(bytes)
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0))
  } finally {
    closeSync(fd)
  }
}

/** An input held in memory. */
export function inputFromBytes(bytes: Uint8Array, name = '<buffer>'): Input {
  return {
    name,
    size: bytes.byteLength,
    async *open() {
      for (let start = 0; start < bytes.byteLength; start += readChunkBytes) {
        yield bytes.subarray(start, start + readChunkBytes)
      }
    },
    async head(count) {
      return bytes.subarray(0, count)
    }
  }
}

/** An input from a string (encoded as UTF-8). */
export function inputFromString(text: string, name = '<string>'): Input {
  return inputFromBytes(Buffer.from(text, 'utf8'), name)
}

/**
 * An input from a one-shot stream such as stdin. The stream is buffered whole,
 * because detection and parsing both read it from the start, so it is read
 * only up to `maxBytes` (default: `maxInputBytes` of {@link defaultLimits}):
 * past it, reading stops and this throws, naming the limit (`chatmark - <
 * /dev/zero` ends instead of filling memory).
 */
export async function inputFromStream(
  stream: Readable | AsyncIterable<Uint8Array>,
  name = '<stdin>',
  maxBytes = defaultLimits.maxInputBytes
): Promise<Input> {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const read of stream as AsyncIterable<Uint8Array | string>) {
    const chunk = typeof read === 'string' ? Buffer.from(read) : read
    total += chunk.byteLength
    if (total > maxBytes) {
      // Stop the stream too: a pipe that never ends would keep the process alive.
      if ('destroy' in stream && typeof stream.destroy === 'function') stream.destroy()
      throw new Error(
        `${name} is over the ${formatBytes(maxBytes)} limit for input read into memory (maxInputBytes): save it to ` +
          'a file and convert the file'
      )
    }
    chunks.push(chunk)
  }
  return inputFromBytes(Buffer.concat(chunks), name)
}

/**
 * A folder as one input: a container whose entries are its regular files,
 * found recursively (hidden entries and symbolic links left out, so a synced
 * folder cannot lead the reader elsewhere).
 */
export async function inputFromFolder(path: string): Promise<Input> {
  const info = await stat(path)
  if (!info.isDirectory()) throw new Error(`${path} is not a folder`)
  return folderInput(path)
}

/** How far a folder is listed: folders below the root, and files in all. */
interface Listing {
  maxDepth: number
  maxEntries: number
}

const unbounded: Listing = {maxDepth: Number.POSITIVE_INFINITY, maxEntries: Number.POSITIVE_INFINITY}

/** A folder as a container input, listed on first use (see {@link inputFromFolder}). */
function folderInput(path: string, listing: Listing = unbounded): Input {
  let listed: Promise<InputEntry[]> | undefined
  return {
    name: path,
    path,
    async *open() {},
    async head() {
      return new Uint8Array(0)
    },
    entries() {
      listed ??= listFiles(path, '', listing, 0, {count: 0}, [])
      return listed
    },
    openEntry(entry) {
      return createReadStream(join(path, ...entry.split('/')), {highWaterMark: readChunkBytes})
    }
  }
}

/**
 * Adds the files under `prefix` to `files`, in order. One list is filled all the way down: a subfolder's files
 * spread into its parent's list (`push(...files)`) overflowed the stack past some 100,000 (an export in a folder).
 */
async function listFiles(
  root: string,
  prefix: string,
  listing: Listing,
  depth: number,
  found: {count: number},
  files: InputEntry[]
): Promise<InputEntry[]> {
  for (const name of (await readdir(join(root, prefix))).sort()) {
    if (name.startsWith('.')) continue
    if (found.count >= listing.maxEntries) break
    const relative = prefix ? `${prefix}/${name}` : name
    const info = await lstat(join(root, relative))
    if (info.isDirectory()) {
      if (depth < listing.maxDepth) await listFiles(root, relative, listing, depth + 1, found, files)
    } else if (info.isFile()) {
      files.push({path: relative, size: info.size})
      found.count++
    }
  }
  return files
}

/** One file of a container as an ordinary input, named `<container>/<path>`, with the container as its own. */
export function entryInput(container: Input, path: string, size?: number): Input {
  const openEntry = container.openEntry
  if (!openEntry) throw new Error(`${container.name} is not a folder or archive`)
  return streamedInput({name: `${container.name}/${path}`, ...(size === undefined ? {} : {size}), container}, () =>
    openEntry.call(container, path)
  )
}

/**
 * An input that can only be read from the start (a folder entry, an archive
 * member, a decompressed or decoded file): `open` gives its bytes, and its
 * head is the first bytes of a fresh stream.
 */
export function streamedInput(
  about: Pick<Input, 'name'> & Partial<Pick<Input, 'path' | 'size' | 'container'>>,
  open: () => AsyncIterable<Uint8Array>
): Input {
  return {...about, open, head: (bytes) => headOf(open(), bytes)}
}

/** What an input that reads another one differently (decompressed, decoded) keeps of it: name, path, container. */
export function sameFileAs(input: Input): Pick<Input, 'name'> & Partial<Pick<Input, 'path' | 'container'>> {
  return {
    name: input.name,
    ...(input.path === undefined ? {} : {path: input.path}),
    ...(input.container === undefined ? {} : {container: input.container})
  }
}

/**
 * The first `bytes` bytes of a stream, for inputs that can only be read from
 * the start (an archive member, a decompressed file, a folder entry). Stops
 * reading once it has them.
 */
export async function headOf(stream: AsyncIterable<Uint8Array>, bytes: number): Promise<Uint8Array> {
  const chunks: Uint8Array[] = []
  let total = 0
  for await (const chunk of stream) {
    chunks.push(chunk)
    total += chunk.byteLength
    if (total >= bytes) break
  }
  return Buffer.concat(chunks).subarray(0, bytes)
}
