import type {Conversation, Fidelity, NoticePart, Part, TokenCounts, ToolCallPart, Turn} from '@chatmark/core'
import {isRecord, isString, stringOf} from '@chatmark/core'
import {classifyUserText, stripReminders} from './harness-text.js'
import type {Entry, RecordStore} from './record-store.js'
import type {Thread} from './thread.js'
import {addTokens, usageTokens} from './tokens.js'
import {blocksText, imageAttachment, toolResult} from './tool-result.js'

/** Format options, resolved. */
export interface Settings {
  branches: 'current' | 'all'
  subagents: boolean
  keepMeta: boolean
}

/** What {@link toConversation} needs besides the thread. */
export interface ConversationContext {
  store: RecordStore
  settings: Settings
  variant: 'claude-code-jsonl' | 'claude-code-loglines'
  fallbackId: string
  path?: string
}

/** A tool call that may carry the turns of the subagent it started (`ToolCallPart.subagent` in core). */
type SubagentToolCall = ToolCallPart & {subagent?: Turn[]}

/** A record to turn into parts: a chain entry or a record without uuid. */
interface Item {
  record: Record<string, unknown>
  entry?: Entry
  sidechain: boolean
}

const user = {id: 'user', name: 'User', kind: 'human'} as const
const model = {id: 'claude', name: 'Claude', kind: 'model'} as const
const subagentToolNames = new Set(['Task', 'Agent'])
/** `system` subtypes that say nothing a reader needs (timings, hook bookkeeping, stream-only events). */
const silentSystemSubtypes = new Set([
  'turn_duration',
  'stop_hook_summary',
  'hook_response',
  'init',
  'status',
  'bridge_status'
])

/** Builds one conversation from a thread. */
export function toConversation(thread: Thread, context: ConversationContext): Conversation {
  const {store, settings} = context
  const fidelity: Fidelity = {}
  const count = (reason: string, by = 1): void => {
    fidelity[reason] = (fidelity[reason] ?? 0) + by
  }
  const consumed = new Set<string>()
  const usedMessages = new Set<string>()
  const models: string[] = []
  const totals: TokenCounts = {}
  let cacheCreation: number | undefined
  const subagents = settings.subagents ? sidechainGroups(store) : new Map<string, Item[]>()
  const usedGroups = new Set<string>()
  let toolUses: Set<string> | undefined

  // Entries the path pulls in besides its own: split records of its API messages and the tool results that answer them.
  for (const entry of thread.path) markConsumed(entry)

  const turns = buildTurns(pathItems(thread.path, store), true)
  if (settings.branches === 'all') insertBranches(turns)
  countAbandoned()
  countSidechains()

  const first = thread.path[0]
  const last = thread.path[thread.path.length - 1]
  const facts = pathFacts(thread.path)
  const conversation: Conversation = {
    // A subagent's transcript shares its parent's sessionId; its own id keeps the two notes apart.
    id: store.subagent
      ? `${facts.sessionId ?? context.fallbackId}:agent-${store.subagent.agentId ?? context.fallbackId}`
      : (facts.sessionId ?? context.fallbackId),
    source: {format: 'claude', variant: context.variant, ...(context.path ? {path: context.path} : {})},
    participants: [user, model],
    metadata: {},
    turns,
    fidelity: {...fidelity}
  }
  for (const [key, value] of Object.entries(store.fidelity))
    conversation.fidelity[key] = (conversation.fidelity[key] ?? 0) + value
  const title = titleOf(store, thread)
  if (title !== undefined) conversation.title = title
  const createdAt =
    (first ? stringOf(first.record['timestamp']) : undefined) ??
    turns.find((turn) => turn.timestamp !== undefined)?.timestamp
  const updatedAt =
    (last ? stringOf(last.record['timestamp']) : undefined) ??
    turns.findLast((turn) => turn.timestamp !== undefined)?.timestamp
  if (createdAt !== undefined) conversation.createdAt = createdAt
  if (updatedAt !== undefined) conversation.updatedAt = updatedAt
  if (models.length > 0) conversation.metadata.models = models
  if (facts.cwd !== undefined) conversation.metadata.project = facts.cwd
  if (facts.gitBranch !== undefined) conversation.metadata.gitBranch = facts.gitBranch
  if (Object.keys(totals).length > 0) conversation.metadata.tokens = totals
  const extra: Record<string, string | number> = {}
  if (facts.version !== undefined) extra['version'] = facts.version
  if (store.subagent) {
    extra['kind'] = 'subagent'
    if (store.subagent.agentId !== undefined) extra['agent_id'] = store.subagent.agentId
  }
  if (cacheCreation !== undefined) extra['cacheCreationTokens'] = cacheCreation
  if (Object.keys(extra).length > 0) conversation.metadata.extra = extra
  return conversation

  function markConsumed(entry: Entry): void {
    if (entry.messageId === undefined) return
    for (const member of store.byMessageId.get(entry.messageId) ?? []) {
      if (member.sidechain !== entry.sidechain) continue
      consumed.add(member.uuid)
      for (const block of contentBlocks(member.record)) {
        if (!isString(block['id'])) continue
        const result = store.results.get(block['id'])
        if (result?.uuid !== undefined) consumed.add(result.uuid)
      }
    }
  }

  function buildTurns(items: Iterable<Item>, main: boolean): Turn[] {
    const out: Turn[] = []
    // The open assistant turn: consecutive API messages of one agent loop are one turn.
    let open: Turn | undefined
    let pendingBash: ToolCallPart | undefined
    const push = (turn: Turn): void => {
      out.push(turn)
      open = undefined
    }
    for (const item of items) {
      const {record} = item
      const type = record['type']
      if (type === 'assistant') {
        const parts = assistantParts(item, main)
        if (!parts) continue
        if (parts.notice) {
          push(noticeTurn(parts.notice, record))
          continue
        }
        if (parts.parts.length === 0) continue
        if (!open) {
          open = {role: 'assistant', author: model.id, parts: []}
          const id = messageIdOf(record) ?? stringOf(record['uuid'])
          if (id !== undefined) open.id = id
          const timestamp = stringOf(record['timestamp'])
          if (timestamp !== undefined) open.timestamp = timestamp
          out.push(open)
        }
        open.parts.push(...parts.parts)
        if (parts.model !== undefined) {
          open.model ??= parts.model
          if (main && !models.includes(parts.model)) models.push(parts.model)
        }
        if (parts.tokens) {
          open.tokens ??= {}
          addTokens(open.tokens, parts.tokens)
        }
      } else if (type === 'user') {
        const parts = userParts(record, out)
        if (parts.bashOutput && pendingBash && !pendingBash.result) {
          const {stdout, stderr} = parts.bashOutput
          pendingBash.result = {
            text: [stdout, stderr].filter((text) => /\S/.test(text)).join('\n'),
            ...(stderr && !stdout ? {isError: true} : {})
          }
          pendingBash = undefined
        }
        if (parts.parts.length === 0) continue
        const bash = parts.parts.find((part): part is ToolCallPart => part.type === 'tool-call')
        if (bash) pendingBash = bash
        push(userTurn(parts.parts, record, parts.parts.every((part) => part.type === 'notice') && parts.meta))
      } else if (type === 'system') {
        const parts = systemParts(record)
        if (parts.length > 0) push(userTurn(parts, record, true))
      } else if (type === 'attachment') {
        const parts = attachmentParts(record)
        if (parts.length > 0)
          push(
            userTurn(
              parts,
              record,
              parts.every((part) => part.type === 'notice')
            )
          )
      }
    }
    return out
  }

  function assistantParts(
    item: Item,
    main: boolean
  ): {parts: Part[]; notice?: NoticePart; model?: string; tokens?: TokenCounts} | undefined {
    const {record, entry} = item
    const messageId = messageIdOf(record)
    let members: Array<Record<string, unknown>> = [record]
    if (messageId !== undefined && entry) {
      if (usedMessages.has(`${item.sidechain}:${messageId}`)) return undefined
      usedMessages.add(`${item.sidechain}:${messageId}`)
      members = (store.byMessageId.get(messageId) ?? [entry])
        .filter((member) => member.sidechain === entry.sidechain)
        .map((member) => member.record)
    }
    const message = record['message']
    const modelName = isRecord(message) ? stringOf(message['model']) : undefined
    if (record['isApiErrorMessage'] === true || modelName === '<synthetic>') {
      const text = members
        .map((member) => blocksText(messageContent(member)))
        .join('\n')
        .trim()
      if (!text) return undefined
      return {
        parts: [],
        notice: {
          type: 'notice',
          level: record['isApiErrorMessage'] === true ? 'error' : 'info',
          kind: record['isApiErrorMessage'] === true ? 'api-error' : 'synthetic',
          text
        }
      }
    }
    const parts: Part[] = []
    const seen = new Set<string>()
    const serverResults = new Map<string, Record<string, unknown>>()
    for (const member of members) {
      for (const block of contentBlocks(member)) {
        if (isString(block['type']) && block['type'].endsWith('_tool_result') && isString(block['tool_use_id']))
          serverResults.set(block['tool_use_id'], block)
      }
    }
    for (const member of members) {
      const content = messageContent(member)
      if (isString(content)) {
        if (/\S/.test(content) && !seen.has(`text:${content}`)) parts.push({type: 'text', text: content})
        seen.add(`text:${content}`)
        continue
      }
      for (const block of contentBlocks(member)) {
        const identity =
          stringOf(block['id']) ??
          stringOf(block['text']) ??
          stringOf(block['thinking']) ??
          stringOf(block['signature'])
        const key = `${String(block['type'])}:${identity ?? ''}`
        if (seen.has(key)) continue
        seen.add(key)
        const part = assistantBlock(block, serverResults, main)
        if (part) parts.push(part)
      }
    }
    const lastMember = members[members.length - 1]!
    const lastMessage = lastMember['message']
    const usage = isRecord(lastMessage) ? usageTokens(lastMessage['usage']) : undefined
    const result: {parts: Part[]; model?: string; tokens?: TokenCounts} = {parts}
    if (modelName !== undefined) result.model = modelName
    if (usage) {
      result.tokens = usage.counts
      if (main) {
        addTokens(totals, usage.counts)
        if (usage.cacheCreation !== undefined) cacheCreation = (cacheCreation ?? 0) + usage.cacheCreation
      }
    }
    return result
  }

  function assistantBlock(
    block: Record<string, unknown>,
    serverResults: Map<string, Record<string, unknown>>,
    main: boolean
  ): Part | undefined {
    switch (block['type']) {
      case 'text': {
        const text = stringOf(block['text']) ?? ''
        return /\S/.test(text) ? {type: 'text', text} : undefined
      }
      case 'thinking': {
        const text = stringOf(block['thinking']) ?? ''
        if (/\S/.test(text)) return {type: 'thinking', text}
        count('thinking-not-recorded')
        return undefined
      }
      case 'redacted_thinking':
        return {
          type: 'notice',
          level: 'info',
          kind: 'redacted-thinking',
          text: 'Thinking redacted by the API (encrypted, not shown)'
        }
      case 'tool_use':
      case 'server_tool_use': {
        const id = stringOf(block['id'])
        const name = stringOf(block['name']) ?? 'tool'
        const input = block['input'] ?? {}
        const description = isRecord(input) ? stringOf(input['description']) : undefined
        const call: SubagentToolCall = {type: 'tool-call', text: description ?? name, name, input}
        if (id !== undefined) {
          call.id = id
          const info = store.results.get(id)
          const server = serverResults.get(id)
          if (info) {
            call.result = toolResult(info)
            call.status = info.block['is_error'] === true ? 'error' : 'success'
          } else if (server) {
            call.result = {
              text: blocksText(server['content']) || JSON.stringify(server['content'] ?? null, null, 2),
              language: isString(server['content']) ? 'text' : 'json'
            }
          }
          if (main && settings.subagents && subagentToolNames.has(name)) {
            const turns = subagentTurns(id, input, info?.rich)
            if (turns) call.subagent = turns
          }
        }
        return call
      }
      default:
        if (isString(block['type']) && block['type'].endsWith('_tool_result')) return undefined
        count('unknown-content-block')
        return undefined
    }
  }

  function userParts(
    record: Record<string, unknown>,
    out: Turn[]
  ): {parts: Part[]; meta: boolean; bashOutput?: {stdout: string; stderr: string}} {
    const parts: Part[] = []
    let bashOutput: {stdout: string; stderr: string} | undefined
    const content = messageContent(record)
    const blocks: Array<Record<string, unknown>> = isString(content)
      ? [{type: 'text', text: content}]
      : contentBlocks(record)
    if (record['isCompactSummary'] === true) {
      attachSummary(out, parts, blocksText(content))
      return {parts, meta: true}
    }
    if (record['isMeta'] === true) {
      count('meta-message')
      const text = blocksText(content).trim()
      if (settings.keepMeta && text) parts.push(metaNotice('Injected context (meta message)', text))
      return {parts, meta: true}
    }
    let meta = true
    for (const block of blocks) {
      if (block['type'] === 'tool_result') {
        if (!isString(block['tool_use_id']) || !hasToolUse(block['tool_use_id'])) count('orphan-tool-result')
        continue
      }
      if (block['type'] === 'image' || block['type'] === 'document') {
        parts.push(imageAttachment(block))
        meta = false
        continue
      }
      if (block['type'] !== 'text') {
        count('unknown-content-block')
        continue
      }
      const text = stringOf(block['text']) ?? ''
      const kind = classifyUserText(text)
      switch (kind.kind) {
        case 'prose': {
          const {text: rest, reminders} = stripReminders(kind.text)
          for (const reminder of reminders) {
            count('system-reminder')
            if (settings.keepMeta) parts.push(metaNotice('System reminder', reminder))
          }
          if (/\S/.test(rest)) {
            parts.push({type: 'text', text: rest})
            meta = false
          }
          break
        }
        case 'command':
          parts.push({
            type: 'notice',
            level: 'info',
            kind: 'command',
            text: `Command: ${[kind.name, kind.args].filter(Boolean).join(' ')}`
          })
          meta = false
          break
        case 'command-output':
          count('command-output')
          if (settings.keepMeta && kind.text) parts.push(metaNotice('Command output', kind.text))
          break
        case 'bash-input':
          parts.push({
            type: 'tool-call',
            text: 'Shell command run by the user (bash mode)',
            name: 'Bash',
            displayName: 'User shell',
            input: {command: kind.command}
          })
          meta = false
          break
        case 'bash-output':
          bashOutput = {stdout: kind.stdout, stderr: kind.stderr}
          break
        case 'interrupted':
          parts.push({type: 'notice', level: 'warning', kind: 'interrupted', text: kind.text})
          meta = false
          break
        case 'caveat':
          count('meta-message')
          if (settings.keepMeta) parts.push(metaNotice('Caveat', kind.text))
          break
        case 'compact-summary':
          attachSummary(out, parts, kind.text)
          break
        case 'injected':
          count(kind.tag === 'system-reminder' ? 'system-reminder' : 'injected-context')
          if (settings.keepMeta) parts.push(metaNotice(`Injected <${kind.tag}>`, kind.text))
          break
      }
    }
    return bashOutput ? {parts, meta, bashOutput} : {parts, meta}
  }

  function attachSummary(out: Turn[], parts: Part[], summary: string): void {
    for (let index = out.length - 1; index >= 0 && index >= out.length - 3; index--) {
      const notice = out[index]!.parts.find(
        (part): part is NoticePart => part.type === 'notice' && part.kind === 'compaction'
      )
      if (notice && notice.details === undefined) {
        notice.details = summary
        return
      }
    }
    parts.push({type: 'notice', level: 'info', kind: 'compaction', text: 'Conversation compacted', details: summary})
  }

  function systemParts(record: Record<string, unknown>): Part[] {
    const subtype = stringOf(record['subtype'])
    const content = stringOf(record['content']) ?? ''
    if (subtype === 'compact_boundary') {
      const metadata = isRecord(record['compactMetadata']) ? record['compactMetadata'] : {}
      const facts = [
        stringOf(metadata['trigger']),
        typeof metadata['preTokens'] === 'number'
          ? `${metadata['preTokens'].toLocaleString('en-US')} tokens before`
          : undefined
      ].filter(Boolean)
      return [
        {
          type: 'notice',
          level: 'info',
          kind: 'compaction',
          text: `Conversation compacted${facts.length > 0 ? ` (${facts.join(', ')})` : ''}`
        }
      ]
    }
    if (subtype !== undefined && silentSystemSubtypes.has(subtype)) return []
    if (subtype === 'local_command') {
      const kind = classifyUserText(content)
      if (kind.kind === 'command')
        return [
          {
            type: 'notice',
            level: 'info',
            kind: 'command',
            text: `Command: ${[kind.name, kind.args].filter(Boolean).join(' ')}`
          }
        ]
      count('command-output')
      return settings.keepMeta && content
        ? [metaNotice('Command output', kind.kind === 'command-output' ? kind.text : content)]
        : []
    }
    if (subtype === 'api_error') {
      const error = record['error']
      const detail =
        content ||
        (isRecord(error) ? (stringOf(error['message']) ?? JSON.stringify(error)) : stringOf(error)) ||
        'API error'
      return [{type: 'notice', level: 'error', kind: 'api-error', text: detail}]
    }
    if (!/\S/.test(content)) return []
    const level = record['level'] === 'error' ? 'error' : record['level'] === 'warning' ? 'warning' : 'info'
    return [{type: 'notice', level, kind: subtype ?? 'system', text: content}]
  }

  function attachmentParts(record: Record<string, unknown>): Part[] {
    const attachment = isRecord(record['attachment']) ? record['attachment'] : {}
    const type = stringOf(attachment['type']) ?? 'attachment'
    const prompt = stringOf(attachment['prompt'])
    if (type === 'queued_command' && prompt !== undefined && /\S/.test(prompt)) return [{type: 'text', text: prompt}]
    const rendered = Array.isArray(record['rendered'])
      ? record['rendered']
          .map((piece) => (isRecord(piece) ? (stringOf(piece['content']) ?? '') : ''))
          .join('\n')
          .trim()
      : ''
    if (!rendered) return []
    count('injected-context')
    return settings.keepMeta ? [metaNotice(`Context attachment: ${type}`, rendered)] : []
  }

  function metaNotice(label: string, text: string): NoticePart {
    return {type: 'notice', level: 'info', kind: 'meta', text: label, details: text}
  }

  function hasToolUse(id: string): boolean {
    // Results are paired from the tool call's side; a result whose call is nowhere in the file is an orphan.
    toolUses ??= toolUseIdsOf(store)
    return toolUses.has(id)
  }

  function subagentTurns(id: string, input: unknown, rich: unknown): Turn[] | undefined {
    const agentId = isRecord(rich) ? stringOf(rich['agentId']) : undefined
    const prompt = isRecord(input) ? stringOf(input['prompt']) : undefined
    let key: string | undefined
    if (agentId !== undefined && subagents.has(`agent:${agentId}`)) key = `agent:${agentId}`
    if (key === undefined) {
      for (const [candidate, items] of subagents) {
        if (usedGroups.has(candidate)) continue
        const byTool = items.some((item) =>
          [item.record['sourceToolUseID'], item.record['parentToolUseID'], item.record['toolUseID']].includes(id)
        )
        const firstUser = items.find((item) => item.record['type'] === 'user')
        const byPrompt =
          prompt !== undefined &&
          firstUser !== undefined &&
          blocksText(messageContent(firstUser.record)).trim() === prompt.trim()
        if (byTool || byPrompt) {
          key = candidate
          break
        }
      }
    }
    if (key === undefined || usedGroups.has(key)) return undefined
    usedGroups.add(key)
    return buildTurns(subagents.get(key) ?? [], false)
  }

  function insertBranches(list: Turn[]): void {
    // A branch goes after the last turn at or before its fork point.
    const inserts: Array<{at: number; turns: Turn[]}> = []
    let number = 0
    for (const entry of thread.path) {
      for (const branch of thread.forks.get(entry.uuid) ?? []) {
        const items = branch.filter(
          (member) => !consumed.has(member.uuid) && (member.kind === 'user' || member.kind === 'assistant')
        )
        if (items.length === 0) continue
        const turns = buildTurns(
          items.map((member) => ({record: member.record, entry: member, sidechain: false})),
          false
        )
        if (turns.length === 0) continue
        number++
        const at = indexAfter(list, entry)
        inserts.push({
          at,
          turns: [
            noticeTurn(
              {
                type: 'notice',
                level: 'info',
                kind: 'branch',
                text:
                  `Abandoned branch ${number} (rewound or edited; not part of the conversation as kept): ` +
                  `${turns.length} turn${turns.length === 1 ? '' : 's'}`
              },
              entry.record
            ),
            ...turns,
            noticeTurn(
              {
                type: 'notice',
                level: 'info',
                kind: 'branch',
                text: `End of abandoned branch ${number}; the kept conversation continues`
              },
              entry.record
            )
          ]
        })
      }
    }
    for (const insert of inserts.sort((a, b) => b.at - a.at)) list.splice(insert.at, 0, ...insert.turns)
  }

  function indexAfter(list: Turn[], entry: Entry): number {
    const time = stringOf(entry.record['timestamp'])
    let at = 0
    for (const [index, turn] of list.entries()) {
      if (turn.timestamp !== undefined && time !== undefined && turn.timestamp > time) break
      at = index + 1
    }
    return at
  }

  function countAbandoned(): void {
    const seen = new Set<string>()
    for (const entry of thread.offPath) {
      if (entry.sidechain || consumed.has(entry.uuid) || (entry.kind !== 'user' && entry.kind !== 'assistant')) continue
      if (entry.kind === 'user' && !hasUserText(entry.record)) continue
      const key = entry.messageId ?? entry.uuid
      if (seen.has(key)) continue
      seen.add(key)
      count('abandoned-branch-turn')
    }
  }

  function countSidechains(): void {
    let records = 0
    for (const entry of store.entries.values())
      if (entry.sidechain && (entry.kind === 'user' || entry.kind === 'assistant')) records++
    for (const list of store.loose.values()) for (const item of list) if (item.sidechain) records++
    if (!settings.subagents) {
      if (records > 0) count('sidechain-record', records)
      return
    }
    for (const [key, items] of subagents) if (!usedGroups.has(key)) count('unmatched-sidechain-record', items.length)
  }
}

/** Ids of every tool_use in the store. */
function toolUseIdsOf(store: RecordStore): Set<string> {
  const ids = new Set<string>()
  for (const entry of store.entries.values()) {
    if (entry.kind !== 'assistant') continue
    for (const block of contentBlocks(entry.record)) if (isString(block['id'])) ids.add(block['id'])
  }
  for (const list of store.loose.values())
    for (const item of list)
      for (const block of contentBlocks(item.record)) if (isString(block['id'])) ids.add(block['id'])
  return ids
}

/** The path's entries in order, each followed by the records without uuid written after it. */
function* pathItems(path: Entry[], store: RecordStore): Generator<Item> {
  const loose = (key: string): Item[] =>
    (store.loose.get(key) ?? [])
      .filter((item) => !item.sidechain)
      .map((item) => ({record: item.record, sidechain: false}))
  yield* loose('')
  for (const entry of path) {
    yield {record: entry.record, entry, sidechain: entry.sidechain}
    yield* loose(entry.uuid)
  }
}

/** Sidechain records by subagent: `agent:<agentId>`, else the uuid of the sidechain's root. */
function sidechainGroups(store: RecordStore): Map<string, Item[]> {
  const groups = new Map<string, Item[]>()
  const rootOf = new Map<string, string>()
  const sorted = [...store.entries.values()].filter((entry) => entry.sidechain).sort((a, b) => a.position - b.position)
  for (const entry of sorted) {
    let key: string
    if (entry.agentId !== undefined) key = `agent:${entry.agentId}`
    else {
      const parent = entry.parent === undefined ? undefined : store.entries.get(entry.parent)
      key = parent?.sidechain ? (rootOf.get(parent.uuid) ?? `root:${parent.uuid}`) : `root:${entry.uuid}`
    }
    rootOf.set(entry.uuid, key)
    const list = groups.get(key) ?? []
    list.push({record: entry.record, entry, sidechain: true})
    groups.set(key, list)
  }
  return groups
}

function noticeTurn(notice: NoticePart, record: Record<string, unknown>): Turn {
  const turn: Turn = {role: 'system', parts: [notice]}
  const timestamp = stringOf(record['timestamp'])
  if (timestamp !== undefined) turn.timestamp = timestamp
  return turn
}

function userTurn(parts: Part[], record: Record<string, unknown>, system: boolean): Turn {
  const turn: Turn = system ? {role: 'system', parts} : {role: 'user', author: user.id, parts}
  const uuid = stringOf(record['uuid'])
  if (uuid !== undefined) turn.id = uuid
  const timestamp = stringOf(record['timestamp'])
  if (timestamp !== undefined) turn.timestamp = timestamp
  return turn
}

function messageContent(record: Record<string, unknown>): unknown {
  const message = record['message']
  return isRecord(message) ? message['content'] : undefined
}

function contentBlocks(record: Record<string, unknown>): Array<Record<string, unknown>> {
  const content = messageContent(record)
  return Array.isArray(content) ? content.filter(isRecord) : []
}

function messageIdOf(record: Record<string, unknown>): string | undefined {
  const message = record['message']
  return isRecord(message) ? stringOf(message['id']) : undefined
}

function hasUserText(record: Record<string, unknown>): boolean {
  const content = messageContent(record)
  if (isString(content)) return /\S/.test(content)
  return contentBlocks(record).some((block) => block['type'] !== 'tool_result')
}

/** Session facts from the path: the last value of each. */
function pathFacts(path: Entry[]): {sessionId?: string; cwd?: string; gitBranch?: string; version?: string} {
  const facts: {sessionId?: string; cwd?: string; gitBranch?: string; version?: string} = {}
  for (const entry of path) {
    if (entry.sessionId !== undefined) facts.sessionId = entry.sessionId
    const cwd = stringOf(entry.record['cwd'])
    if (cwd !== undefined) facts.cwd = cwd
    const branch = stringOf(entry.record['gitBranch'])
    if (branch !== undefined && branch !== '') facts.gitBranch = branch
    const version = stringOf(entry.record['version'])
    if (version !== undefined) facts.version = version
  }
  return facts
}

/** `custom-title` (`/rename`), else `ai-title`, else a `summary` whose leaf is in the thread (or the file's last ' +
  'summary). */
function titleOf(store: RecordStore, thread: Thread): string | undefined {
  const {custom, ai, summaries} = store.titles
  if (custom !== undefined) return custom.trim()
  if (ai !== undefined) return ai.trim()
  const uuids = new Set([...thread.path, ...thread.offPath].map((entry) => entry.uuid))
  const matching = summaries.filter((summary) => summary.leafUuid !== undefined && uuids.has(summary.leafUuid))
  const chosen = matching[matching.length - 1] ?? summaries[summaries.length - 1]
  return chosen?.summary.trim()
}
