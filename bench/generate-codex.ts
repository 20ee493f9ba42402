import {lineWriter, textMaker} from './generator-kit.js'

/**
 * Writes a realistic current-generation (0.17x) Codex rollout of about
 * `targetBytes`: a long session_meta line, then per turn `task_started`,
 * `turn_context`, `world_state`, the prompt as a `response_item` and an
 * `item_completed` UserMessage, reasoning with a summary and encrypted
 * content (twice: item_completed and response_item), exec_command function
 * calls with multi-KB outputs and their CommandExecution items,
 * `token_usage_record` and `token_count` lines, the answer three times
 * (item_completed, response_item, task_complete), and one compaction half-way.
 * Deterministic for a given size.
 */
export async function generateCodexRollout(path: string, targetBytes: number): Promise<void> {
  const {random, sentence, paragraph} = textMaker(
    11,
    'the rollout stream token turn model reads each line and keeps the order of items while memory stays flat ' +
      'across large inputs with code and notes'
  )
  const markdown = (): string =>
    [
      `**${sentence(3)}**`,
      paragraph(),
      `- ${sentence(6)}\n- ${sentence(5)}\n- \`${sentence(2)}\``,
      '```ts\n' +
        Array.from({length: 6 + Math.floor(random() * 16)}, () => `const ${sentence(1)} = read('${sentence(2)}')`).join(
          '\n'
        ) +
        '\n```',
      paragraph()
    ].join('\n\n')
  const opaque = (length: number): string => {
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'
    let text = 'gAAAAA'
    for (let index = 0; index < length; index++) text += alphabet[Math.floor(random() * alphabet.length)]
    return text
  }

  const out = lineWriter(path)
  let ordinal = 0
  let clock = Date.UTC(2026, 10, 30, 8, 0, 0)
  const now = (): string => {
    clock += 5 + Math.floor(random() * 3000)
    return new Date(clock).toISOString()
  }
  const write = async (type: string, payload: unknown, metadata?: unknown): Promise<void> => {
    await out.write({timestamp: now(), ordinal: ordinal++, type, payload, ...(metadata ? {metadata} : {})})
  }

  const threadId = '01a22b02-2b07-7891-8afc-c9352ed8c4ef'
  const cwd = '/home/ada/projects/rollout-bench'
  const model = 'gpt-5.5-codex'
  await write('session_meta', {
    id: threadId,
    session_id: threadId,
    timestamp: new Date(clock).toISOString(),
    cwd,
    originator: 'codex_cli_rs',
    cli_version: '0.171.0',
    source: 'cli',
    model_provider: 'openai',
    base_instructions: {text: Array.from({length: 60}, paragraph).join('\n\n')},
    git: {
      commit_hash: '3f1c2a9d0e6b7a8c9d0e1f2a3b4c5d6e7f8a9b0c',
      branch: 'main',
      repository_url: 'git@github.com:ada/rollout-bench.git'
    }
  })
  await write('response_item', {
    type: 'message',
    role: 'developer',
    content: [{type: 'input_text', text: `<permissions instructions>\n${paragraph()}\n</permissions instructions>`}]
  })
  await write('response_item', {
    type: 'message',
    role: 'user',
    content: [
      {
        type: 'input_text',
        text: `<environment_context>\n  <cwd>${cwd}</cwd>\n  <shell>bash</shell>\n</environment_context>`
      }
    ]
  })

  const usage = {input_tokens: 0, cached_input_tokens: 0, output_tokens: 0, reasoning_output_tokens: 0, total_tokens: 0}
  const spend = (input: number, output: number): Record<string, number> => {
    const last = {
      input_tokens: input,
      cached_input_tokens: Math.floor(input / 2),
      output_tokens: output,
      reasoning_output_tokens: Math.floor(output / 4),
      total_tokens: input + output
    }
    for (const key of Object.keys(usage) as Array<keyof typeof usage>) usage[key] += last[key]
    return last
  }

  let turn = 0
  let compacted = false
  while (out.written < targetBytes) {
    turn++
    const turnId = `01a22b02-${String(turn).padStart(4, '0')}-7761-a862-7bf537f6f1f9`
    await write('event_msg', {
      type: 'task_started',
      turn_id: turnId,
      model_context_window: 258400,
      collaboration_mode_kind: 'default'
    })
    await write('turn_context', {
      turn_id: turnId,
      cwd,
      approval_policy: 'on-request',
      sandbox_policy: {type: 'workspace-write'},
      model,
      effort: 'medium',
      summary: 'auto'
    })
    await write('world_state', {
      full: turn === 1,
      state: {environments: {local: {cwd, status: 'available', shell: 'bash'}}}
    })

    if (!compacted && out.written > targetBytes / 2) {
      // A `/compact` turn: the model writes the summary (compaction_output items), then the compacted line.
      compacted = true
      const summary = markdown()
      await write(
        'response_item',
        {
          type: 'reasoning',
          summary: [{type: 'summary_text', text: `**Summarising**\n\n${paragraph()}`}],
          encrypted_content: opaque(800)
        },
        {compaction_output: true}
      )
      await write(
        'response_item',
        {type: 'message', role: 'assistant', content: [{type: 'output_text', text: summary}]},
        {compaction_output: true}
      )
      await write('compacted', {
        message: `Here is the summary produced by the other language model:\n${summary}`,
        replacement_history: []
      })
      await write('event_msg', {
        type: 'item_completed',
        turn_id: turnId,
        item: {type: 'ContextCompaction', id: `cc-${turn}`}
      })
      await write('event_msg', {type: 'task_complete', turn_id: turnId, last_agent_message: null})
      continue
    }

    const prompt = `${paragraph()}\n\nPlease look at \`src/${sentence(1)}.ts\`.`
    await write(
      'response_item',
      {type: 'message', role: 'user', content: [{type: 'input_text', text: prompt}]},
      {history_sequence: ordinal}
    )
    await write('event_msg', {
      type: 'item_completed',
      turn_id: turnId,
      item: {type: 'UserMessage', id: `u-${turn}`, content: [{type: 'text', text: prompt, text_elements: []}]}
    })

    for (let step = 0; step < 2; step++) {
      const summary = `**${sentence(2)}**\n\n${paragraph()}`
      await write('event_msg', {
        type: 'item_completed',
        turn_id: turnId,
        item: {type: 'Reasoning', id: `rs-${turn}-${step}`, summary_text: [summary], raw_content: []}
      })
      await write('response_item', {
        type: 'reasoning',
        id: `rs-${turn}-${step}`,
        summary: [{type: 'summary_text', text: summary}],
        content: null,
        encrypted_content: opaque(1200 + Math.floor(random() * 2000))
      })
      const callId = `call_${turn}_${step}`
      const cmd = `rg -n ${sentence(1)} src`
      await write('response_item', {
        type: 'function_call',
        name: 'exec_command',
        arguments: JSON.stringify({cmd, yield_time_ms: 1000}),
        call_id: callId
      })
      await write('token_usage_record', {
        thread_id: threadId,
        turn_id: turnId,
        usage: spend(6000 + turn, 120),
        turn_token_usage: {...usage}
      })
      const output = Array.from(
        {length: 20 + Math.floor(random() * 60)},
        () => `src/${sentence(1)}.ts:${Math.floor(random() * 900)}: ${sentence(8)}`
      ).join('\n')
      await write('event_msg', {
        type: 'item_completed',
        turn_id: turnId,
        item: {
          type: 'CommandExecution',
          id: callId,
          command: ['/bin/bash', '-lc', cmd],
          status: 'completed',
          aggregated_output: output,
          exit_code: 0
        }
      })
      await write('response_item', {
        type: 'function_call_output',
        call_id: callId,
        output:
          `Chunk ID: ${turn}${step}\nWall time: 0.0100 seconds\nProcess exited with code 0\nOriginal token ` +
          `count: ${output.length >> 2}\nOutput:\n${output}`
      })
      await write('event_msg', {
        type: 'token_count',
        info: {total_token_usage: {...usage}, last_token_usage: spend(0, 0), model_context_window: 258400},
        rate_limits: null
      })
    }

    const answer = markdown()
    await write('event_msg', {
      type: 'item_completed',
      turn_id: turnId,
      item: {type: 'AgentMessage', id: `m-${turn}`, content: [{type: 'Text', text: answer}]}
    })
    await write('response_item', {
      type: 'message',
      role: 'assistant',
      id: `m-${turn}`,
      content: [{type: 'output_text', text: answer, annotations: []}],
      phase: 'final_answer'
    })
    await write('event_msg', {
      type: 'token_count',
      info: {total_token_usage: {...usage}, last_token_usage: spend(7000 + turn, 300), model_context_window: 258400},
      rate_limits: null
    })
    await write('event_msg', {type: 'task_complete', turn_id: turnId, last_agent_message: answer})
  }
  await out.close()
}
