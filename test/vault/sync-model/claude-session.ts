import {promptText, replyText, turnTime, uuidFrom} from './conversation-text.js'

/** A generated Claude Code session: where it is, and what its records share. */
export interface ClaudeSession {
  /** Its number in the run (its texts' tokens use it). */
  index: number
  sessionId: string
  /** The project folder the session ran in (Claude Code names the folder of its file after it). */
  cwd: string
  topic: string
}

// The records are shaped exactly as Claude Code 2.1.332 writes them
// (packages/format-claude/fixtures/claude-code/real-resume-api-error, a session the real CLI wrote against a mock
// model): the prompt queued and taken, the user record, the assistant's reply with its usage, and the `last-prompt`
// bookkeeping line; field for field, in the same order.
const version = '2.1.332'
const model = 'claude-opus-5-5'

/** The session's folder under `~/.claude/projects`: the project's path, `/` as `-`. */
export function claudeProjectFolder(session: ClaudeSession): string {
  return session.cwd.replaceAll('/', '-')
}

/** The JSONL lines of turn `turn` (from 1): a prompt and its reply. */
export function claudeTurnLines(session: ClaudeSession, turn: number): string {
  const {sessionId, cwd, index} = session
  const prompt = promptText(index, turn, session.topic)
  const user = uuidFrom(`${sessionId}:${turn}:user`)
  const reply = uuidFrom(`${sessionId}:${turn}:assistant`)
  const parent = turn === 1 ? null : uuidFrom(`${sessionId}:${turn - 1}:assistant`)
  const common = {userType: 'external', entrypoint: 'sdk-cli', cwd, sessionId, version, gitBranch: 'HEAD'}
  const records = [
    {type: 'queue-operation', operation: 'enqueue', timestamp: turnTime(index, turn), sessionId, content: prompt},
    {type: 'queue-operation', operation: 'dequeue', timestamp: turnTime(index, turn, 3), sessionId},
    {
      parentUuid: parent,
      isSidechain: false,
      promptId: uuidFrom(`${sessionId}:${turn}:prompt`),
      type: 'user',
      message: {role: 'user', content: prompt},
      uuid: user,
      timestamp: turnTime(index, turn, 72),
      permissionMode: 'default',
      promptSource: 'sdk',
      sentAtMs: Date.parse(turnTime(index, turn)),
      rowSource: 'local',
      turnOrigin: 'sdk',
      turnPosition: {promptIndex: 0, turnIndex: turn},
      ...common
    },
    {
      parentUuid: user,
      isSidechain: false,
      message: {
        id: `msg_mock${uuidFrom(`${sessionId}:${turn}:message`).replaceAll('-', '').slice(0, 24)}`,
        type: 'message',
        role: 'assistant',
        model,
        content: [{type: 'text', text: replyText(index, turn)}],
        stop_reason: 'end_turn',
        stop_sequence: null,
        usage: {
          input_tokens: 2554 + turn * 90,
          cache_creation_input_tokens: 0,
          cache_read_input_tokens: 0,
          output_tokens: 62,
          output_tokens_details: {thinking_tokens: 0},
          server_tool_use: {web_search_requests: 0, web_fetch_requests: 0},
          service_tier: 'standard',
          cache_creation: {ephemeral_1h_input_tokens: 0, ephemeral_5m_input_tokens: 0},
          inference_geo: '',
          iterations: [],
          speed: 'standard',
          fallback_credit: null
        },
        stop_details: null
      },
      apiBlockIndex: 0,
      requestRef: uuidFrom(`${sessionId}:${turn}:request`),
      requestedModel: model,
      promptCacheRequested: '5m',
      type: 'assistant',
      uuid: reply,
      timestamp: turnTime(index, turn, 280),
      effort: 'medium',
      perTurnEffort: 'medium',
      madeBy: 'model',
      ...common
    },
    {type: 'last-prompt', lastPrompt: prompt, leafUuid: reply, sessionId}
  ]
  return records.map((record) => `${JSON.stringify(record)}\n`).join('')
}

/** The line `/rename` appends (Claude Code's `custom-title` record): it titles the session from then on. */
export function claudeRetitleLine(session: ClaudeSession, title: string): string {
  return `${JSON.stringify({type: 'custom-title', customTitle: title, sessionId: session.sessionId})}\n`
}
