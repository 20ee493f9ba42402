import {readFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {fileURLToPath} from 'node:url'
import type {SqlJsStatic} from 'sql.js'

/** The file of SQLite compiled to WebAssembly that sql.js runs. */
export const wasmFileName = 'sql-wasm.wasm'

const loaded = new Map<string, Promise<SqlJsStatic>>()

/**
 * Loads sql.js (SQLite compiled to WebAssembly: no native build, nothing to
 * compile at install) the first time a database is read, and only then, so a
 * run that reads no database never loads the 0.7 MB module.
 *
 * The `.wasm` file is read here and handed over as bytes, so sql.js never
 * looks for it itself: `wasmPath` when given; else beside this module or
 * one folder up (where the `chatmark` bundle keeps it: `bundleFiles` in this
 * package's package.json); else from the sql.js package.
 */
export function loadSqlite(wasmPath?: string): Promise<SqlJsStatic> {
  const key = wasmPath ?? ''
  let promise = loaded.get(key)
  if (!promise) {
    promise = start(wasmPath)
    // A failed load (a missing file) may be retried with another path.
    promise.catch(() => loaded.delete(key))
    loaded.set(key, promise)
  }
  return promise
}

async function start(wasmPath: string | undefined): Promise<SqlJsStatic> {
  const wasmBinary = await readWasm(wasmPath)
  const {default: initSqlJs} = await import('sql.js')
  const copy = new Uint8Array(wasmBinary.byteLength)
  copy.set(wasmBinary)
  return initSqlJs({wasmBinary: copy.buffer})
}

async function readWasm(wasmPath: string | undefined): Promise<Uint8Array> {
  const candidates = wasmPath
    ? [wasmPath]
    : [
        fileURLToPath(new URL(wasmFileName, import.meta.url)),
        fileURLToPath(new URL(`../${wasmFileName}`, import.meta.url)),
        packagedWasm()
      ].filter((path) => path !== undefined)
  for (const path of candidates) {
    try {
      return await readFile(path)
    } catch {
      // Try the next place.
    }
  }
  throw new Error(`could not find SQLite's WebAssembly file ${wasmFileName} (looked in ${candidates.join(', ')})`)
}

function packagedWasm(): string | undefined {
  try {
    return createRequire(import.meta.url).resolve(`sql.js/dist/${wasmFileName}`)
  } catch {
    return undefined
  }
}
