import type {LineWriter} from './generator-kit.js'
import {lineWriter, textMaker} from './generator-kit.js'

/** The tools whose line-heavy sessions {@link generateLineSession} writes. */
export type LineTool = 'claude' | 'codex' | 'gemini' | 'qwen'

/**
 * Writes a session of `lines` short JSONL records, as a tool writes them in a
 * long, chatty session: short prompts, one-line answers, tool calls with a few
 * words of output, and the tool's bookkeeping between them. A record is a few
 * hundred bytes, so the cost per record shows, where the bench's 100 MB
 * sessions (multi-KB messages and outputs) hide it. Deterministic for a given
 * tool and line count.
 */
export async function generateLineSession(path: string, tool: LineTool, lines: number): Promise<void> {
  const out = lineWriter(path)
  const counted = countingWriter(out)
  await writers[tool](counted, lines)
  await out.close()
}

/** A writer that also counts lines. */
interface CountingWriter {
  write(value: unknown): Promise<void>
  readonly lines: number
}

function countingWriter(out: LineWriter): CountingWriter {
  let lines = 0
  return {
    async write(value) {
      lines++
      await out.write(value)
    },
    get lines() {
      return lines
    }
  }
}

/** The short texts of a chatty session. */
function shortText(seed: number) {
  const {random, sentence} = textMaker(
    seed,
    'ok run the tests again fix the import then check lint and commit it looks good now try the other file ' +
      'yes no done next please show me why it fails'
  )
  return {random, words: (count: number): string => sentence(count + Math.floor(random() * count))}
}

/** A clock that ticks a few seconds per record, as a session's times do. */
function clockFrom(random: () => number): () => string {
  let clock = Date.UTC(2026, 10, 30, 8, 0, 0)
  return () => {
    clock += 200 + Math.floor(random() * 4000)
    return new Date(clock).toISOString()
  }
}

const writers: Record<LineTool, (out: CountingWriter, lines: number) => Promise<void>> = {
  claude: writeClaude,
  codex: writeCodex,
  gemini: writeGemini,
  qwen: writeQwen
}

/** Claude Code 2.1's records, with its envelope on every chained one. */
async function writeClaude(out: CountingWriter, lines: number): Promise<void> {
  const {random, words} = shortText(31)
  const now = clockFrom(random)
  const sessionId = '7a1e2b3c-4d5e-4f60-8a71-92b3c4d5e6f7'
  const envelope = {
    isSidechain: false,
    userType: 'external',
    entrypoint: 'cli',
    cwd: '/home/dev/app',
    sessionId,
    version: '2.1.332',
    gitBranch: 'main'
  }
  let counter = 0
  const uuid = (): string => `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`
  let parent: string | null = null
  const chain = async (record: Record<string, unknown>): Promise<string> => {
    const id = uuid()
    await out.write({parentUuid: parent, ...envelope, ...record, uuid: id, timestamp: now()})
    parent = id
    return id
  }
  const usage = (): Record<string, unknown> => ({
    input_tokens: 4 + Math.floor(random() * 90),
    cache_read_input_tokens: 30_000 + Math.floor(random() * 9000),
    output_tokens: 5 + Math.floor(random() * 200),
    service_tier: 'standard'
  })
  const assistant = (messageId: string, content: unknown[], stop: string): Record<string, unknown> => ({
    type: 'assistant',
    requestId: `req_${messageId}`,
    message: {
      id: messageId,
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-5-5',
      content,
      stop_reason: stop,
      usage: usage()
    }
  })
  let turn = 0
  while (out.lines < lines) {
    turn++
    const prompt = words(5)
    await out.write({type: 'queue-operation', operation: 'enqueue', timestamp: now(), sessionId, content: prompt})
    await chain({type: 'user', message: {role: 'user', content: prompt}, promptId: `p-${turn}`})
    const steps = 1 + Math.floor(random() * 4)
    for (let step = 0; step < steps && out.lines < lines; step++) {
      const messageId = `msg_${turn}_${step}`
      await chain(assistant(messageId, [{type: 'text', text: words(6)}], 'tool_use'))
      const toolId = `toolu_${turn}_${step}`
      const command = `npm ${words(2)}`
      const toolUse = await chain(
        assistant(
          messageId,
          [{type: 'tool_use', id: toolId, name: 'Bash', input: {command, description: words(3)}}],
          'tool_use'
        )
      )
      const output = words(4)
      await chain({
        type: 'user',
        message: {role: 'user', content: [{tool_use_id: toolId, type: 'tool_result', content: output}]},
        toolUseResult: {stdout: output, stderr: '', interrupted: false, isImage: false},
        sourceToolAssistantUUID: toolUse
      })
    }
    await chain(assistant(`msg_${turn}_end`, [{type: 'text', text: words(8)}], 'end_turn'))
    await chain({type: 'system', subtype: 'turn_duration', durationMs: 3_000 + turn, isMeta: false})
    await out.write({type: 'last-prompt', lastPrompt: prompt, leafUuid: parent, sessionId})
  }
  await out.write({type: 'ai-title', aiTitle: 'A long chatty session', sessionId})
}

/** A current (0.17x) Codex rollout: `ordinal` on every line, items mirrored by `item_completed` events. */
async function writeCodex(out: CountingWriter, lines: number): Promise<void> {
  const {random, words} = shortText(37)
  const now = clockFrom(random)
  let ordinal = 0
  const write = (type: string, payload: unknown): Promise<void> =>
    out.write({timestamp: now(), ordinal: ordinal++, type, payload})
  const threadId = '01a22b02-2b07-7891-8afc-c9352ed8c4ef'
  const cwd = '/home/dev/app'
  await write('session_meta', {
    id: threadId,
    session_id: threadId,
    timestamp: now(),
    cwd,
    originator: 'codex_cli_rs',
    cli_version: '0.171.0',
    source: 'cli',
    model_provider: 'openai'
  })
  let turn = 0
  while (out.lines < lines) {
    turn++
    const turnId = `01a22b02-${String(turn).padStart(6, '0')}-7761-a862-7bf537f6f1f9`
    await write('event_msg', {type: 'task_started', turn_id: turnId, model_context_window: 258400})
    await write('turn_context', {turn_id: turnId, cwd, approval_policy: 'on-request', model: 'gpt-5.5-codex'})
    const prompt = words(5)
    await write('response_item', {type: 'message', role: 'user', content: [{type: 'input_text', text: prompt}]})
    await write('event_msg', {type: 'user_message', message: prompt, images: []})
    const steps = 1 + Math.floor(random() * 4)
    for (let step = 0; step < steps && out.lines < lines; step++) {
      const callId = `call_${turn}_${step}`
      await write('response_item', {
        type: 'function_call',
        name: 'exec_command',
        arguments: JSON.stringify({cmd: `npm ${words(2)}`}),
        call_id: callId
      })
      await write('response_item', {
        type: 'function_call_output',
        call_id: callId,
        output: `Process exited with code 0\nOutput:\n${words(4)}`
      })
    }
    const answer = words(8)
    await write('response_item', {type: 'message', role: 'assistant', content: [{type: 'output_text', text: answer}]})
    await write('event_msg', {type: 'agent_message', message: answer})
    await write('event_msg', {
      type: 'token_count',
      info: {last_token_usage: {input_tokens: 900, cached_input_tokens: 400, output_tokens: 40, total_tokens: 940}}
    })
    await write('event_msg', {type: 'task_complete', turn_id: turnId, last_agent_message: answer})
  }
}

/** A Gemini CLI JSONL session (0.61): a message per line, `$set.lastUpdated` after each. */
async function writeGemini(out: CountingWriter, lines: number): Promise<void> {
  const {random, words} = shortText(41)
  const now = clockFrom(random)
  const start = now()
  await out.write({
    sessionId: '0b9f3c7e-5d2a-4c1b-9e8f-1a2b3c4d5e6f',
    projectHash: 'd16a3a011a067966988e1886e19eb4a3589e9bf1412121b0fa2c04190c6b6a2d',
    startTime: start,
    lastUpdated: start,
    kind: 'main'
  })
  let id = 0
  while (out.lines < lines) {
    const asked = now()
    await out.write({id: `m-${id++}`, timestamp: asked, type: 'user', content: [{text: words(5)}]})
    await out.write({$set: {lastUpdated: asked}})
    const answered = now()
    const callId = `run_shell_command-${id}`
    const command = `npm ${words(2)}`
    await out.write({
      id: `m-${id++}`,
      timestamp: answered,
      type: 'gemini',
      content: words(8),
      thoughts: [],
      tokens: {input: 900, output: 40, cached: 400, thoughts: 0, tool: 0, total: 1340},
      model: 'gemini-3-pro',
      toolCalls: [
        {
          id: callId,
          name: 'run_shell_command',
          args: {command},
          result: [{functionResponse: {id: callId, name: 'run_shell_command', response: {output: words(4)}}}],
          status: 'success',
          timestamp: answered
        }
      ]
    })
    await out.write({$set: {lastUpdated: answered}})
  }
}

/** A Qwen Code chat recording (0.24): a uuid chain of user, assistant, tool_result and system records. */
async function writeQwen(out: CountingWriter, lines: number): Promise<void> {
  const {random, words} = shortText(43)
  const now = clockFrom(random)
  const sessionId = '405b0a87-f901-47ad-baf6-0c32eeab007c'
  let counter = 0
  let parent: string | null = null
  const chain = async (record: Record<string, unknown>): Promise<void> => {
    const uuid = `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`
    await out.write({uuid, parentUuid: parent, sessionId, timestamp: now(), ...record, cwd: '/home/dev/app'})
    parent = uuid
  }
  let turn = 0
  while (out.lines < lines) {
    turn++
    await chain({type: 'user', message: {role: 'user', parts: [{text: words(5)}]}, version: '0.24.4'})
    const steps = 1 + Math.floor(random() * 4)
    for (let step = 0; step < steps && out.lines < lines; step++) {
      const callId = `call_${turn}_${step}`
      await chain({
        type: 'assistant',
        model: 'qwen3-coder-plus',
        message: {
          role: 'model',
          parts: [{text: words(6)}, {functionCall: {id: callId, name: 'run_shell_command', args: {command: 'ls'}}}]
        },
        usageMetadata: {promptTokenCount: 900, candidatesTokenCount: 40, totalTokenCount: 940}
      })
      await chain({
        type: 'tool_result',
        message: {
          role: 'user',
          parts: [{functionResponse: {id: callId, name: 'run_shell_command', response: {output: words(4)}}}]
        },
        toolCallResult: {callId, status: 'success', resultDisplay: words(4)}
      })
    }
    await chain({type: 'assistant', model: 'qwen3-coder-plus', message: {role: 'model', parts: [{text: words(8)}]}})
  }
}
