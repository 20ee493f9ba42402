import {dirname, join} from 'node:path'
import type {Conversation, Fidelity} from '@chatmark/core/model'
import {isRecord, stringOf} from '@chatmark/core/model'
import {shorten} from '@chatmark/core/read'
import type {Input, ParseContext} from '@chatmark/core/read'
import {openDatabase} from '@chatmark/sqlite'
import {messageSource} from '../message-source.js'
import type {Bubble} from './bubble-conversation.js'
import {bubbleConversation} from './bubble-conversation.js'
import {composerSpec, inlineBubbles, tabSpec} from './composer-spec.js'
import {StateStore} from './state-store.js'
import {fileUriPath, workspaceFolder} from './workspace-folder.js'

/** The chat panel's tabs (Shape A, 2023–2024). */
const chatDataKey = 'workbench.panel.aichat.view.aichat.chatdata'
/** The workspace's composers: with their bubbles inline (late 2024), or only their ids (2025 on). */
const composersKey = 'composer.composerData'

type Report = (reason: string, ruleId: string) => void

/**
 * Reads a Cursor `state.vscdb` (with its `-wal`), a workspace's or the
 * global one, and yields one conversation per chat-panel tab and per
 * composer whose messages it holds: a workspace's `ItemTable` tabs and inline
 * composers, the global `cursorDiskKV` `composerData:<id>` rows and their
 * `bubbleId:<id>:<bubble>` rows. Composers a workspace only lists are
 * reported, naming the global database that holds them.
 */
export async function* readStateDatabase(
  input: Input,
  context: ParseContext,
  wasmPath: string | undefined
): AsyncGenerator<Conversation> {
  const report: Report = (reason, ruleId) => context.file.message(reason, {ruleId, source: messageSource})
  const database = await openDatabase(input, context, {tool: 'Cursor', source: messageSource, wasmPath})
  try {
    const store = new StateStore(database, input.name)
    if (!store.tables.has('ItemTable') && !store.tables.has('cursorDiskKV')) {
      throw new Error(
        `expected a Cursor state.vscdb (tables ItemTable or cursorDiskKV), found none in ${input.name} ` +
          `(its tables: ${[...store.tables].join(', ') || 'none'})`
      )
    }
    const project = input.path ? await workspaceFolder(input.path) : undefined
    const where = {project, path: input.path}
    const inline = new Set<string>()
    const phases: Array<[string, () => AsyncIterable<Conversation> | Iterable<Conversation>]> = [
      ['the chat-panel tabs', () => chatTabs(store, where)],
      ['the composers of composer.composerData', () => inlineComposers(store, where, inline, report, input.path)],
      ['the composerData rows', () => splitComposers(store, input.path, inline, report)],
      ['aiService.prompts', () => reportPrompts(store, report)]
    ]
    let yielded = 0
    for (const [what, phase] of phases) {
      // A damaged page costs the rows on it: what was read before stays, and a later part of the file is still tried.
      try {
        for await (const conversation of phase()) {
          yielded++
          yield conversation
        }
      } catch (error) {
        if (yielded === 0 && what !== 'aiService.prompts') throw error
        report(`${input.name}: ${what} could not be read (${describe(error)}): left out`, 'unreadable-rows')
      }
    }
    // A workspace of 2025 on lists composers the global database holds, and one opened without a chat holds none:
    // no note is due (a sync meets such files in every workspace folder).
    if (yielded === 0) report(`${input.name} holds no Cursor chat of its own`, 'empty-session')
    for (const [table, count] of store.unreadable) {
      report(`${count} row(s) of ${table} in ${input.name} hold no JSON: skipped`, 'unreadable-row')
    }
  } finally {
    database.close()
  }
}

interface Where {
  project: string | undefined
  path: string | undefined
}

function* chatTabs(store: StateStore, where: Where): Generator<Conversation> {
  const chat = store.item(chatDataKey)
  if (!isRecord(chat) || !Array.isArray(chat['tabs'])) return
  for (const tab of chat['tabs']) {
    if (!isRecord(tab)) continue
    const spec = tabSpec(tab, where.project, where.path)
    if (spec.bubbles.length > 0) yield bubbleConversation(spec)
  }
}

function* inlineComposers(
  store: StateStore,
  where: Where,
  inline: Set<string>,
  report: Report,
  path: string | undefined
): Generator<Conversation> {
  const data = store.item(composersKey)
  if (!isRecord(data)) return
  const listed = Array.isArray(data['allComposers']) ? data['allComposers'].filter(isRecord) : []
  let elsewhere = 0
  for (const composer of listed) {
    const id = stringOf(composer['composerId'])
    if (!id) continue
    const bubbles = inlineBubbles(composer)
    if (bubbles.length === 0) {
      if (!isRecord(store.kv(`composerData:${id}`))) elsewhere++
      continue
    }
    inline.add(id)
    yield bubbleConversation(composerSpec(composer, id, bubbles, {}, where))
  }
  // Cursor 3 lists only the open composers' ids here (specstoryai/getspecstory cursoride/types.go).
  const selected = Array.isArray(data['selectedComposerIds']) ? data['selectedComposerIds'].length : 0
  const count = Math.max(elsewhere, listed.length === 0 ? selected : 0)
  if (count > 0) {
    const global = path ? join(dirname(dirname(dirname(path))), 'globalStorage', 'state.vscdb') : undefined
    report(
      `${count} composer(s) listed in this workspace database keep their messages in Cursor's global database ` +
        `(${global ?? 'globalStorage/state.vscdb in the Cursor user folder'}): read that file for them`,
      'content-in-global-database'
    )
  }
}

async function* splitComposers(
  store: StateStore,
  path: string | undefined,
  inline: ReadonlySet<string>,
  report: Report
): AsyncGenerator<Conversation> {
  const ids = [...store.kvKeys('composerData:')].map((key) => key.slice('composerData:'.length))
  const parents = new Map<string, string>()
  const composers = new Map<string, Record<string, unknown>>()
  for (const id of ids) {
    if (inline.has(id)) continue
    const composer = store.kv(`composerData:${id}`)
    if (!isRecord(composer)) {
      report(`composerData:${shorten(id)} holds no composer: skipped`, 'unreadable-composer')
      continue
    }
    composers.set(id, composer)
    const children = composer['subComposerIds'] ?? composer['subagentComposerIds']
    if (Array.isArray(children)) for (const child of children) if (typeof child === 'string') parents.set(child, id)
  }
  for (const [id, composer] of composers) {
    const fidelity: Fidelity = {}
    const bubbles = composerBubbles(store, id, composer, fidelity)
    if (bubbles.length === 0 && Object.keys(fidelity).length === 0) continue
    if (fidelity['missing-bubble']) {
      report(
        `composer ${shorten(id)} lists ${fidelity['missing-bubble']} bubble(s) that have no bubbleId row: left out`,
        'missing-bubble'
      )
    }
    const project = await composerProject(composer, path)
    const spec = composerSpec(composer, id, bubbles, fidelity, {project, path})
    const checkpoints = store.countKeys(`checkpointId:${id}:`)
    if (checkpoints > 0) spec.extra['checkpoints'] = checkpoints
    const parent = parents.get(id) ?? stringOf(composer['parentComposerId'])
    if (parent) spec.parent = parent
    yield bubbleConversation(spec)
  }
}

/**
 * A composer's bubbles in order: its `fullConversationHeadersOnly[]` names
 * them, each a `bubbleId:<composer>:<bubble>` row; `_v` 3 rows and older
 * keep them inline in `conversation[]`. Rows no header names (a prompt the
 * user edited away, a discarded branch) are counted, not shown.
 */
function composerBubbles(
  store: StateStore,
  id: string,
  composer: Record<string, unknown>,
  fidelity: Fidelity
): Bubble[] {
  const headers = Array.isArray(composer['fullConversationHeadersOnly'])
    ? composer['fullConversationHeadersOnly'].filter(isRecord)
    : []
  if (headers.length === 0) return inlineBubbles(composer)
  const bubbles: Bubble[] = []
  const named = new Set<string>()
  for (const header of headers) {
    const bubbleId = stringOf(header['bubbleId'])
    if (!bubbleId) {
      fidelity['missing-bubble'] = (fidelity['missing-bubble'] ?? 0) + 1
      continue
    }
    named.add(bubbleId)
    const record = store.kv(`bubbleId:${id}:${bubbleId}`)
    if (isRecord(record)) bubbles.push({id: bubbleId, record})
    else fidelity['missing-bubble'] = (fidelity['missing-bubble'] ?? 0) + 1
  }
  const prefix = `bubbleId:${id}:`
  let unlisted = 0
  for (const key of store.kvKeys(prefix)) if (!named.has(key.slice(prefix.length))) unlisted++
  if (unlisted > 0) fidelity['unlisted-bubble'] = unlisted
  return bubbles
}

/**
 * The project of a composer of the global database: `workspaceIdentifier.uri.fsPath`
 * (Cursor 1.x on), else the `workspace.json` of the workspace its
 * `workspaceIdentifier.id` names (`workspaceStorage/<id>/`, beside
 * `globalStorage/`), else nothing (a chat opened with no folder).
 */
async function composerProject(
  composer: Record<string, unknown>,
  path: string | undefined
): Promise<string | undefined> {
  const identifier = composer['workspaceIdentifier']
  if (!isRecord(identifier)) return undefined
  const uri = isRecord(identifier['uri']) ? identifier['uri'] : {}
  const fsPath = stringOf(uri['fsPath'])
  if (fsPath) return fsPath
  const external = stringOf(uri['external'])
  if (external) return fileUriPath(external)
  const id = stringOf(identifier['id'])
  if (!id || !path || !/^[\w-]+$/.test(id)) return undefined
  return workspaceFolder(join(dirname(dirname(path)), 'workspaceStorage', id, 'state.vscdb'))
}

/** `aiService.prompts`: what the user typed, with no answers (the prompt history of the input box). */
function reportPrompts(store: StateStore, report: Report): Conversation[] {
  const prompts = store.item('aiService.prompts')
  if (!Array.isArray(prompts) || prompts.length === 0) return []
  report(
    `aiService.prompts holds ${prompts.length} prompt(s) of the input box's history, without answers: ` +
      'not notes of their own (the prompts of the conversations above are in them)',
    'prompt-history'
  )
  return []
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
