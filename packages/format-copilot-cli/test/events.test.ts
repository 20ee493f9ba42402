import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {BranchPart} from '@chatmark/core'
import {conversation, event, jsonl, parts, prompt, read, reply, start, toolCalls} from './helpers.js'

const rewound = () =>
  jsonl(
    start(),
    prompt('First question', {}, {id: 'p-1'}),
    reply('First answer'),
    prompt('A question the user took back', {}, {id: 'p-2'}),
    reply('An answer the user took back'),
    event('session.snapshot_rewind', {upToEventId: 'p-2', eventsRemoved: 2}),
    prompt('The question asked instead', {}, {id: 'p-3'}),
    reply('Its answer')
  )

test('a rewind takes the undone turns out of the note and counts them', async () => {
  const value = await conversation(rewound())
  assert.deepEqual(
    value.turns.map((turn) => [turn.role, turn.parts[0]?.type === 'text' ? turn.parts[0].text : turn.parts[0]?.type]),
    [
      ['user', 'First question'],
      ['assistant', 'First answer'],
      ['user', 'The question asked instead'],
      ['assistant', 'Its answer']
    ]
  )
  assert.equal(value.fidelity['rewound-turn'], 2)
})

test('with branches all, the undone turns stay where they were, as a branch', async () => {
  const value = await conversation(rewound(), {branches: 'all'})
  const branch = parts(value).find((part): part is BranchPart => part.type === 'branch')
  assert.ok(branch)
  assert.equal(branch.number, 1)
  assert.deepEqual(
    branch.turns.map((turn) => turn.parts[0]?.type === 'text' && turn.parts[0].text),
    ['A question the user took back', 'An answer the user took back']
  )
  assert.equal(value.turns[3]?.parts[0]?.type === 'text' && value.turns[3].parts[0].text, 'The question asked instead')
})

test('a rewind to a prompt the file does not hold keeps every turn and says so', async () => {
  const {conversations, file} = await read(
    jsonl(start(), prompt('Hello'), reply('Hi'), event('session.snapshot_rewind', {upToEventId: 'gone'}))
  )
  assert.equal(conversations[0]?.turns.length, 2)
  assert.match(String(file.messages[0]), /rewind names a prompt the file does not hold/)
})

test('a sub-agent’s events are its turns, under the call that started it', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('Explore the repository'),
      reply('Delegating.', {toolRequests: [{toolCallId: 'call-task', name: 'task', arguments: {prompt: 'look'}}]}),
      event('subagent.started', {
        toolCallId: 'call-task',
        agentName: 'explore',
        agentDisplayName: 'Explore agent',
        agentDescription: 'Reads code'
      }),
      reply('Reading the tree.', {
        toolRequests: [{toolCallId: 'call-ls', name: 'glob', arguments: {pattern: '*'}}],
        parentToolCallId: 'call-task'
      }),
      event('tool.execution_complete', {
        toolCallId: 'call-ls',
        success: true,
        result: {content: 'a.ts'},
        parentToolCallId: 'call-task'
      }),
      event('subagent.failed', {
        toolCallId: 'call-task',
        agentName: 'explore',
        agentDisplayName: 'Explore agent',
        error: 'boom'
      }),
      reply('The sub-agent failed.')
    )
  )
  const [task, ls] = toolCalls(value)
  assert.equal(task?.name, 'task')
  assert.equal(task?.displayName, 'Explore agent')
  assert.equal(task?.status, 'error')
  assert.deepEqual(task?.result, {text: 'boom', isError: true})
  assert.equal(task?.subagent?.length, 1)
  assert.equal(ls, undefined, 'the sub-agent’s call is nested, not in the session’s turns')
  const nested = task?.subagent?.[0]?.parts.find((part) => part.type === 'tool-call')
  assert.deepEqual(nested?.type === 'tool-call' && nested.result, {text: 'a.ts'})
})

test('events with an agentId join the sub-agent that subagent.started tied to its call', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('Go'),
      reply('', {toolRequests: [{toolCallId: 'call-task', name: 'task', arguments: {}}]}),
      event(
        'subagent.started',
        {toolCallId: 'call-task', agentName: 'a', agentDisplayName: 'A', agentDescription: ''},
        {agentId: 'agent-1'}
      ),
      reply('Sub-agent says hi', {}, {agentId: 'agent-1'}),
      event('subagent.completed', {toolCallId: 'call-task', agentName: 'a', agentDisplayName: 'A'})
    )
  )
  const [task] = toolCalls(value)
  assert.equal(task?.subagent?.[0]?.parts[0]?.type === 'text' && task.subagent[0].parts[0].text, 'Sub-agent says hi')
})

test('attachments: a file, a selection with its text, a blob with its bytes, a GitHub reference', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('Look at these', {
        attachments: [
          {type: 'file', path: '/p/a.ts', displayName: 'a.ts', lineRange: {start: 3, end: 9}},
          {
            type: 'selection',
            filePath: '/p/b.ts',
            displayName: 'b.ts:2',
            text: 'const b = 2',
            selection: {start: {line: 2, character: 0}, end: {line: 2, character: 11}}
          },
          {type: 'blob', mimeType: 'image/png', displayName: 'shot.png', data: 'iVBORw0KGgo='},
          {
            type: 'github_reference',
            number: 7,
            referenceType: 'issue',
            state: 'open',
            title: 'Bug',
            url: 'https://x/7'
          },
          {type: 'extension_context', title: 'Canvas', extensionId: 'x', capturedAt: at0()}
        ]
      }),
      reply('Seen.')
    )
  )
  assert.deepEqual(value.turns[0]?.parts.slice(1), [
    {type: 'attachment', text: 'file, lines 3-9', name: 'a.ts', reference: '/p/a.ts'},
    {type: 'attachment', text: 'selection, line 2', name: 'b.ts:2', reference: '/p/b.ts'},
    {type: 'code', text: 'const b = 2'},
    {type: 'attachment', text: 'image/png', name: 'shot.png', mimeType: 'image/png', data: 'iVBORw0KGgo='},
    {type: 'attachment', text: 'GitHub issue #7 Bug (open)', name: 'Bug', reference: 'https://x/7'},
    {type: 'attachment', text: 'extension context', name: 'Canvas'}
  ])
})

function at0(): string {
  return '2026-12-06T14:50:00.000Z'
}

test('an unknown event type is kept as a notice and reported; an abort is an interruption by the user', async () => {
  const {conversations, file} = await read(
    jsonl(
      start(),
      prompt('Hi'),
      reply('Working'),
      event('abort', {reason: 'user_initiated'}),
      event('future.thing', {x: 1})
    )
  )
  const value = conversations[0]!
  const notices = parts(value).filter((part) => part.type === 'notice')
  assert.deepEqual(notices[0], {type: 'notice', level: 'warning', kind: 'interrupted', by: 'user'})
  assert.equal(notices[1]?.type === 'notice' && notices[1].kind, 'unknown-content')
  assert.equal(value.fidelity['unknown-record'], 1)
  assert.match(String(file.messages[0]), /does not know, kept as notices: future\.thing/)
})

test('reasoning streamed as assistant.reasoning is not repeated by the message’s reasoningText', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('Think'),
      event('assistant.reasoning', {reasoningId: 'r', content: 'Because.'}),
      reply('Done', {reasoningText: 'Because.'}),
      reply('', {encryptedContent: 'opaque'})
    )
  )
  assert.deepEqual(value.turns[1]?.parts, [
    {type: 'thinking', text: 'Because.'},
    {type: 'text', text: 'Done'}
  ])
  assert.equal(value.fidelity['encrypted-reasoning'], 1)
})

test('without usage records, tokens come from the shutdowns: each run’s summed, or the last cumulative', async () => {
  const metrics = (input: number, cumulative = false) => ({
    modelMetrics: {m: {requests: {count: 1}, usage: {inputTokens: input, outputTokens: 10, cacheReadTokens: 0}}},
    ...(cumulative ? {accountingSnapshot: {}} : {})
  })
  const shutdown = (input: number, cumulative = false) => event('session.shutdown', metrics(input, cumulative))
  const perRun = await conversation(jsonl(start(), prompt('a'), reply('b'), shutdown(100), shutdown(50)))
  assert.deepEqual(perRun.metadata.tokens, {input: 150, output: 20, cached: 0, total: 170})
  const cumulative = await conversation(
    jsonl(start(), prompt('a'), reply('b'), shutdown(100, true), shutdown(300, true), shutdown(5))
  )
  assert.deepEqual(cumulative.metadata.tokens, {input: 305, output: 20, cached: 0, total: 325})
})

test('a failed compaction is a warning; a model change the user made is a notice; the title event wins', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('a'),
      reply('b'),
      event('session.compaction_start', {trigger: 'threshold'}),
      event('session.compaction_complete', {success: false, error: 'too big'}),
      event('session.model_change', {previousModel: 'mock-model', newModel: 'gpt-5', source: 'model_command'}),
      event('session.title_changed', {title: 'Renamed'})
    )
  )
  const notices = parts(value).filter((part) => part.type === 'notice')
  assert.deepEqual(notices, [
    {type: 'notice', level: 'warning', kind: 'system', text: 'The context compaction failed: too big'},
    {type: 'notice', level: 'info', kind: 'system', text: 'Model changed to gpt-5 (from mock-model)'}
  ])
  assert.equal(value.title, 'Renamed')
  assert.deepEqual(value.metadata.models, ['mock-model', 'gpt-5'])
})
