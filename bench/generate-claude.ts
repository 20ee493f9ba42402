import type {LineWriter} from './generator-kit.js'
import {lineWriter, textMaker} from './generator-kit.js'

/** What makes one generated Claude Code session differ from another; every field has the bench's default. */
export interface ClaudeSessionOptions {
  /** The seed of its words and numbers. Default: 11. */
  seed?: number
  sessionId?: string
  /** When it starts (milliseconds since the epoch). Default: 2026-11-30 08:00 UTC. */
  start?: number
  /** Its working folder. Default: `/home/dev/project`. */
  cwd?: string
  /** Its `ai-title`. Default: `Generated benchmark session`. */
  title?: string
  /**
   * Claude Code 2.1's harness lines at the start of a session, as a real one
   * wrote them: `before` the first prompt (`mode`, `permission-mode`, ...),
   * `after` it (the context attachments, chained to it, and the API request
   * bookkeeping). Written with this session's id, uuids and times.
   */
  header?: {before: readonly Record<string, unknown>[]; after: readonly Record<string, unknown>[]}
  /** The share of Bash and Read results that are long (300 to 2,000 lines, as a full file read). Default: 0. */
  longOutputs?: number
  /** A `/compact` half-way only when the session is at least this large. Default: 0 (always). */
  compactFrom?: number
}

/**
 * Writes a realistic Claude Code 2.1 JSONL session of about `targetBytes`:
 * the record mix real files have (queue operations, context attachments,
 * `file-history-snapshot`, `api-request` / `last-prompt` / `turn_duration`
 * bookkeeping, isMeta lines, assistant responses split into one record per
 * content block sharing `message.id` with repeated usage, thinking, Bash /
 * Read / Edit tool calls with `tool_result` users and `toolUseResult`), one
 * `/compact` half-way (compact boundary + summary) and a rewind now and then
 * (an abandoned branch). Markdown-rich text and multi-KB tool output.
 * Deterministic for a given size.
 */
export async function generateClaudeSession(path: string, targetBytes: number): Promise<void> {
  const out = lineWriter(path)
  await writeClaudeSession(out, targetBytes)
  await out.close()
}

/**
 * Writes the lines of one session of about `targetBytes` to `out` (see
 * {@link generateClaudeSession}), deterministic for the same options.
 */
export async function writeClaudeSession(
  out: LineWriter,
  targetBytes: number,
  options: ClaudeSessionOptions = {}
): Promise<void> {
  const {random, sentence, paragraph} = textMaker(
    options.seed ?? 11,
    'the agent reads files runs commands and edits code while the parser keeps memory flat across long sessions ' +
      'with tools notes and diffs'
  )
  const markdown = (): string =>
    [
      `## ${sentence(4)}`,
      paragraph(),
      `- ${sentence(6)}\n- ${sentence(5)}\n- \`${sentence(2)}\``,
      '```ts\n' +
        Array.from({length: 6 + Math.floor(random() * 20)}, () => `const ${sentence(1)} = run('${sentence(2)}')`).join(
          '\n'
        ) +
        '\n```',
      paragraph()
    ].join('\n\n')
  const longOutputs = options.longOutputs ?? 0
  // A long result is drawn only when asked for, so the default sessions keep the same bytes.
  const output = (kind: number): string => {
    const long = longOutputs > 0 && kind < 2 && random() < longOutputs
    const lines = long ? 300 + Math.floor(random() * 1700) : 20 + Math.floor(random() * 120)
    return Array.from({length: lines}, (_, index) => `${index + 1}\t${sentence(8)}`).join('\n')
  }

  const write = out.write
  const cwd = options.cwd ?? '/home/dev/project'

  const sessionId = options.sessionId ?? '5c1e9a70-3b2d-4f8e-a6c4-0d9e8f7a6b5c'
  let counter = 0
  const uuid = (): string => `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`
  let clock = options.start ?? Date.UTC(2026, 10, 30, 8, 0, 0)
  const now = (): string => {
    clock += 500 + Math.floor(random() * 15_000)
    return new Date(clock).toISOString()
  }
  const envelope = {
    isSidechain: false,
    userType: 'external',
    entrypoint: 'cli',
    cwd,
    sessionId,
    version: '2.1.332',
    gitBranch: 'main'
  }
  let parent: string | null = null
  const chain = async (record: Record<string, unknown>): Promise<string> => {
    const id = uuid()
    await write({parentUuid: parent, ...envelope, ...record, uuid: id, timestamp: now()})
    parent = id
    return id
  }
  const usage = (outputTokens: number) => ({
    input_tokens: 2000 + Math.floor(random() * 9000),
    cache_creation_input_tokens: 120,
    cache_read_input_tokens: 30_000,
    output_tokens: outputTokens,
    service_tier: 'standard'
  })

  let turn = 0
  let compacted = false
  while (out.written < targetBytes) {
    turn++
    const prompt = `${sentence(10)}?`
    await write({type: 'queue-operation', operation: 'enqueue', timestamp: now(), sessionId, content: prompt})
    await write({type: 'queue-operation', operation: 'dequeue', timestamp: now(), sessionId})
    if (turn === 1) for (const record of options.header?.before ?? []) await write({...record, sessionId})
    const promptId = await chain({type: 'user', message: {role: 'user', content: prompt}, promptId: `p-${turn}`})
    if (turn === 1) {
      for (const record of options.header?.after ?? []) {
        // A chained record takes its place in this session's chain: its own links and time are replaced.
        const {parentUuid, uuid: _uuid, timestamp: _timestamp, ...rest} = record
        if (parentUuid !== undefined) await chain({...rest, ...envelope})
        else await write({...record, sessionId, ...('timestamp' in record ? {timestamp: now()} : {})})
      }
    }
    await write({
      type: 'file-history-snapshot',
      messageId: promptId,
      snapshot: {messageId: promptId, trackedFileBackups: {}, timestamp: now()},
      isSnapshotUpdate: false
    })
    await chain({
      type: 'attachment',
      attachment: {type: 'date', date: '2026-11-30'},
      rendered: [{content: '<system-reminder>\nToday is 2026-11-30.\n</system-reminder>'}]
    })
    if (turn % 7 === 0)
      await chain({
        type: 'user',
        isMeta: true,
        message: {role: 'user', content: `<system-reminder>\n${paragraph()}\n</system-reminder>`}
      })
    await write({
      type: 'api-request',
      sessionId,
      id: uuid(),
      timestamp: now(),
      version: '2.1.332',
      params: {model: 'claude-opus-5-5', max_tokens: 32000}
    })

    // A rewind: this prompt gets an answer, then the user goes back and asks again.
    if (turn % 11 === 0) {
      const fork: string | null = parent
      await chain({
        type: 'assistant',
        requestId: `req_r${turn}`,
        message: {
          id: `msg_r${turn}`,
          type: 'message',
          role: 'assistant',
          model: 'claude-opus-5-5',
          content: [{type: 'text', text: markdown()}],
          stop_reason: 'end_turn',
          usage: usage(300)
        }
      })
      parent = fork
    }

    const steps = 1 + Math.floor(random() * 3)
    for (let step = 0; step < steps; step++) {
      const messageId = `msg_${turn}_${step}`
      const base = {type: 'assistant', requestId: `req_${turn}_${step}`}
      const message = (content: unknown[], tokens: number) => ({
        id: messageId,
        type: 'message',
        role: 'assistant',
        model: 'claude-opus-5-5',
        content,
        stop_reason: 'tool_use',
        usage: usage(tokens)
      })
      await chain({
        ...base,
        message: message([{type: 'thinking', thinking: paragraph(), signature: 'c2ln'.repeat(20)}], 40)
      })
      await chain({...base, message: message([{type: 'text', text: sentence(12)}], 80)})
      const toolId = `toolu_${turn}_${step}`
      const kind = Math.floor(random() * 3)
      const tool =
        kind === 0
          ? {name: 'Bash', input: {command: `npm test -- ${sentence(2)}`, description: sentence(4)}}
          : kind === 1
            ? {name: 'Read', input: {file_path: `${cwd}/src/${sentence(1)}.ts`}}
            : {
                name: 'Edit',
                input: {file_path: `${cwd}/src/index.ts`, old_string: sentence(4), new_string: sentence(4)}
              }
      const toolUse = await chain({...base, message: message([{type: 'tool_use', id: toolId, ...tool}], 160)})
      const text = kind === 2 ? `The file ${cwd}/src/index.ts has been updated.` : output(kind)
      const rich =
        kind === 0
          ? {stdout: text, stderr: '', interrupted: false, isImage: false}
          : kind === 1
            ? {type: 'text', file: {filePath: '/x', content: text, numLines: 40, startLine: 1, totalLines: 40}}
            : {
                filePath: `${cwd}/src/index.ts`,
                structuredPatch: [
                  {oldStart: 10, oldLines: 1, newStart: 10, newLines: 1, lines: [`-${sentence(4)}`, `+${sentence(4)}`]}
                ]
              }
      await chain({
        type: 'user',
        message: {
          role: 'user',
          content: [{tool_use_id: toolId, type: 'tool_result', content: text, is_error: random() < 0.05}]
        },
        toolUseResult: rich,
        sourceToolAssistantUUID: toolUse
      })
    }
    await chain({
      type: 'assistant',
      requestId: `req_${turn}_end`,
      message: {
        id: `msg_${turn}_end`,
        type: 'message',
        role: 'assistant',
        model: 'claude-opus-5-5',
        content: [{type: 'text', text: markdown()}],
        stop_reason: 'end_turn',
        usage: usage(400)
      }
    })
    await chain({type: 'system', subtype: 'turn_duration', durationMs: 12_000, isMeta: false})
    await write({type: 'last-prompt', lastPrompt: prompt, leafUuid: parent, sessionId})

    if (!compacted && out.written > targetBytes / 2 && targetBytes >= (options.compactFrom ?? 0)) {
      compacted = true
      const logical = parent
      parent = null
      await chain({
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        level: 'info',
        logicalParentUuid: logical,
        compactMetadata: {trigger: 'manual', preTokens: 150_000}
      })
      await chain({
        type: 'user',
        isCompactSummary: true,
        isVisibleInTranscriptOnly: true,
        message: {
          role: 'user',
          content:
            `This session is being continued from a previous conversation that ran out of context. The ` +
            `summary below covers the earlier portion of the conversation.\n\n${markdown()}`
        }
      })
      await chain({
        type: 'user',
        message: {
          role: 'user',
          content:
            '<command-name>/compact</command-name>\n' +
            '<command-message>compact</command-message>\n<command-args></command-args>'
        }
      })
    }
  }
  await write({type: 'ai-title', aiTitle: options.title ?? 'Generated benchmark session', sessionId})
}
