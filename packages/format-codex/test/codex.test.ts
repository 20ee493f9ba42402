import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import {createNormalizer, defaultLimits, inputFromPath, sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-codex'
import {codex} from '@chatmark/format-codex'
import {
  assistantItem,
  at,
  conversation,
  event,
  item,
  jsonl,
  meta,
  notices,
  noticeTexts,
  read,
  sample,
  texts,
  thoughts,
  toolCalls,
  usage,
  userItem
} from './helpers.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const corpus = join(root, 'fixtures/corpus')
const fixture = (name: string): string => join(root, 'packages/format-codex/fixtures', name)
const plugin = codex()

test('the package exports exactly the codex factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['codex'])
})

test('the plugin names itself codex, reads .jsonl, .json and .zst, and describes itself in one line', () => {
  assert.equal(plugin.name, 'codex')
  assert.deepEqual(plugin.extensions, ['.jsonl', '.json', '.zst'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain for envelope lines, legacy JSONL and the TS CLI document', () => {
  assert.deepEqual(plugin.detect(sample(jsonl(meta(), userItem(1, 'hi')))), {
    confidence: 'certain',
    reason: 'JSONL envelope lines {timestamp, type, payload} (first known kind: session_meta)',
    variant: 'codex-envelope'
  })
  const legacy = jsonl(
    {id: 'x', timestamp: at(0), instructions: ''},
    {record_type: 'state'},
    {type: 'message', role: 'user', content: [{type: 'input_text', text: 'hi'}]}
  )
  assert.equal(plugin.detect(sample(legacy)).variant, 'codex-legacy-jsonl')
  assert.equal(plugin.detect(sample(legacy)).confidence, 'certain')
  const document = JSON.stringify({session: {id: 'x', timestamp: at(0), instructions: ''}, items: []}, null, 2)
  assert.deepEqual(plugin.detect(sample(document, 'rollout.json')), {
    confidence: 'certain',
    reason: 'top-level session {id, timestamp} and items[] (Codex TS CLI)',
    variant: 'codex-ts-json'
  })
})

test('detection reads a first session_meta line longer than the sample', () => {
  const big = jsonl(meta({base_instructions: {text: 'x'.repeat(defaultLimits.sampleBytes * 2)}}), userItem(1, 'hi'))
  const head = Buffer.from(big).subarray(0, defaultLimits.sampleBytes)
  const verdict = plugin.detect(sampleFromBytes(head, {name: 'rollout.jsonl', complete: false, size: big.length}))
  assert.equal(verdict.confidence, 'certain')
  assert.equal(verdict.variant, 'codex-envelope')
})

test(
  'detection answers none for Claude Code, Gemini CLI, ChatGPT and Claude.ai inputs, Codex history and exec ' +
    '--json streams',
  () => {
    const claude = {
      parentUuid: null,
      isSidechain: false,
      sessionId: 'abc',
      uuid: 'u1',
      type: 'user',
      timestamp: at(0),
      message: {role: 'user', content: 'hi'}
    }
    const cases: Array<[string, string]> = [
      [jsonl(claude, {...claude, uuid: 'u2', parentUuid: 'u1', type: 'assistant'}), 'session.jsonl'],
      [
        jsonl(
          {sessionId: 's', projectHash: 'p', startTime: at(0)},
          {id: 'm1', timestamp: at(1), type: 'user', content: [{text: 'hi'}]},
          {$set: {lastUpdated: at(1)}}
        ),
        'session.jsonl'
      ],
      [JSON.stringify([{title: 't', mapping: {}, current_node: 'n'}]), 'conversations.json'],
      [JSON.stringify([{uuid: 'c', name: 'n', chat_messages: []}]), 'conversations.json'],
      [
        jsonl({session_id: 's', ts: 1760000000, text: 'hi'}, {session_id: 's', ts: 1760000001, text: 'again'}),
        'history.jsonl'
      ],
      [
        jsonl(
          {type: 'thread.started', thread_id: 't'},
          {type: 'turn.started'},
          {type: 'item.completed', item: {id: 'i', type: 'agent_message', text: 'hi'}}
        ),
        'events.jsonl'
      ],
      ['Just some notes.\n', 'notes.txt']
    ]
    for (const [text, name] of cases)
      assert.equal(plugin.detect(sample(text, name)).confidence, 'none', text.slice(0, 60))
  }
)

test('detection answers none for every other format in the corpus', async () => {
  for (const folder of ['claude-code', 'gemini-cli', 'chatgpt', 'claude-ai']) {
    for (const name of await readdir(join(corpus, folder))) {
      if (name.endsWith('.md')) continue
      const bytes = await readFile(join(corpus, folder, name))
      const head = bytes.subarray(0, defaultLimits.sampleBytes)
      const verdict = plugin.detect(
        sampleFromBytes(head, {name, complete: head.byteLength === bytes.byteLength, size: bytes.byteLength})
      )
      assert.equal(verdict.confidence, 'none', `${folder}/${name}: ${verdict.reason}`)
    }
  }
})

test('every real rollout in the corpus reads as one deduplicated conversation', async () => {
  const folder = join(corpus, 'codex')
  for (const name of (await readdir(folder)).filter((file) => /\.jsonl?$/.test(file))) {
    const path = join(folder, name)
    const {conversations, file, detection} = await createNormalizer({formats: [codex()]}).normalize(
      await inputFromPath(path)
    )
    assert.equal(detection.format, 'codex', name)
    assert.deepEqual(file.messages.map(String), [], name)
    const [value] = conversations
    assert.ok(value, name)
    assert.ok(
      value.turns.some((turn) => turn.role === 'user'),
      name
    )
    assert.ok(
      value.turns.some((turn) => turn.role === 'assistant'),
      name
    )
    const users = texts(value, 'user')
    assert.equal(new Set(users).size, users.length, `${name}: a prompt appears twice`)
    const answers = texts(value, 'assistant')
    assert.equal(new Set(answers).size, answers.length, `${name}: an answer appears twice`)
    assert.ok(
      toolCalls(value).every((call) => call.result !== undefined),
      `${name}: every call has its output`
    )
  }
})

test('the TS CLI generation reads its session and items', async () => {
  const value = await conversation(await readFile(fixture('ts-cli-json/input.json'), 'utf8'), {name: 'rollout.json'})
  assert.equal(value.source.variant, 'codex-ts-json')
  assert.equal(value.id, '7f9f7e1c-8b1a-4a47-9d51-3c1f1f0e2a11')
  assert.deepEqual(texts(value, 'user'), ['What does `src/sum.ts` export?'])
  assert.equal(
    toolCalls(value)[0]?.result?.text,
    'export function sum(a: number, b: number): number {\n  return a + b\n}\n'
  )
})

test('the legacy JSONL generation reads its bare items, git branch and state lines', async () => {
  const value = await conversation(await readFile(fixture('legacy-jsonl/input.jsonl'), 'utf8'))
  assert.equal(value.source.variant, 'codex-legacy-jsonl')
  assert.equal(value.metadata.gitBranch, 'fix/parser')
  assert.deepEqual(texts(value, 'user'), ['The tests fail on main. Can you find out why?'])
  assert.equal(value.fidelity['injected-context'], 2)
})

test('the envelope generation reads models per turn, the project and the CLI version', async () => {
  const value = await conversation(await readFile(fixture('envelope-0.4x/input.jsonl'), 'utf8'))
  assert.equal(value.source.variant, 'codex-envelope')
  assert.deepEqual(value.metadata.models, ['gpt-5-codex', 'gpt-5.1-codex-max'])
  assert.equal(value.metadata.project, '/home/ada/greeter')
  assert.equal(value.metadata.extra?.['cli_version'], '0.46.0')
  assert.deepEqual(
    value.turns.filter((turn) => turn.role === 'assistant').map((turn) => turn.model),
    ['gpt-5-codex', 'gpt-5.1-codex-max']
  )
})

test('each prompt and answer appears once whether the file has response items, events, or both', async () => {
  const both = jsonl(
    meta(),
    userItem(1, 'Hello'),
    event(1, {type: 'user_message', message: 'Hello'}),
    assistantItem(2, 'Hi!'),
    event(2, {type: 'agent_message', message: 'Hi!'}),
    event(3, {type: 'task_complete', last_agent_message: 'Hi!'})
  )
  const itemsOnly = jsonl(meta(), userItem(1, 'Hello'), assistantItem(2, 'Hi!'))
  const eventsOnly = jsonl(
    meta(),
    event(1, {type: 'user_message', message: 'Hello'}),
    event(2, {type: 'agent_message', message: 'Hi!'})
  )
  for (const text of [both, itemsOnly, eventsOnly]) {
    const value = await conversation(text)
    assert.deepEqual(texts(value, 'user'), ['Hello'])
    assert.deepEqual(texts(value, 'assistant'), ['Hi!'])
  }
})

test(
  'an agent message written three times in 0.17x (item_completed, response_item, task_complete) appears ' + 'once',
  async () => {
    const turn = {type: 'task_started', turn_id: 't1'}
    const value = await conversation(
      jsonl(
        meta(),
        event(1, turn),
        userItem(1, 'Hello'),
        event(1, {
          type: 'item_completed',
          turn_id: 't1',
          item: {type: 'UserMessage', id: 'u', content: [{type: 'text', text: 'Hello', text_elements: []}]}
        }),
        event(2, {
          type: 'item_completed',
          turn_id: 't1',
          item: {type: 'Reasoning', id: 'rs', summary_text: ['**Plan**\n\nSay hi.'], raw_content: []}
        }),
        item(2, {
          type: 'reasoning',
          id: 'rs',
          summary: [{type: 'summary_text', text: '**Plan**\n\nSay hi.'}],
          encrypted_content: null
        }),
        event(3, {
          type: 'item_completed',
          turn_id: 't1',
          item: {type: 'AgentMessage', id: 'm', content: [{type: 'Text', text: 'Hi!'}]}
        }),
        assistantItem(3, 'Hi!'),
        event(4, {type: 'task_complete', turn_id: 't1', last_agent_message: 'Hi!'}),
        event(5, {type: 'task_started', turn_id: 't2'}),
        userItem(5, 'Hello'),
        event(5, {
          type: 'item_completed',
          turn_id: 't2',
          item: {type: 'UserMessage', id: 'u2', content: [{type: 'text', text: 'Hello'}]}
        }),
        event(6, {type: 'task_complete', turn_id: 't2', last_agent_message: 'Hi!'})
      )
    )
    assert.deepEqual(texts(value, 'user'), ['Hello', 'Hello'])
    assert.deepEqual(texts(value, 'assistant'), ['Hi!', 'Hi!'])
    assert.deepEqual(thoughts(value), [{type: 'thinking', subject: 'Plan', text: 'Say hi.'}])
  }
)

test('developer messages and injected user context are counted, and shown as notices only with keepMeta', async () => {
  const text = jsonl(
    meta(),
    item(1, {
      type: 'message',
      role: 'developer',
      content: [{type: 'input_text', text: '<permissions instructions>\nsandbox\n</permissions instructions>'}]
    }),
    userItem(1, '<environment_context>\n  <cwd>/work/app</cwd>\n</environment_context>'),
    userItem(1, '# AGENTS.md instructions for /work/app\n\n<INSTRUCTIONS>\nUse pnpm.\n</INSTRUCTIONS>'),
    userItem(2, 'Fix the bug.'),
    userItem(3, '<turn_aborted>\nThe user interrupted.\n</turn_aborted>'),
    assistantItem(4, 'Fixed.')
  )
  const plain = await conversation(text)
  assert.deepEqual(texts(plain, 'user'), ['Fix the bug.'])
  assert.deepEqual(plain.fidelity, {'developer-message': 1, 'injected-context': 3})
  assert.deepEqual(notices(plain), [])
  const kept = await conversation(text, {keepMeta: true})
  assert.deepEqual(texts(kept, 'user'), ['Fix the bug.'])
  assert.deepEqual(noticeTexts(kept), [
    'Developer message: <permissions>',
    'Injected context: <environment_context>',
    'Injected context: AGENTS.md instructions for /work/app',
    'Injected context: <turn_aborted>'
  ])
  assert.ok(notices(kept).every((notice) => notice.kind === 'meta' && notice.details))
})

test('reasoning summaries become thinking and encrypted reasoning is only counted', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Why?'),
      item(2, {type: 'reasoning', summary: [], content: null, encrypted_content: 'gAAAA-opaque'}),
      item(3, {
        type: 'reasoning',
        summary: [
          {type: 'summary_text', text: '**Checking**\n\nLooking at the logs.'},
          {type: 'summary_text', text: 'Plain second part.'}
        ],
        encrypted_content: 'gAAAA-more'
      }),
      assistantItem(4, 'Because.')
    )
  )
  assert.deepEqual(thoughts(value), [
    {type: 'thinking', subject: 'Checking', text: 'Looking at the logs.'},
    {type: 'thinking', text: 'Plain second part.'}
  ])
  assert.equal(value.fidelity['encrypted-reasoning'], 2)
  assert.ok(!JSON.stringify(value.turns).includes('gAAAA'))
})

test(
  'function, local shell and custom apply_patch calls are paired with their outputs by call_id, errors ' + 'marked',
  async () => {
    const patch = '*** Begin Patch\n*** Add File: hello.txt\n+hi\n*** End Patch\n'
    const value = await conversation(
      jsonl(
        meta(),
        userItem(1, 'Go.'),
        item(2, {type: 'function_call', name: 'exec_command', arguments: '{"cmd":"false"}', call_id: 'c1'}),
        item(2, {
          type: 'local_shell_call',
          call_id: 'c2',
          status: 'completed',
          action: {type: 'exec', command: ['bash', '-lc', 'ls'], working_directory: '/work/app'}
        }),
        item(2, {type: 'custom_tool_call', call_id: 'c3', name: 'apply_patch', input: patch}),
        item(2, {type: 'custom_tool_call', call_id: 'c4', name: 'apply_patch', input: patch}),
        item(3, {
          type: 'function_call_output',
          call_id: 'c2',
          output: '{"output":"a.txt\\n","metadata":{"exit_code":0,"duration_seconds":0.1}}'
        }),
        item(3, {
          type: 'function_call_output',
          call_id: 'c1',
          output: 'Chunk ID: 1\nWall time: 0.0 seconds\nProcess exited with code 1\nOriginal token count: 0\nOutput:\n'
        }),
        item(3, {
          type: 'custom_tool_call_output',
          call_id: 'c3',
          output: '{"output":"Success. Updated the following files:\\nA hello.txt\\n","metadata":{"exit_code":0}}'
        }),
        item(3, {
          type: 'custom_tool_call_output',
          call_id: 'c4',
          output: 'apply_patch verification failed: hello.txt already exists'
        }),
        item(4, {type: 'function_call_output', call_id: 'orphan', output: 'late output'})
      )
    )
    const calls = toolCalls(value)
    assert.deepEqual(
      calls.map((call) => [call.name, call.id, call.result?.isError ?? false]),
      [
        ['exec_command', 'c1', true],
        ['local_shell', 'c2', false],
        ['apply_patch', 'c3', false],
        ['apply_patch', 'c4', true],
        ['tool', 'orphan', false]
      ]
    )
    assert.deepEqual(calls[1]?.input, {command: 'ls', workdir: '/work/app'})
    assert.equal(calls[1]?.result?.text, 'a.txt\n')
    assert.equal(calls[2]?.text, 'Add hello.txt')
    assert.deepEqual(calls[2]?.result, {text: patch.trim(), language: 'diff'})
    assert.match(calls[3]?.result?.text ?? '', /^apply_patch verification failed[\s\S]*\*\*\* Begin Patch/)
  }
)

test(
  'a 0.17x CommandExecution item gives an exit code to its call, and a user shell command is a user ' + 'turn',
  async () => {
    const value = await conversation(
      jsonl(
        meta(),
        event(1, {type: 'task_started', turn_id: 't1'}),
        userItem(1, 'Run it.'),
        item(2, {type: 'function_call', name: 'exec_command', arguments: '{"cmd":"make"}', call_id: 'c1'}),
        event(3, {
          type: 'item_completed',
          item: {
            type: 'CommandExecution',
            id: 'c1',
            command: ['/bin/bash', '-lc', 'make'],
            aggregated_output: 'boom\n',
            exit_code: 2,
            status: 'failed'
          }
        }),
        item(3, {type: 'function_call_output', call_id: 'c1', output: 'boom\n'}),
        event(4, {type: 'task_started', turn_id: 't2'}),
        event(4, {
          type: 'item_completed',
          item: {
            type: 'CommandExecution',
            id: 'u1',
            command: ['/bin/bash', '-lc', 'ls -1'],
            source: 'user_shell',
            aggregated_output: 'a\n',
            exit_code: 0
          }
        }),
        userItem(4, '<user_shell_command>\n<command>\nls -1\n</command>\n</user_shell_command>')
      )
    )
    const [make, shell] = toolCalls(value)
    assert.equal(make?.result?.isError, true)
    assert.equal(shell?.displayName, 'user shell command')
    assert.equal(value.turns.at(-1)?.role, 'user')
  }
)

test('a compaction keeps the earlier turns, with a notice holding the summary, not a message', async () => {
  const text = await readFile(fixture('tui-compact-error-shell/input.jsonl'), 'utf8')
  const value = await conversation(text)
  const compaction = notices(value).flatMap((notice) => (notice.kind === 'compaction' ? [notice] : []))
  assert.equal(compaction.length, 1)
  assert.equal(compaction[0]?.summary, 'Mock reply #18: I received your message (426 characters).')
  assert.ok(texts(value, 'user').includes('Good morning. Give me a one-line summary of this folder.'))
  assert.ok(!texts(value, 'assistant').some((answer) => answer.includes('426 characters')))
  assert.equal(value.fidelity['compaction-request'], 2)
})

test('a fork names its parent in the metadata and with a notice', async () => {
  const value = await conversation(await readFile(fixture('fork/input.jsonl'), 'utf8'))
  assert.deepEqual(value.metadata.parent, {id: '01a22b3b-b35c-7c33-b8cd-80ea61c74018', relation: 'fork'})
  assert.equal(value.metadata.extra?.['forked_from'], undefined)
  assert.equal(notices(value)[0]?.kind, 'fork')
  assert.equal(value.title, 'Forked: what was the first thing I asked you? (fork)')
  // The fork's token_count totals include the parent's usage; its own is that of its turns.
  assert.equal(value.metadata.tokens?.total, value.turns.find((turn) => turn.role === 'assistant')?.tokens?.total)
})

test('a failed request shows as an error notice with the API message', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      event(1, {type: 'task_started', turn_id: 't1'}),
      userItem(1, 'MOCK_FAIL'),
      event(2, {
        type: 'task_complete',
        turn_id: 't1',
        last_agent_message: null,
        error: {
          message: '{"error":{"message":"Bad request.","type":"invalid_request_error"}}',
          codex_error_info: 'other'
        }
      })
    )
  )
  assert.deepEqual(notices(value), [{type: 'notice', level: 'error', kind: 'api-error', message: 'Bad request.'}])
})

test(
  'token totals come from token_count events, per turn from their differences, and unknown stays ' + 'absent',
  async () => {
    const count = (second: number, input: number, output: number, last = usage(input, output)) =>
      event(second, {type: 'token_count', info: {total_token_usage: usage(input, output), last_token_usage: last}})
    const value = await conversation(
      jsonl(
        meta(),
        event(1, {type: 'task_started', turn_id: 't1'}),
        userItem(1, 'One'),
        event(1, {type: 'token_count', info: null}),
        assistantItem(2, 'A'),
        count(2, 100, 10),
        event(3, {type: 'task_started', turn_id: 't2'}),
        userItem(3, 'Two'),
        assistantItem(4, 'B'),
        count(4, 250, 30, usage(150, 20))
      )
    )
    assert.deepEqual(value.metadata.tokens, {input: 250, cached: 0, output: 30, thoughts: 0, total: 280})
    assert.deepEqual(
      value.turns.filter((turn) => turn.role === 'assistant').map((turn) => turn.tokens?.total),
      [110, 170]
    )
    const none = await conversation(jsonl(meta(), userItem(1, 'One'), assistantItem(2, 'A')))
    assert.equal(none.metadata.tokens, undefined)
  }
)

test('a thread rollback removes the turns the user undid and counts them', async () => {
  const value = await conversation(await readFile(fixture('envelope-0.4x/input.jsonl'), 'utf8'))
  assert.deepEqual(texts(value, 'user'), [
    'Make the greeting end with an exclamation mark.',
    'Summarise what changed today.'
  ])
  assert.equal(value.fidelity['rolled-back-turn'], 1)
})

test('malformed lines are skipped with a warning naming the line, and unknown line kinds are counted', async () => {
  const {conversations, file} = await read(await readFile(fixture('truncated-line/input.jsonl'), 'utf8'))
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId]),
    [[7, 'malformed-line']]
  )
  assert.deepEqual(conversations[0]?.fidelity, {'malformed-line': 1, 'unknown-record': 1})
  assert.deepEqual(texts(conversations[0]!, 'assistant'), ['1. Reset button poker\n2. Cable tidy\n3. Bookmark'])
})

test('a rollout with no prompt or answer fails with a reason instead of an empty note', async () => {
  const onlyMeta = await read(
    jsonl(
      meta(),
      userItem(1, '<environment_context>\n</environment_context>'),
      event(2, {type: 'token_count', info: null})
    )
  )
  assert.deepEqual(onlyMeta.conversations, [])
  const [failure] = onlyMeta.file.messages
  assert.equal(failure?.fatal, true)
  assert.match(failure?.reason ?? '', /holds no user prompt or assistant message \(1 injected-context\)/)
  const foreign = await read(jsonl({type: 'thread.started', thread_id: 't'}, {type: 'turn.started'}))
  assert.match(foreign.file.messages[0]?.reason ?? '', /no Codex records found/)
})
