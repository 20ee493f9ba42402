import {hexFrom, promptText, replyText, turnTime, uuidFrom} from './conversation-text.js'

/** A generated Gemini CLI session (its JSONL form, Gemini CLI 0.39 and later). */
export interface GeminiSession {
  index: number
  sessionId: string
  /** The folder under `~/.gemini/tmp` (Gemini CLI names it after a hash of the project's path). */
  projectHash: string
  topic: string
}

// Shaped as Gemini CLI writes its JSONL sessions (packages/format-gemini/fixtures/jsonl-shell-tool, a session the real
// CLI wrote; the record kinds are those its chatRecordingService.ts loads): a header, then each message followed by a
// `$set` of `lastUpdated`; a title is a `$set` of `summary` (written since Gemini CLI 0.21).
const model = 'gemini-3.8-flash'

/** The session file's name, as Gemini CLI names it (`session-<start, to the minute>-<8 hex>.jsonl`). */
export function geminiFileName(session: GeminiSession): string {
  const start = turnTime(session.index, 0).slice(0, 16).replace(':', '-')
  return `session-${start}-${session.sessionId.slice(0, 8)}.jsonl`
}

/** The header line, the first of the file. */
export function geminiHeaderLine(session: GeminiSession): string {
  const start = turnTime(session.index, 0)
  return `${JSON.stringify({
    sessionId: session.sessionId,
    projectHash: session.projectHash,
    startTime: start,
    lastUpdated: start,
    kind: 'main'
  })}\n`
}

/** The lines of turn `turn` (from 1). */
export function geminiTurnLines(session: GeminiSession, turn: number): string {
  const {index, sessionId} = session
  const asked = turnTime(index, turn, 59)
  const answered = turnTime(index, turn, 201)
  const records = [
    {
      id: uuidFrom(`${sessionId}:${turn}:user`),
      timestamp: asked,
      type: 'user',
      content: [{text: promptText(index, turn, session.topic)}]
    },
    {$set: {lastUpdated: asked}},
    {
      id: uuidFrom(`${sessionId}:${turn}:gemini`),
      timestamp: answered,
      type: 'gemini',
      content: replyText(index, turn),
      thoughts: [{subject: 'Planning', description: 'A short direct answer is enough here.', timestamp: answered}],
      tokens: {input: 169 + turn * 40, output: 12, cached: 0, thoughts: 20, tool: 0, total: 201 + turn * 40},
      model
    },
    {$set: {lastUpdated: answered}}
  ]
  return records.map((record) => `${JSON.stringify(record)}\n`).join('')
}

/** The line that titles the session (Gemini CLI 0.21 and later write a one-line `summary`). */
export function geminiRetitleLine(title: string): string {
  return `${JSON.stringify({$set: {summary: title}})}\n`
}

/** A project hash as Gemini CLI makes them (SHA-256 of the project's path, hex). */
export function geminiProjectHash(seed: string): string {
  return hexFrom(seed, 64)
}
