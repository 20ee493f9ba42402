import type {
  Conversation,
  ConversationMetadata,
  Fidelity,
  NoticePart,
  Part,
  TokenCounts,
  ToolCallPart,
  Turn
} from '@chatmark/core'
import {isRecord, isString, numberOf, stringOf} from '@chatmark/core'
import {isPatch, patchSummary} from './apply-patch.js'
import type {CopySource} from './duplicates.js'
import {createDuplicates} from './duplicates.js'
import {injectedLabel, isInjectedContext} from './injected-context.js'
import {contentText, imagePart, messageContent} from './message-content.js'
import {thinkingPart} from './reasoning.js'
import {subtractTokens, sumTokens, tokenCounts} from './tokens.js'
import {toolResult} from './tool-result.js'
import {
  internalLineKinds,
  isEnvelopeLine,
  isLegacyMetaLine,
  isLineKind,
  isResponseItem,
  isStateLine,
  isTsDocument
} from './types.js'

/** Which generation the records came in. */
export type Variant = 'codex-ts-json' | 'codex-legacy-jsonl' | 'codex-envelope'

/** Options for {@link createRollout}. */
export interface RolloutSettings {
  /** Show developer messages and injected context as notices (they are always counted). */
  keepMeta: boolean
}

/** What the conversation needs besides the records. */
export interface FinishOptions {
  path?: string
  /** Id when the rollout names no session id. */
  fallbackId: string
}

/**
 * A rollout being read, record by record, straight into turns: only what the
 * note shows is kept (and, per Codex turn, the texts needed to drop the
 * copies Codex writes of each message).
 */
export interface Rollout {
  /** Reads one record: an envelope line, a legacy line, or a whole TS CLI document. */
  record(value: unknown): void
  /** Counts a line that could not be read. */
  skipped(reason: string): void
  /** Builds the conversation; throws when no conversation could be assembled. */
  finish(options: FinishOptions): Conversation
}

const user = {id: 'user', name: 'User', kind: 'human'} as const
const model = {id: 'codex', name: 'Codex', kind: 'model'} as const
const zeroTokens: Readonly<TokenCounts> = Object.freeze({input: 0, cached: 0, output: 0, thoughts: 0, total: 0})

/** The prefix Codex puts before a compaction summary in `compacted.message`. */
const summaryPrefix = new RegExp(
  '^Another language model started to solve this problem[\\s\\S]*?' +
    'use the information in this summary to assist with your own analysis:\n'
)

export function createRollout(settings: RolloutSettings): Rollout {
  let variant: Variant | undefined
  const meta: {
    id?: string
    forkedFrom?: string
    cwd?: string
    originator?: string
    cliVersion?: string
    source?: string
    gitBranch?: string
    gitCommit?: string
    createdAt?: string
    updatedAt?: string
  } = {}
  const fidelity: Fidelity = {}
  const count = (reason: string, by = 1): void => {
    fidelity[reason] = (fidelity[reason] ?? 0) + by
  }

  const turns: Turn[] = []
  /** The assistant turn parts are added to, until a prompt or notice closes it. */
  let open: Turn | undefined
  /** The Codex turn: its `turn_id`, or `prompt-N` in files without turn ids. */
  let turnKey: string | undefined
  let keyedByIds = false
  let prompts = 0
  let currentModel: string | undefined
  const models: string[] = []
  const calls = new Map<string, ToolCallPart>()
  const patches = new Map<string, string>()
  const duplicates = createDuplicates()
  /** The latest compaction notice, while nothing has been said since. */
  let compaction: NoticePart | undefined
  /** The summary the model wrote for a compaction (`compaction_output` items). */
  let compactionSummary: string | undefined
  let turnError: string | undefined

  let lastTotal: TokenCounts | undefined
  let turnStartTotal: TokenCounts | undefined
  const deltaTokens = new Map<string, TokenCounts>()
  const recordedTokens = new Map<string, TokenCounts>()
  const assistantByKey = new Map<string, Turn>()

  const recognise = (generation: Variant): void => {
    variant ??= generation
  }

  return {
    record(value) {
      if (isEnvelopeLine(value)) envelope(value)
      else if (isTsDocument(value)) document(value)
      else if (isStateLine(value)) recognise('codex-legacy-jsonl')
      else if (isLegacyMetaLine(value)) {
        recognise('codex-legacy-jsonl')
        sessionMeta(value)
      } else if (isResponseItem(value)) {
        recognise('codex-legacy-jsonl')
        responseItem(value, stringOf(value['timestamp']), undefined)
      } else count('unknown-record')
    },
    skipped(reason) {
      count(reason)
    },
    finish
  }

  // Records.

  function envelope(line: {type: string; payload: Record<string, unknown>; [key: string]: unknown}): void {
    if (!isLineKind(line.type)) {
      count('unknown-record')
      return
    }
    recognise('codex-envelope')
    const timestamp = stringOf(line['timestamp'])
    if (timestamp) meta.updatedAt = timestamp
    const {payload} = line
    switch (line.type) {
      case 'session_meta':
        sessionMeta(payload)
        break
      case 'turn_context':
        turnContext(payload)
        break
      case 'response_item':
        responseItem(payload, timestamp, isRecord(line['metadata']) ? line['metadata'] : undefined)
        break
      case 'event_msg':
        event(payload, timestamp)
        break
      case 'compacted': {
        const message = stringOf(payload['message'])?.replace(summaryPrefix, '')
        compactionNotice(compactionSummary ?? message, timestamp)
        compactionSummary = undefined
        break
      }
      case 'token_usage_record': {
        const key = stringOf(payload['turn_id'])
        const counts = tokenCounts(payload['turn_token_usage'])
        if (key && counts) recordedTokens.set(key, counts)
        break
      }
      case 'world_state':
        break
      default:
        if (internalLineKinds.has(line.type)) count('internal-record')
    }
  }

  function document(value: {session: Record<string, unknown>; items: unknown[]}): void {
    recognise('codex-ts-json')
    sessionMeta(value.session)
    for (const item of value.items) {
      if (isResponseItem(item)) responseItem(item, stringOf(item['timestamp']), undefined)
      else count('unknown-item')
    }
  }

  function sessionMeta(payload: Record<string, unknown>): void {
    const timestamp = stringOf(payload['timestamp'])
    if (timestamp && !meta.createdAt) meta.createdAt = timestamp
    // Only the first session_meta describes the thread; later ones (if any) are tolerated.
    if (meta.id !== undefined) return
    const id = stringOf(payload['id'])
    if (id) meta.id = id
    const forkedFrom = stringOf(payload['forked_from_id'])
    if (forkedFrom) meta.forkedFrom = forkedFrom
    const cwd = stringOf(payload['cwd'])
    if (cwd) meta.cwd = cwd
    const originator = stringOf(payload['originator'])
    if (originator) meta.originator = originator
    const cliVersion = stringOf(payload['cli_version'])
    if (cliVersion) meta.cliVersion = cliVersion
    const source = payload['source']
    if (isString(source)) meta.source = source
    else if (isRecord(source) && 'subagent' in source)
      meta.source = isString(source['subagent']) ? `subagent: ${source['subagent']}` : 'subagent'
    const git = payload['git']
    if (isRecord(git)) {
      const branch = stringOf(git['branch'])
      if (branch) meta.gitBranch = branch
      const commit = stringOf(git['commit_hash'])
      if (commit) meta.gitCommit = commit
    }
    // The TS CLI and legacy files keep the user's custom instructions here.
    const instructions = stringOf(payload['instructions'])
    if (instructions?.trim()) metaText('injected-context', 'Custom instructions', instructions, timestamp)
  }

  function turnContext(payload: Record<string, unknown>): void {
    const name = stringOf(payload['model'])
    if (name) {
      currentModel = name
      if (!models.includes(name)) models.push(name)
      if (open && !open.model) open.model = name
    }
    const cwd = stringOf(payload['cwd'])
    if (cwd && !meta.cwd) meta.cwd = cwd
    startTurn(stringOf(payload['turn_id']))
  }

  function responseItem(
    item: Record<string, unknown>,
    timestamp: string | undefined,
    lineMeta: Record<string, unknown> | undefined
  ): void {
    // What the model wrote to build a compaction summary (0.17x): part of the compaction, not of the conversation.
    if (lineMeta?.['compaction_output'] === true) {
      if (item['type'] === 'message') compactionSummary = contentText(item['content']) || compactionSummary
      count('compaction-request')
      return
    }
    const id = stringOf(item['id'])
    switch (item['type']) {
      case 'message':
        message(item, timestamp, id)
        return
      case 'reasoning': {
        if (isString(item['encrypted_content']) && item['encrypted_content'] !== '') count('encrypted-reasoning')
        const summary = Array.isArray(item['summary']) ? item['summary'] : []
        let shown = false
        for (const entry of summary) {
          const text = isRecord(entry) ? stringOf(entry['text']) : undefined
          if (text) shown = reasoning('reasoning', text, 'item', timestamp) || shown
        }
        if (summary.length === 0 && Array.isArray(item['content'])) {
          for (const entry of item['content']) {
            const text = isRecord(entry) ? stringOf(entry['text']) : undefined
            if (text) reasoning('raw-reasoning', text, 'item', timestamp)
          }
        }
        return
      }
      case 'function_call': {
        const name = stringOf(item['name']) ?? 'function'
        const raw = stringOf(item['arguments'])
        toolCall(stringOf(item['call_id']), name, parseArguments(raw), timestamp)
        return
      }
      case 'custom_tool_call':
        toolCall(
          stringOf(item['call_id']),
          stringOf(item['name']) ?? 'custom_tool',
          item['input'],
          timestamp,
          stringOf(item['status'])
        )
        return
      case 'local_shell_call': {
        const action = isRecord(item['action']) ? item['action'] : {}
        const command = Array.isArray(action['command']) ? action['command'].filter(isString) : []
        const input: Record<string, unknown> = {command: commandLine(command)}
        const workdir = stringOf(action['working_directory'])
        if (workdir) input['workdir'] = workdir
        toolCall(stringOf(item['call_id']), 'local_shell', input, timestamp, stringOf(item['status']))
        return
      }
      case 'function_call_output':
      case 'custom_tool_call_output':
        toolOutput(stringOf(item['call_id']), item['output'], stringOf(item['name']), timestamp)
        return
      case 'web_search_call': {
        const action = isRecord(item['action']) ? item['action'] : {}
        toolCall(id, 'web_search', action, timestamp, stringOf(item['status']))
        return
      }
      case 'image_generation_call': {
        const result = stringOf(item['result'])
        const part = imagePart(result ? `data:image/png;base64,${result}` : undefined)
        const prompt = stringOf(item['revised_prompt'])
        if (prompt) part.text = `generated image, ${part.text}: ${prompt}`
        assistantPart(part, timestamp)
        return
      }
      case 'compaction':
      case 'compaction_summary':
      case 'context_compaction':
        compactionNotice(undefined, timestamp)
        return
      case 'tool_search_call':
      case 'tool_search_output':
        count('tool-search')
        return
      case 'ghost_snapshot':
        count('ghost-snapshot')
        return
      case 'agent_message':
        count('inter-agent-message')
        return
      default:
        count('unknown-item')
    }
  }

  function message(item: Record<string, unknown>, timestamp: string | undefined, id: string | undefined): void {
    const role = item['role']
    const text = contentText(item['content'])
    if (role === 'developer' || role === 'system') {
      metaText('developer-message', 'Developer message', text, timestamp)
      return
    }
    if (role === 'user') {
      if (isInjectedContext(text)) {
        metaText('injected-context', 'Injected context', text, timestamp)
        return
      }
      const parts = messageContent(item['content'])
      if (parts.length === 0) count('empty-message')
      else if (duplicates.claim('user', text, 'item')) prompt(parts, timestamp, id)
      return
    }
    if (role === 'assistant') {
      if (text.trim()) assistantText(text, 'item', timestamp)
      else count('empty-message')
      return
    }
    count('unknown-item')
  }

  function event(payload: Record<string, unknown>, timestamp: string | undefined): void {
    switch (payload['type']) {
      case 'task_started':
      case 'turn_started':
        startTurn(stringOf(payload['turn_id']))
        return
      case 'user_message': {
        const text = stringOf(payload['message']) ?? ''
        const parts: Part[] = text.trim() ? [{type: 'text', text}] : []
        for (const list of [payload['images'], payload['local_images']]) {
          if (Array.isArray(list)) for (const image of list) if (isString(image)) parts.push(imagePart(image))
        }
        if (parts.length > 0 && duplicates.claim('user', text, 'event')) prompt(parts, timestamp, undefined)
        return
      }
      case 'agent_message': {
        const text = stringOf(payload['message'])
        if (text?.trim()) assistantText(text, 'event', timestamp)
        return
      }
      case 'agent_reasoning':
      case 'agent_reasoning_raw_content': {
        const text = stringOf(payload['text'])
        if (text)
          reasoning(payload['type'] === 'agent_reasoning' ? 'reasoning' : 'raw-reasoning', text, 'event', timestamp)
        return
      }
      case 'item_completed':
        if (isRecord(payload['item'])) completedItem(payload['item'], timestamp)
        return
      case 'token_count':
        tokenCount(payload['info'])
        return
      case 'task_complete':
      case 'turn_complete': {
        // The turn's last agent message, a third copy: shown only when no other copy was.
        const last = stringOf(payload['last_agent_message'])
        if (last?.trim() && !duplicates.shown('assistant', last)) assistantText(last, 'event', timestamp)
        const error = payload['error']
        if (isRecord(error)) errorNotice(stringOf(error['message']) ?? JSON.stringify(error), timestamp)
        else if (isString(error)) errorNotice(error, timestamp)
        return
      }
      case 'error':
        errorNotice(stringOf(payload['message']) ?? 'unknown error', timestamp)
        return
      case 'turn_aborted': {
        const reason = stringOf(payload['reason'])
        notice(
          {type: 'notice', level: 'warning', kind: 'aborted', text: `Turn aborted${reason ? ` (${reason})` : ''}.`},
          timestamp
        )
        return
      }
      case 'context_compacted':
        compactionNotice(undefined, timestamp)
        return
      case 'thread_rolled_back':
        rollBack(numberOf(payload['num_turns']) ?? 0)
        return
      case 'exec_command_end':
        commandEnd(stringOf(payload['call_id']), numberOf(payload['exit_code']), stringOf(payload['aggregated_output']))
        return
      case 'patch_apply_end':
        if (payload['success'] === false) commandEnd(stringOf(payload['call_id']), 1, stringOf(payload['stderr']))
        return
      default:
      // UI events (deltas, approvals, settings, begin/end markers) hold nothing the note needs.
    }
  }

  // 0.17x `item_completed` items: the UI's copy of each message, and command runs.
  function completedItem(item: Record<string, unknown>, timestamp: string | undefined): void {
    switch (item['type']) {
      case 'UserMessage': {
        const parts = messageContent(item['content'])
        const text = contentText(item['content'])
        if (parts.length > 0 && duplicates.claim('user', text, 'event')) prompt(parts, timestamp, stringOf(item['id']))
        return
      }
      case 'AgentMessage': {
        const text = contentText(item['content'])
        if (text.trim()) assistantText(text, 'event', timestamp)
        return
      }
      case 'Reasoning': {
        for (const text of Array.isArray(item['summary_text']) ? item['summary_text'] : []) {
          if (isString(text)) reasoning('reasoning', text, 'event', timestamp)
        }
        if (!Array.isArray(item['summary_text']) || item['summary_text'].length === 0) {
          for (const text of Array.isArray(item['raw_content']) ? item['raw_content'] : []) {
            if (isString(text)) reasoning('raw-reasoning', text, 'event', timestamp)
          }
        }
        return
      }
      case 'CommandExecution':
        commandExecution(item, timestamp)
        return
      case 'ContextCompaction':
        compactionNotice(undefined, timestamp)
        return
      default:
    }
  }

  // Turns.

  function startTurn(id: string | undefined): void {
    if (!id) return
    keyedByIds = true
    if (id !== turnKey) newTurn(id)
  }

  function newTurn(key: string): void {
    turnKey = key
    open = undefined
    turnError = undefined
    // Without turn ids a prompt opens the turn after its first copy was claimed: the pool must outlive it.
    if (keyedByIds) duplicates.clear()
    turnStartTotal = lastTotal ?? (meta.forkedFrom ? undefined : zeroTokens)
  }

  function prompt(parts: Part[], timestamp: string | undefined, id: string | undefined): void {
    if (!keyedByIds) newTurn(`prompt-${++prompts}`)
    open = undefined
    compaction = undefined
    const turn: Turn = {role: 'user', author: user.id, parts}
    if (id) turn.id = id
    if (timestamp) turn.timestamp = timestamp
    turns.push(turn)
  }

  function assistantPart(part: Part, timestamp: string | undefined): void {
    compaction = undefined
    if (!open) {
      open = {role: 'assistant', author: model.id, parts: []}
      if (turnKey && keyedByIds) open.id = turnKey
      if (timestamp) open.timestamp = timestamp
      if (currentModel) open.model = currentModel
      turns.push(open)
      if (turnKey) assistantByKey.set(turnKey, open)
    }
    open.parts.push(part)
  }

  function assistantText(text: string, source: CopySource, timestamp: string | undefined): void {
    if (duplicates.claim('assistant', text, source)) assistantPart({type: 'text', text}, timestamp)
  }

  function reasoning(kind: string, text: string, source: CopySource, timestamp: string | undefined): boolean {
    if (!duplicates.claim(kind, text, source)) return false
    const part = thinkingPart(text)
    if (part) assistantPart(part, timestamp)
    return part !== undefined
  }

  function notice(part: NoticePart, timestamp: string | undefined): void {
    open = undefined
    turns.push({role: 'system', ...(timestamp ? {timestamp} : {}), parts: [part]})
  }

  function metaText(reason: string, label: string, text: string, timestamp: string | undefined): void {
    count(reason)
    if (!settings.keepMeta || !text.trim()) return
    notice(
      {type: 'notice', level: 'info', kind: 'meta', text: `${label}: ${injectedLabel(text)}`, details: text},
      timestamp
    )
  }

  function compactionNotice(summary: string | undefined, timestamp: string | undefined): void {
    const details = summary?.trim() ? summary.trim() : undefined
    if (compaction) {
      if (details && !compaction.details) compaction.details = details
      return
    }
    const part: NoticePart = {
      type: 'notice',
      level: 'info',
      kind: 'compaction',
      text:
        "Context compacted: Codex replaced the earlier history with a summary in the model's context; the " +
        'earlier turns stay in this note.'
    }
    if (details) part.details = details
    notice(part, timestamp)
    compaction = part
  }

  function errorNotice(raw: string, timestamp: string | undefined): void {
    const text = errorText(raw)
    if (text === turnError) return
    turnError = text
    notice({type: 'notice', level: 'error', kind: 'error', text: `The request failed: ${text}`}, timestamp)
  }

  // `thread_rolled_back`: the user undid their last N turns; the note follows what they kept.
  function rollBack(count_: number): void {
    if (count_ <= 0) return
    let removed = 0
    let at = turns.length
    while (removed < count_ && at > 0) {
      at--
      if (turns[at]?.role === 'user') removed++
    }
    turns.splice(at)
    open = undefined
    count('rolled-back-turn', removed)
  }

  // Tools.

  function toolCall(
    callId: string | undefined,
    name: string,
    input: unknown,
    timestamp: string | undefined,
    status?: string
  ): void {
    let shownInput = input
    let summary = name
    let patch: string | undefined
    if (isString(input) && isPatch(input)) patch = input
    else if (isRecord(input) && isString(input['input']) && isPatch(input['input'])) patch = input['input']
    else if (
      isRecord(input) &&
      Array.isArray(input['command']) &&
      input['command'][0] === 'apply_patch' &&
      isString(input['command'][1])
    )
      patch = input['command'][1]
    if (patch) {
      // A patch reads best as a diff: it stands as the call's result until the output says otherwise.
      shownInput = undefined
      summary = patchSummary(patch) ?? name
      if (callId) patches.set(callId, patch)
    } else {
      summary = callSummary(name, input)
    }

    const existing = callId ? calls.get(callId) : undefined
    if (existing) {
      existing.name = name
      existing.input = shownInput
      existing.text = summary
      return
    }
    const part: ToolCallPart = {type: 'tool-call', text: summary, name, input: shownInput}
    if (callId) part.id = callId
    if (status && status !== 'completed') part.status = status
    if (patch) part.result = {text: patch.trim(), language: 'diff'}
    assistantPart(part, timestamp)
    if (callId) calls.set(callId, part)
  }

  function toolOutput(
    callId: string | undefined,
    output: unknown,
    name: string | undefined,
    timestamp: string | undefined
  ): void {
    const result = toolResult(output)
    const part = callId ? calls.get(callId) : undefined
    if (!part) {
      // An output no recorded call asked for stays visible, as a call known only by its result.
      const orphan: ToolCallPart = {
        type: 'tool-call',
        text: name ?? 'tool output',
        name: name ?? 'tool',
        input: undefined,
        result
      }
      if (callId) orphan.id = callId
      assistantPart(orphan, timestamp)
      return
    }
    const patch = callId ? patches.get(callId) : undefined
    const failed =
      result.isError === true ||
      part.result?.isError === true ||
      (patch !== undefined && /^(?:apply_patch verification failed|error|failed)/i.test(result.text.trim()))
    if (patch) {
      // The patch stays the result when it applied; a failure shows the error, then the patch.
      if (failed) part.result = {text: `${result.text.trim()}\n\n${patch.trim()}`, isError: true}
      return
    }
    if (failed) result.isError = true
    part.result = result
  }

  function commandExecution(item: Record<string, unknown>, timestamp: string | undefined): void {
    const callId = stringOf(item['id'])
    const command = Array.isArray(item['command'])
      ? commandLine(item['command'].filter(isString))
      : (stringOf(item['command']) ?? '')
    const exitCode = numberOf(item['exit_code'])
    const output = stringOf(item['aggregated_output']) ?? ''
    const failed =
      (exitCode !== undefined && exitCode !== 0) || item['status'] === 'failed' || item['status'] === 'declined'
    if (item['source'] === 'user_shell') {
      // A `!command` the user ran in the TUI: their own action, shown in a user turn.
      const part: ToolCallPart = {
        type: 'tool-call',
        text: command,
        name: 'shell',
        displayName: 'user shell command',
        input: {command},
        result: {text: output}
      }
      if (failed && part.result) part.result.isError = true
      if (callId) part.id = callId
      prompt([part], timestamp, undefined)
      return
    }
    const existing = callId ? calls.get(callId) : undefined
    if (existing) {
      if (!existing.result) existing.result = {text: output}
      if (failed && existing.result) existing.result.isError = true
      return
    }
    const part: ToolCallPart = {
      type: 'tool-call',
      text: command,
      name: 'exec_command',
      input: {cmd: command},
      result: {text: output}
    }
    if (failed && part.result) part.result.isError = true
    if (callId) part.id = callId
    assistantPart(part, timestamp)
    if (callId) calls.set(callId, part)
  }

  function commandEnd(callId: string | undefined, exitCode: number | undefined, output: string | undefined): void {
    const part = callId ? calls.get(callId) : undefined
    if (!part) return
    if (!part.result && output !== undefined) part.result = {text: output}
    if (exitCode !== undefined && exitCode !== 0 && part.result) part.result.isError = true
  }

  function tokenCount(info: unknown): void {
    if (!isRecord(info)) return
    const total = tokenCounts(info['total_token_usage'])
    if (!total) return
    lastTotal = total
    if (turnKey && turnStartTotal) {
      const delta = subtractTokens(total, turnStartTotal)
      if (delta) deltaTokens.set(turnKey, delta)
    }
  }

  // The conversation.

  function finish(options: FinishOptions): Conversation {
    if (variant === undefined) {
      throw new Error(
        'no Codex records found: expected {timestamp, type, payload} envelope lines, a legacy first line {id, ' +
          'timestamp} followed by response items, or a {session, items} document'
      )
    }
    for (const [key, turn] of assistantByKey) {
      const tokens = recordedTokens.get(key) ?? deltaTokens.get(key)
      if (tokens && (tokens.total === undefined || tokens.total > 0)) turn.tokens = tokens
    }
    const shown = turns.filter((turn) => turn.parts.length > 0)
    if (!shown.some((turn) => turn.role === 'user' || turn.role === 'assistant')) {
      const what =
        Object.keys(fidelity).length > 0
          ? Object.entries(fidelity)
              .map(([reason, n]) => `${n} ${reason}`)
              .join(', ')
          : 'no message records'
      throw new Error(
        `the rollout${meta.id ? ` of session ${meta.id}` : ''} holds no user prompt or assistant message (${what}): ` +
          'there is no conversation to convert'
      )
    }
    if (meta.forkedFrom) {
      shown.unshift({
        role: 'system',
        parts: [{type: 'notice', level: 'info', kind: 'fork', text: `Forked from session ${meta.forkedFrom}.`}]
      })
    }

    const conversation: Conversation = {
      id: meta.id ?? options.fallbackId,
      source: {format: 'codex', variant, ...(options.path ? {path: options.path} : {})},
      participants: [user, model].map((participant) => ({...participant})),
      metadata: metadataOf(),
      turns: shown,
      fidelity
    }
    if (meta.createdAt) conversation.createdAt = meta.createdAt
    const updatedAt = meta.updatedAt ?? lastTimestamp(shown)
    if (updatedAt) conversation.updatedAt = updatedAt
    return conversation
  }

  function metadataOf(): ConversationMetadata {
    const result: ConversationMetadata = {}
    if (models.length > 0) result.models = [...models]
    if (meta.cwd) result.project = meta.cwd
    if (meta.gitBranch) result.gitBranch = meta.gitBranch
    // A fork's totals start from its parent's: its own usage is the sum of its turns.
    const own = sumTokens(
      [...assistantByKey.keys()].flatMap((key) => recordedTokens.get(key) ?? deltaTokens.get(key) ?? [])
    )
    const tokens = meta.forkedFrom ? own : (lastTotal ?? own)
    if (tokens) result.tokens = {...tokens}
    const extra: Record<string, string | number | boolean> = {}
    if (meta.forkedFrom) extra['forked_from'] = meta.forkedFrom
    if (meta.cliVersion) extra['cli_version'] = meta.cliVersion
    if (meta.originator) extra['originator'] = meta.originator
    if (meta.source) extra['session_source'] = meta.source
    if (meta.gitCommit) extra['git_commit'] = meta.gitCommit
    if (Object.keys(extra).length > 0) result.extra = extra
    return result
  }
}

/** A `function_call`'s `arguments`: JSON in a string, parsed; left as the string when it is not JSON. */
function parseArguments(raw: string | undefined): unknown {
  if (raw === undefined || raw.trim() === '') return undefined
  try {
    return JSON.parse(raw) as unknown
  } catch {
    return raw
  }
}

/** A one-line summary of a call: its command line, when it runs one. */
function callSummary(name: string, input: unknown): string {
  if (!isRecord(input)) return name
  const cmd = input['cmd'] ?? input['command']
  if (isString(cmd)) return cmd.split('\n', 1)[0] ?? name
  if (Array.isArray(cmd)) return commandLine(cmd.filter(isString))
  return name
}

/** `["bash", "-lc", "ls -la"]` as the command the shell ran (`ls -la`); other argv joined with spaces. */
function commandLine(argv: string[]): string {
  if (argv.length === 3 && /(?:^|\/)(?:ba|z)?sh$/.test(argv[0] ?? '') && /^-l?c$/.test(argv[1] ?? ''))
    return argv[2] ?? ''
  return argv.map((arg) => (/^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`)).join(' ')
}

/** An error message, unwrapped from the API's JSON body when it is one. */
function errorText(raw: string): string {
  try {
    const body: unknown = JSON.parse(raw)
    if (isRecord(body)) {
      const inner = isRecord(body['error']) ? body['error'] : body
      const message = stringOf(inner['message'])
      if (message) return message
    }
  } catch {
    // Not JSON: the message as written.
  }
  return raw.trim()
}

function lastTimestamp(turns: readonly Turn[]): string | undefined {
  for (let index = turns.length - 1; index >= 0; index--) {
    const timestamp = turns[index]?.timestamp
    if (timestamp) return timestamp
  }
  return undefined
}
