import {fileURLToPath} from 'node:url'
import type {Normalized} from '@chatmark/core'
import {createNormalizer, inputFromBytes, inputFromPath} from '@chatmark/core'
import {crush} from '@chatmark/format-crush'

/** This package's folder. */
export const here = fileURLToPath(new URL('../', import.meta.url))
/** The golden databases and the real, empty one (fixtures/PROVENANCE.md). */
export const database2025 = `${here}fixtures/database/input.db`
export const database2026 = `${here}fixtures/database-2026/input.db`
export const emptyReal = `${here}test/fixtures/empty-2026.db`

export const normalizer = createNormalizer({builtins: [crush()]})

/** Reads a file by path. */
export async function readPath(path: string, format?: string): Promise<Normalized> {
  return normalizer.normalize(await inputFromPath(path), format ? {format} : {})
}

/** Reads bytes under a name, detected or forced. */
export async function readBytes(bytes: Uint8Array, name: string, format?: string): Promise<Normalized> {
  return normalizer.normalize(inputFromBytes(bytes, name), format ? {format} : {})
}
