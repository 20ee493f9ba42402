import {createHash} from 'node:crypto'
import {stat, unlink} from 'node:fs/promises'
import type {Server, Socket} from 'node:net'
import {connect, createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'

/** Another sync holds the vault. */
export class VaultLockedError extends Error {
  constructor(
    readonly vault: string,
    readonly holder?: {pid: number; started: string}
  ) {
    super(VaultLockedError.describe(vault, holder))
    this.name = 'VaultLockedError'
  }

  /** The message, naming the vault as `shown` (as the person gave it). */
  static describe(shown: string, holder?: {pid: number; started: string}): string {
    const who = holder ? ` (process ${holder.pid}, started ${holder.started})` : ''
    return `another chatmark sync${who} is writing to ${shown}: wait for it to end`
  }
}

/** The longest path a Unix socket takes (`sun_path`: 104 bytes on macOS and the BSDs, 108 on Linux). */
const maxSocketPath = 103

/**
 * Takes the vault's lock, so that two runs cannot interleave their writes to
 * notes and state, and returns its release. The lock is a listening socket
 * named after the vault's `.chatmark` folder (its device and inode, so every
 * path to the same folder names the same lock): the operating system gives it
 * to one process at a time and takes it back the moment that process ends, a
 * `kill -9` included, so a lock is never left behind by a run that died and
 * never taken from one that lives. On Linux it is an abstract socket and on
 * Windows a named pipe (nothing on disk); elsewhere a socket file in
 * `.chatmark/` (its stale file, refusing connections, is replaced). `platform`
 * chooses among them (the socket file works on Linux too, so it is tested there).
 */
export async function lockVault(
  stateDir: string,
  vault: string,
  platform: NodeJS.Platform = process.platform
): Promise<() => Promise<void>> {
  const info = await stat(stateDir, {bigint: true})
  const key = createHash('sha256').update(`${info.dev}:${info.ino}`).digest('hex').slice(0, 32)
  const started = new Date().toISOString()
  const address = socketAddress(stateDir, key, platform)
  const server = createServer((socket) => {
    // Whoever asks is told who holds the lock, for its message.
    socket.end(JSON.stringify({pid: process.pid, started}))
  })
  server.unref()
  try {
    await listen(server, address.path)
  } catch (error) {
    if ((error as {code?: unknown}).code !== 'EADDRINUSE') throw error
    const holder = await askHolder(address.path)
    if (holder !== 'gone') throw new VaultLockedError(vault, holder)
    if (!address.file) throw new VaultLockedError(vault)
    // A socket file whose process has gone: removed and taken.
    await unlink(address.path).catch(() => undefined)
    try {
      await listen(server, address.path)
    } catch (again) {
      if ((again as {code?: unknown}).code === 'EADDRINUSE') throw new VaultLockedError(vault)
      throw again
    }
  }
  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()))
  }
}

function socketAddress(stateDir: string, key: string, platform: NodeJS.Platform): {path: string; file: boolean} {
  if (platform === 'linux') return {path: `\0chatmark-vault-${key}`, file: false}
  if (platform === 'win32') return {path: `\\\\?\\pipe\\chatmark-vault-${key}`, file: false}
  const path = join(stateDir, 'lock.sock')
  // A vault too deep for a socket's path has its lock in the temporary folder, named as on Linux.
  return {
    path: Buffer.byteLength(path) <= maxSocketPath ? path : join(tmpdir(), `chatmark-vault-${key}.sock`),
    file: true
  }
}

function listen(server: Server, path: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const failed = (error: Error): void => reject(error)
    server.once('error', failed)
    server.listen(path, () => {
      server.off('error', failed)
      resolve()
    })
  })
}

/** Who holds the lock, from its own answer; `gone` when nothing answers (a socket file its process left). */
function askHolder(path: string): Promise<{pid: number; started: string} | undefined | 'gone'> {
  return new Promise((resolve) => {
    let text = ''
    const socket: Socket = connect(path)
    socket.setEncoding('utf8')
    socket.on('data', (chunk: string) => {
      text += chunk
    })
    socket.on('end', () => {
      try {
        const value = JSON.parse(text) as {pid?: unknown; started?: unknown}
        if (typeof value.pid === 'number' && typeof value.started === 'string') {
          resolve({pid: value.pid, started: value.started})
          return
        }
      } catch {}
      resolve(undefined)
    })
    socket.on('error', (error: NodeJS.ErrnoException) => {
      resolve(error.code === 'ECONNREFUSED' || error.code === 'ENOENT' ? 'gone' : undefined)
    })
  })
}
