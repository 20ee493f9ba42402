import {readFile} from 'node:fs/promises'
import {basename, dirname, join} from 'node:path'
import type {Conversation, ConversationMetadata} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import type {Database} from '@chatmark/sqlite'
import {openDatabase, sqlRow} from '@chatmark/sqlite'
import {cursorTime} from '../epoch-time.js'
import {messageSource} from '../message-source.js'
import {participants} from '../participants.js'
import {storeVariant} from '../variants.js'
import {AgentTurns} from './agent-turns.js'
import {leafJson, walkTree} from './blob-tree.js'

/**
 * Reads a Cursor CLI session store (`~/.cursor/chats/<md5 of cwd>/<session>/store.db`,
 * with its `-wal`) as one conversation: `meta` row `'0'` (hex-encoded JSON:
 * `name`, `createdAt`, `latestRootBlobId`, `lastUsedModel`; its
 * `blobEncryptionKey` is never read out), the message blobs the root names in
 * order, and the `meta.json` beside the store (`cwd`, `title`, `updatedAtMs`).
 */
export async function* readStore(
  input: Input,
  context: ParseContext,
  wasmPath: string | undefined
): AsyncGenerator<Conversation> {
  const report = (reason: string, ruleId: string): void => {
    context.file.message(reason, {ruleId, source: messageSource})
  }
  const database = await openDatabase(input, context, {tool: 'Cursor CLI', source: messageSource, wasmPath})
  let conversation: Conversation
  try {
    conversation = await storeConversation(database, input, report)
  } finally {
    database.close()
  }
  // A store is written once the session has a conversation; one whose tree names no message holds nothing to show.
  if (conversation.turns.length === 0) report(`${input.name} holds no message of the session yet`, 'empty-session')
  else yield conversation
}

async function storeConversation(
  database: Database,
  input: Input,
  report: (reason: string, ruleId: string) => void
): Promise<Conversation> {
  const meta = storeMeta(database, input.name)
  const side = input.path ? await sideMeta(input.path) : {}
  const turns = new AgentTurns()
  const root = stringOf(meta['latestRootBlobId'])
  if (root) {
    const problems = {brokenTrees: 0}
    const read = (id: string): Uint8Array | undefined => {
      const data = sqlRow(database, input.name, 'SELECT data FROM blobs WHERE id = ?', [id])?.['data']
      return data instanceof Uint8Array ? data : typeof data === 'string' ? new TextEncoder().encode(data) : undefined
    }
    const leaves = walkTree(root, read, problems)
    let missing = 0
    for (const leaf of leaves) {
      if ('missing' in leaf) {
        missing++
        continue
      }
      const message = leafJson(leaf.bytes)
      if (message === undefined) turns.count('unreadable-message')
      else turns.add(message)
    }
    if (missing > 0) turns.count('missing-blob', missing)
    if (missing + problems.brokenTrees > 0) {
      report(
        `${input.name}: ${missing + problems.brokenTrees} blob(s) of the conversation's tree are missing or ` +
          'damaged: the messages they held are left out',
        'missing-blob'
      )
    }
    if (turns.fidelity['unreadable-message']) {
      report(
        `${input.name}: ${turns.fidelity['unreadable-message']} message blob(s) hold no JSON`,
        'unreadable-message'
      )
    }
  } else {
    report(`${input.name}: meta names no latestRootBlobId (the session had no message yet)`, 'no-root-blob')
  }
  const metadata: ConversationMetadata = {}
  const model = stringOf(meta['lastUsedModel'])
  if (model) metadata.models = [model]
  const cwd = stringOf(side['cwd'])
  if (cwd) metadata.project = cwd
  const mode = stringOf(meta['mode'])
  if (mode) metadata.extra = {mode}
  const title = stringOf(meta['name']) || stringOf(side['title'])
  const createdAt = cursorTime(meta['createdAt']) ?? cursorTime(side['createdAtMs'])
  const updatedAt = cursorTime(side['updatedAtMs'])
  const session = input.path ? basename(dirname(input.path)) : undefined
  return {
    id: stringOf(meta['agentId']) ?? session ?? 'cursor-cli-session',
    ...(title ? {title} : {}),
    source: {format: 'cursor', variant: storeVariant, ...(input.path ? {path: input.path} : {})},
    ...(createdAt ? {createdAt} : {}),
    ...(updatedAt ? {updatedAt} : {}),
    participants: participants(),
    metadata,
    turns: turns.turns,
    fidelity: turns.fidelity
  }
}

/** `meta` row `'0'`: hex-encoded UTF-8 JSON (cursor-agent 2026.07; research.md §5 of S2thend/cursor-history). */
function storeMeta(database: Database, name: string): Record<string, unknown> {
  const value = sqlRow(database, name, "SELECT value FROM meta WHERE key = '0'")?.['value']
  if (value === undefined) throw new Error(`${name} has no meta row '0': not a Cursor CLI session store`)
  const text = typeof value === 'string' ? value : value instanceof Uint8Array ? new TextDecoder().decode(value) : ''
  const json = /^(?:[0-9a-f]{2})*$/i.test(text) ? Buffer.from(text, 'hex').toString('utf8') : text
  try {
    const meta: unknown = JSON.parse(json)
    if (isRecord(meta)) return meta
  } catch {
    // Reported below.
  }
  throw new Error(`${name}: meta row '0' is not the hex-encoded JSON the Cursor CLI writes`)
}

/** The `meta.json` beside a store (`{schemaVersion, createdAtMs, updatedAtMs, cwd, title}`), when there is one. */
async function sideMeta(path: string): Promise<Record<string, unknown>> {
  try {
    const json: unknown = JSON.parse(await readFile(join(dirname(path), 'meta.json'), 'utf8'))
    return isRecord(json) ? json : {}
  } catch {
    return {}
  }
}
