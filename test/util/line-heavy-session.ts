import {createWriteStream} from 'node:fs'
import {once} from 'node:events'

/** What {@link writeLineHeavySession} wrote. */
export interface LineHeavySession {
  sessionId: string
  /** The prompts, in order: each is a user turn of the note. */
  prompts: number
  /** The last prompt's text. */
  lastPrompt: string
}

/**
 * Writes a Claude Code 2.1 session of `lines` short records, as a long chatty
 * session writes them: a prompt, then a few steps of a one-line answer, a Bash
 * call and its one-line output (the assistant's records share a message id,
 * one per content block), a last answer, a `turn_duration` line, and the
 * bookkeeping lines between (queue operations, `last-prompt`). Every chained
 * record carries the envelope Claude Code writes (folder, session, version,
 * branch). About 540 bytes a line.
 */
export async function writeLineHeavySession(path: string, lines: number): Promise<LineHeavySession> {
  const out = createWriteStream(path)
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
  let written = 0
  let counter = 0
  let clock = Date.UTC(2026, 10, 30, 8, 0, 0)
  let parent: string | null = null
  const write = async (record: unknown): Promise<void> => {
    written++
    if (!out.write(`${JSON.stringify(record)}\n`)) await once(out, 'drain')
  }
  const chain = async (record: Record<string, unknown>): Promise<string> => {
    const uuid = `00000000-0000-4000-8000-${(counter++).toString(16).padStart(12, '0')}`
    clock += 1500
    await write({parentUuid: parent, ...envelope, ...record, uuid, timestamp: new Date(clock).toISOString()})
    parent = uuid
    return uuid
  }
  const assistant = (id: string, content: unknown[], stop: string): Record<string, unknown> => ({
    type: 'assistant',
    requestId: `req_${id}`,
    message: {
      id,
      type: 'message',
      role: 'assistant',
      model: 'claude-opus-5-5',
      content,
      stop_reason: stop,
      usage: {input_tokens: 40, cache_read_input_tokens: 31_000, output_tokens: 60, service_tier: 'standard'}
    }
  })
  let prompts = 0
  let lastPrompt = ''
  while (written < lines) {
    prompts++
    lastPrompt = `run the tests again and fix lint (${prompts})`
    await write({type: 'queue-operation', operation: 'enqueue', sessionId, content: lastPrompt})
    await chain({type: 'user', message: {role: 'user', content: lastPrompt}, promptId: `p-${prompts}`})
    for (let step = 0; step < 1 + (prompts % 3) && written < lines; step++) {
      const id = `msg_${prompts}_${step}`
      await chain(assistant(id, [{type: 'text', text: `Step ${step}: running the tests now.`}], 'tool_use'))
      const toolId = `toolu_${prompts}_${step}`
      const call = {type: 'tool_use', id: toolId, name: 'Bash', input: {command: 'npm test', description: 'Tests'}}
      const toolUse = await chain(assistant(id, [call], 'tool_use'))
      const output = `ok ${step}: 12 passed`
      await chain({
        type: 'user',
        message: {role: 'user', content: [{tool_use_id: toolId, type: 'tool_result', content: output}]},
        toolUseResult: {stdout: output, stderr: '', interrupted: false, isImage: false},
        sourceToolAssistantUUID: toolUse
      })
    }
    await chain(
      assistant(`msg_${prompts}_end`, [{type: 'text', text: 'All tests pass and lint is clean.'}], 'end_turn')
    )
    await chain({type: 'system', subtype: 'turn_duration', durationMs: 3000, isMeta: false})
    await write({type: 'last-prompt', lastPrompt, leafUuid: parent, sessionId})
  }
  out.end()
  await once(out, 'finish')
  return {sessionId, prompts, lastPrompt}
}
