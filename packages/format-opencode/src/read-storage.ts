import type {Fidelity} from '@chatmark/core/model'
import {isRecord, numberOf} from '@chatmark/core/model'
import type {Input, InputEntry, ParseContext} from '@chatmark/core/read'
import {entryInput, readJsonDocument, shorten} from '@chatmark/core/read'
import {messageSource} from './message-source.js'
import {inlineMessage} from './message-v1.js'
import {storageFile} from './storage-layout.js'
import type {StoredMessage, StoredSession} from './types.js'

interface Keyed {
  id: string
  entry: InputEntry
}

/**
 * Reads the storage folder of OpenCode 1.1 and earlier (or a `.zip` of it):
 * one JSON file per session, message and part, in the layout of 0.x
 * (`session/info/`, `session/message/`, `session/part/`) or of 1.x
 * (`session/`, `message/`, `part/`; see `storage-layout.ts`). Yields the sessions oldest
 * first, each with its messages and parts in id order (OpenCode's ids grow
 * with time, and its own `Storage.list` sorts by them). A file that cannot
 * be read is reported and counted; the rest of its session is kept.
 */
export async function* readStorage(
  input: Input,
  list: () => Promise<InputEntry[]>,
  context: ParseContext
): AsyncGenerator<StoredSession> {
  const sessions = new Map<string, InputEntry>()
  const messages = new Map<string, Keyed[]>()
  const parts = new Map<string, Keyed[]>()
  for (const entry of await list.call(input)) {
    const file = storageFile(entry.path)
    if (file?.kind === 'session') sessions.set(file.session, entry)
    else if (file?.kind === 'message') push(messages, file.session, {id: file.message, entry})
    else if (file?.kind === 'part') push(parts, file.message, {id: file.part, entry})
  }
  if (sessions.size === 0 && messages.size === 0) {
    throw new Error(
      'expected an OpenCode storage folder (session/<project>/ses_*.json and message/ses_*/msg_*.json files, ' +
        `or session/info/ses_*.json and session/message/ses_*/msg_*.json before 1.0), found none in ${input.name}`
    )
  }

  const infos: Array<{id: string; info: Record<string, unknown>; fidelity: Fidelity}> = []
  for (const id of new Set([...sessions.keys(), ...messages.keys()])) {
    const fidelity: Fidelity = {}
    const entry = sessions.get(id)
    const read = entry ? await readRecord(input, entry, context, 'an OpenCode session') : undefined
    if (!read) {
      if (entry) count(fidelity, 'unreadable-session')
      else {
        context.file.message(
          `Messages of session ${shorten(id)} have no session file: the session is read without it`,
          {
            ruleId: 'missing-session-file',
            source: messageSource
          }
        )
      }
    }
    infos.push({id, info: {...read, id}, fidelity})
  }
  infos.sort((left, right) => created(left.info) - created(right.info) || compare(left.id, right.id))

  for (const {id, info, fidelity} of infos) {
    const stored: StoredMessage[] = []
    for (const message of (messages.get(id) ?? []).sort((left, right) => compare(left.id, right.id))) {
      const record = await readRecord(input, message.entry, context, 'an OpenCode message')
      if (!record) {
        count(fidelity, 'unreadable-message')
        continue
      }
      // Before the part files (early 0.x) a message kept its parts inline: part files, when there are any, win.
      const inline = inlineMessage(record)
      const files = parts.get(message.id) ?? []
      const read: StoredMessage = {
        id: message.id,
        info: {...inline.info, id: message.id},
        parts: files.length > 0 ? [] : inline.parts
      }
      for (const part of (parts.get(message.id) ?? []).sort((left, right) => compare(left.id, right.id))) {
        const data = await readRecord(input, part.entry, context, 'an OpenCode part')
        if (data) read.parts.push({...data, id: part.id})
        else count(fidelity, 'unreadable-part')
      }
      stored.push(read)
    }
    yield {info, messages: stored, fidelity}
  }
}

async function readRecord(
  input: Input,
  entry: InputEntry,
  context: ParseContext,
  expected: string
): Promise<Record<string, unknown> | undefined> {
  try {
    const value = await readJsonDocument(entryInput(input, entry.path, entry.size), context.limits, expected)
    if (isRecord(value)) return value
    throw new Error(`expected ${expected} (a JSON object), found ${Array.isArray(value) ? 'an array' : typeof value}`)
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    context.file.message(`Could not read ${entry.path} (${detail}): it is left out`, {
      ruleId: 'unreadable-file',
      source: messageSource
    })
    return undefined
  }
}

function created(info: Record<string, unknown>): number {
  const time = isRecord(info['time']) ? info['time'] : {}
  return numberOf(time['created']) ?? 0
}

function compare(left: string, right: string): number {
  return left < right ? -1 : left > right ? 1 : 0
}

function push(map: Map<string, Keyed[]>, key: string, value: Keyed): void {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}

function count(fidelity: Fidelity, reason: string): void {
  fidelity[reason] = (fidelity[reason] ?? 0) + 1
}
