import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {Conversation, Normalized, NoticePart} from '@chatmark/core'
import {createNormalizer, inputFromBytes, inputFromPath} from '@chatmark/core'
import {cursor} from '@chatmark/format-cursor'

/** The package's golden cases. */
export const fixtures = fileURLToPath(new URL('../fixtures/', import.meta.url))

const normalizer = createNormalizer({builtins: [cursor()]})

/** Reads a file by path, detected. */
export async function readPath(path: string): Promise<Normalized> {
  return normalizer.normalize(await inputFromPath(path))
}

/** Reads bytes under a name, detected or forced to the cursor format. */
export async function readBytes(bytes: Uint8Array, name: string, force = false): Promise<Normalized> {
  return normalizer.normalize(inputFromBytes(bytes, name), force ? {format: 'cursor'} : {})
}

/** Writes files (paths to bytes or text) under a fresh temporary folder; returns the folder. */
export async function folder(files: Record<string, Uint8Array | string>): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), 'chatmark-cursor-'))
  for (const [path, value] of Object.entries(files)) {
    await mkdir(dirname(join(base, path)), {recursive: true})
    await writeFile(join(base, path), value)
  }
  return base
}

/** The notices of a conversation's turns. */
export function notices(conversation: Conversation | undefined): NoticePart[] {
  return (conversation?.turns ?? []).flatMap((turn) =>
    turn.parts.filter((part): part is NoticePart => part.type === 'notice')
  )
}
