import {lineWriter, textMaker} from './generator-kit.js'

/**
 * Writes a realistic Gemini CLI 0.61 JSONL session of about `targetBytes`:
 * the record mix real files have (header, `$set.messages` resume checkpoints,
 * `$set.lastUpdated` after every message, model turns re-appended with their
 * tool calls, v0.44 tool-response user messages, a `/rewind` now and then, and
 * one resume half-way that re-states the whole history), with Markdown-rich model text (headings, lists,
 * code fences) and multi-KB tool output. Deterministic for a given size.
 */
export async function generateGeminiSession(path: string, targetBytes: number): Promise<void> {
  const {random, sentence, paragraph} = textMaker(
    7,
    'the parser stream token session model reads each line and keeps the order of turns while memory stays flat ' +
      'across large inputs with code and notes'
  )
  const markdown = (): string =>
    [
      `## ${sentence(4)}`,
      paragraph(),
      `- ${sentence(6)}\n- ${sentence(5)}\n- \`${sentence(2)}\``,
      '```ts\n' +
        Array.from({length: 8 + Math.floor(random() * 20)}, () => `const ${sentence(1)} = read('${sentence(2)}')`).join(
          '\n'
        ) +
        '\n```',
      paragraph(),
      paragraph()
    ].join('\n\n')

  const out = lineWriter(path)
  const write = out.write

  const sessionId = '0b9f3c7e-5d2a-4c1b-9e8f-1a2b3c4d5e6f'
  const projectHash = 'd16a3a011a067966988e1886e19eb4a3589e9bf1412121b0fa2c04190c6b6a2d'
  let clock = Date.UTC(2026, 10, 30, 8, 0, 0)
  const now = (): string => {
    clock += 1500 + Math.floor(random() * 20_000)
    return new Date(clock).toISOString()
  }
  const context = {
    id: 'ctx-0',
    timestamp: now(),
    type: 'user',
    content: [{text: '<session_context>\nThis is the Gemini CLI.\n</session_context>'}]
  }
  await write({sessionId, projectHash, startTime: context.timestamp, lastUpdated: context.timestamp, kind: 'main'})
  await write({$set: {messages: [context], lastUpdated: context.timestamp}})

  // What a resume re-states (Gemini CLI 0.61): the history in API form, with
  // `content` as parts, thoughts and tool calls folded in, tool results as
  // `functionResponse` parts. Kept so one resume half-way re-states it all.
  const history: unknown[] = [context]
  let resumed = false

  let turn = 0
  let lastUser = ''
  while (out.written < targetBytes) {
    if (!resumed && out.written > targetBytes / 2) {
      resumed = true
      const at = now()
      await write({sessionId, projectHash, startTime: at, lastUpdated: at, kind: 'main'})
      await write({$set: {messages: [context], lastUpdated: at}})
      await write({$set: {sessionId}})
      await write({$set: {messages: history, lastUpdated: at}})
    }
    turn++
    const userId = `user-${turn}`
    const userTime = now()
    const prompt = {
      id: userId,
      timestamp: userTime,
      type: 'user',
      content: [{text: `${paragraph()}\n\nPlease look at \`src/${sentence(1)}.ts\`.`}]
    }
    await write(prompt)
    history.push(prompt)
    await write({$set: {lastUpdated: userTime}})

    const callId = `run_shell_command__${turn}`
    const modelId = `model-${turn}`
    const thoughts = [{subject: 'Planning', description: paragraph(), timestamp: userTime}]
    const tokens = {input: 1000 + turn, output: 200, cached: 0, thoughts: 40, tool: 0, total: 1240 + turn}
    const modelTime = now()
    const call = {id: callId, name: 'run_shell_command', args: {command: `grep -rn ${sentence(1)} src`}}
    await write({
      id: modelId,
      timestamp: modelTime,
      type: 'gemini',
      content: '',
      thoughts,
      tokens,
      model: 'gemini-3.8-flash'
    })
    await write({$set: {lastUpdated: modelTime}})
    const output = Array.from(
      {length: 20 + Math.floor(random() * 60)},
      () => `src/${sentence(1)}.ts:${Math.floor(random() * 900)}: ${sentence(8)}`
    ).join('\n')
    const response = {functionResponse: {id: callId, name: 'run_shell_command', response: {output}}}
    await write({
      id: modelId,
      timestamp: modelTime,
      type: 'gemini',
      content: '',
      thoughts,
      tokens,
      model: 'gemini-3.8-flash',
      toolCalls: [
        {
          ...call,
          result: [response],
          status: 'success',
          timestamp: now(),
          resultDisplay: output,
          displayName: 'Shell',
          description: call.args.command
        }
      ]
    })
    await write({id: `response-${turn}`, timestamp: now(), type: 'user', content: [response]})
    const answerTime = now()
    const answer = markdown()
    await write({
      id: `answer-${turn}`,
      timestamp: answerTime,
      type: 'gemini',
      content: answer,
      thoughts,
      tokens,
      model: 'gemini-3.8-flash'
    })
    history.push(
      {
        id: modelId,
        timestamp: modelTime,
        type: 'gemini',
        content: [{text: `**Planning** ${thoughts[0]?.description}`, thought: true}, {functionCall: call}]
      },
      {id: `${modelId}_response`, timestamp: modelTime, type: 'user', content: [response]},
      {id: `answer-${turn}`, timestamp: answerTime, type: 'gemini', content: [{text: answer}]}
    )
    await write({$set: {lastUpdated: answerTime}})

    // Now and then the user rewinds the last exchange and asks again.
    if (turn % 50 === 0 && lastUser) {
      await write({$rewindTo: userId})
      history.splice(history.findIndex((item) => (item as {id?: string}).id === userId))
    }
    lastUser = userId
  }
  await out.close()
}
