import assert from 'node:assert/strict'
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import type {Conversation, Normalized, TextNotice, Turn} from '@chatmark/core'
import {createNormalizer, inputFromFolder, inputFromPath, inputFromString} from '@chatmark/core'
import {slack} from '@chatmark/format-slack'

const day4 = 1709542800 // 2024-03-04T09:00:00Z

/** A Slack ts `minutes` after 2024-03-04T09:00:00Z. */
export const ts = (minutes: number, sequence = 0): string =>
  `${day4 + minutes * 60}.${String(sequence).padStart(6, '0')}`

export const message = (
  minutes: number,
  user: string,
  text: string,
  extra: Record<string, unknown> = {}
): Record<string, unknown> => ({type: 'message', ts: ts(minutes), user, text, ...extra})

export const users = [
  {id: 'U1', name: 'ada', real_name: 'Ada Lovelace', profile: {display_name: 'Ada', real_name: 'Ada Lovelace'}},
  {id: 'U2', name: 'grace', real_name: 'Grace Hopper', profile: {display_name: '', real_name: 'Grace Hopper'}},
  {id: 'U3', name: 'linus', profile: {}}
]
export const channels = [{id: 'C1', name: 'general', members: ['U1', 'U2'], topic: {value: 'Releases'}}]

/** Writes files (paths to JSON values, or raw text) under a fresh temporary folder. */
export async function folder(files: Record<string, unknown>): Promise<string> {
  const base = await mkdtemp(join(tmpdir(), 'chatmark-slack-'))
  for (const [path, value] of Object.entries(files)) {
    await mkdir(dirname(join(base, path)), {recursive: true})
    await writeFile(join(base, path), typeof value === 'string' ? value : JSON.stringify(value, null, 4))
  }
  return base
}

/** Reads an export folder, detected or with the format forced. */
export async function readFolder(
  files: Record<string, unknown>,
  options: {format?: string; formatOptions?: Record<string, unknown>} = {}
): Promise<Normalized> {
  const normalizer = createNormalizer({builtins: [slack()]})
  return normalizer.normalize(await inputFromFolder(await folder(files)), options)
}

/** Reads an export folder that must read without any message. */
export async function readExport(files: Record<string, unknown>): Promise<Conversation[]> {
  const {conversations, file, detection} = await readFolder(files)
  assert.equal(detection.format, 'slack')
  assert.deepEqual(file.messages.map(String), [])
  return conversations
}

/** Reads one file of a folder by its path. */
export async function readPath(
  files: Record<string, unknown>,
  path: string,
  formatOptions: Record<string, unknown> = {}
): Promise<Normalized> {
  const normalizer = createNormalizer({builtins: [slack()]})
  return normalizer.normalize(await inputFromPath(join(await folder(files), path)), {formatOptions})
}

/** Reads a lone day file given as its messages. */
export async function readDay(messages: unknown[]): Promise<Conversation> {
  const normalizer = createNormalizer({builtins: [slack()]})
  const {conversations} = await normalizer.normalize(inputFromString(JSON.stringify(messages), '2024-03-04.json'), {
    format: 'slack'
  })
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

export const texts = (turn: Turn | undefined): string[] =>
  (turn?.parts ?? []).flatMap((part) => (part.type === 'text' ? [part.text] : []))
// Slack's notices are all worded by its reader (channel events, deleted messages).
export const notices = (conversation: Conversation): TextNotice[] =>
  conversation.turns.flatMap((turn) =>
    turn.parts.filter((part): part is TextNotice => part.type === 'notice' && 'text' in part)
  )
/** The Markdown of a one-message day file's message. */
export const markdown = async (text: string, extra: Record<string, unknown> = {}): Promise<string> =>
  texts((await readDay([message(0, 'U1', text, extra)])).turns[0]).join('\n')
