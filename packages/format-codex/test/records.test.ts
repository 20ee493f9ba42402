import assert from 'node:assert/strict'
import {test} from 'vitest'
import {toNote} from '@chatmark/core'
import {
  assistantItem,
  at,
  completed,
  conversation,
  event,
  item,
  jsonl,
  line,
  meta,
  notices,
  texts,
  thoughts,
  toolCalls,
  userItem
} from './helpers.js'

test('internal bookkeeping lines are counted as internal records, and world_state lines are not counted', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Hi'),
      line(1, 'inter_agent_communication', {from: 'agent-1', to: 'agent-2', message: 'status?'}),
      line(1, 'retained_context', {items: []}),
      line(2, 'world_state', {full: true, state: {agents_md: {}}}),
      assistantItem(2, 'Hello')
    )
  )
  assert.deepEqual(value.fidelity, {'internal-record': 2})
  assert.deepEqual(texts(value, 'assistant'), ['Hello'])
})

test("a later session_meta line does not replace the thread's id, project, branch or creation time", async () => {
  const value = await conversation(
    jsonl(
      meta({git: {branch: 'main', commit_hash: 'abc123'}}),
      userItem(1, 'Hi'),
      assistantItem(2, 'Hello'),
      line(3, 'session_meta', {id: 'thread-0', timestamp: at(3), cwd: '/elsewhere', git: {branch: 'other'}})
    )
  )
  assert.equal(value.id, 'thread-1')
  assert.equal(value.createdAt, at(0))
  assert.equal(value.metadata.project, '/work/app')
  assert.equal(value.metadata.gitBranch, 'main')
  assert.equal(value.metadata.extra?.['git_commit'], 'abc123')
})

test('a subagent rollout names its source (its kind, when a name), and a spawned one its parent', async () => {
  const review = await conversation(
    jsonl(meta({source: {subagent: 'review'}}), userItem(1, 'Review this.'), assistantItem(2, 'Looks fine.'))
  )
  assert.equal(review.metadata.extra?.['session_source'], 'subagent: review')
  const spawned = await conversation(
    jsonl(
      meta({source: {subagent: {thread_spawn: {parent_thread_id: 'thread-0', depth: 1}}}}),
      userItem(1, 'Count the files.'),
      assistantItem(2, 'Three.')
    )
  )
  assert.equal(spawned.metadata.extra?.['session_source'], 'subagent')
  // A spawned thread's parent is the thread that started it; a review names none.
  assert.deepEqual(spawned.metadata.parent, {id: 'thread-0', relation: 'subagent'})
  assert.equal(review.metadata.parent, undefined)
})

test("the project is the session's cwd, or the first turn_context's when the session names none", async () => {
  const turns = [
    line(1, 'turn_context', {turn_id: 't1', cwd: '/srv/repo', model: 'gpt-5-codex'}),
    userItem(1, 'Hi'),
    assistantItem(2, 'Hello')
  ]
  const withoutCwd = await conversation(jsonl(line(0, 'session_meta', {id: 'thread-1', timestamp: at(0)}), ...turns))
  assert.equal(withoutCwd.metadata.project, '/srv/repo')
  const withCwd = await conversation(jsonl(meta(), ...turns))
  assert.equal(withCwd.metadata.project, '/work/app')
})

test(
  'raw reasoning content shows as thinking once, from the item or its agent_reasoning_raw_content ' + 'event',
  async () => {
    const value = await conversation(
      jsonl(
        meta(),
        userItem(1, 'Why is the sky blue?'),
        event(2, {type: 'agent_reasoning_raw_content', text: 'Rayleigh scattering favours short wavelengths.'}),
        item(2, {
          type: 'reasoning',
          summary: [],
          content: [{type: 'reasoning_text', text: 'Rayleigh scattering favours short wavelengths.'}],
          encrypted_content: null
        }),
        assistantItem(3, 'Because of Rayleigh scattering.')
      )
    )
    assert.deepEqual(thoughts(value), [{type: 'thinking', text: 'Rayleigh scattering favours short wavelengths.'}])
    assert.deepEqual(value.fidelity, {})
  }
)

test('a 0.17x Reasoning item without a summary shows its raw content as thinking once', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      event(1, {type: 'task_started', turn_id: 't1'}),
      userItem(1, 'Why?'),
      completed(2, {type: 'Reasoning', id: 'rs_1', summary_text: [], raw_content: ['Checking the logs first.']}),
      item(2, {
        type: 'reasoning',
        id: 'rs_1',
        summary: [],
        content: [{type: 'reasoning_text', text: 'Checking the logs first.'}],
        encrypted_content: null
      }),
      assistantItem(3, 'Because.')
    )
  )
  assert.deepEqual(thoughts(value), [{type: 'thinking', text: 'Checking the logs first.'}])
})

test(
  'a web search shows as a web_search call with its action as input, and its status unless ' + 'completed',
  async () => {
    const value = await conversation(
      jsonl(
        meta(),
        userItem(1, 'What is new in vitest?'),
        item(2, {
          type: 'web_search_call',
          status: 'completed',
          action: {type: 'search', query: 'vitest release notes'}
        }),
        item(2, {type: 'web_search_call', status: 'failed', action: {type: 'open_page', url: 'https://vitest.dev/'}}),
        assistantItem(3, 'Version 4 is out.')
      )
    )
    assert.deepEqual(toolCalls(value), [
      {
        type: 'tool-call',
        text: 'web_search',
        name: 'web_search',
        input: {type: 'search', query: 'vitest release notes'}
      },
      {
        type: 'tool-call',
        text: 'web_search',
        name: 'web_search',
        input: {type: 'open_page', url: 'https://vitest.dev/'},
        status: 'failed'
      }
    ])
  }
)

test('a generated image is an attachment described by type, size and revised prompt, its bytes as data', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Draw a red bicycle.'),
      item(2, {
        type: 'image_generation_call',
        id: 'ig_1',
        status: 'completed',
        revised_prompt: 'A red bicycle',
        result: 'iVBORw0KGgoA'
      })
    )
  )
  const answer = value.turns.find((turn) => turn.role === 'assistant')
  assert.deepEqual(answer?.parts, [
    {
      type: 'attachment',
      text: 'generated image, image/png, 9 B: A red bicycle',
      mimeType: 'image/png',
      size: 9,
      data: 'iVBORw0KGgoA'
    }
  ])
  assert.ok(!toNote(value).includes('iVBORw0KGgoA'))
})

test('a compaction item and the compacted line after it make one notice that holds the summary', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Hi'),
      assistantItem(2, 'Hello'),
      item(3, {type: 'compaction', encrypted_content: 'gAAAA-opaque'}),
      line(3, 'compacted', {message: 'The user greeted Codex.', replacement_history: []}),
      userItem(4, 'Again'),
      assistantItem(5, 'Hello again')
    )
  )
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['user', 'assistant', 'system', 'user', 'assistant']
  )
  assert.deepEqual(notices(value), [
    {type: 'notice', level: 'info', kind: 'compaction', summary: 'The user greeted Codex.'}
  ])
})

test('tool search, ghost snapshot, inter-agent and unknown response items are counted, not shown', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Hi'),
      item(2, {type: 'tool_search_call', call_id: 'ts_1', status: 'completed', arguments: {query: 'calendar'}}),
      item(2, {type: 'tool_search_output', call_id: 'ts_1', status: 'completed', tools: []}),
      item(2, {type: 'ghost_snapshot', ghost_commit: {id: 'c0ffee', parent: null}}),
      item(2, {type: 'agent_message', author: 'agent-2', content: [{type: 'input_text', text: 'done'}]}),
      item(2, {type: 'future_item', data: 1}),
      assistantItem(3, 'Hello')
    )
  )
  assert.deepEqual(value.fidelity, {'tool-search': 2, 'ghost-snapshot': 1, 'inter-agent-message': 1, 'unknown-item': 1})
  assert.deepEqual(
    value.turns.map((turn) => turn.parts.map((part) => part.type)),
    [['text'], ['text']]
  )
})

test('a user message with neither text nor image is counted as empty and opens no turn', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      item(1, {type: 'message', role: 'user', content: [{type: 'input_text', text: '  '}]}),
      userItem(2, 'Hi'),
      assistantItem(3, 'Hello')
    )
  )
  assert.deepEqual(value.fidelity, {'empty-message': 1})
  assert.deepEqual(texts(value, 'user'), ['Hi'])
})

test('images in a prompt become attachments: data URLs by type and size, local paths by reference', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      event(1, {
        type: 'user_message',
        message: 'What is in these?',
        images: ['data:image/jpeg;base64,/9j/4AAQSkZJ'],
        local_images: ['/home/ada/shot.png']
      }),
      event(2, {type: 'agent_message', message: 'A cat and a dog.'})
    )
  )
  assert.deepEqual(value.turns[0]?.parts, [
    {type: 'text', text: 'What is in these?'},
    {type: 'attachment', text: 'image/jpeg, 9 B', mimeType: 'image/jpeg', size: 9, data: '/9j/4AAQSkZJ'},
    {type: 'attachment', text: 'image', reference: '/home/ada/shot.png'}
  ])
})

test('an image pasted into a prompt is an attachment described by type and size, its bytes as data', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      item(1, {
        type: 'message',
        role: 'user',
        content: [
          {type: 'input_text', text: 'Describe this chart.'},
          {type: 'input_image', image_url: `data:image/png;base64,${'A'.repeat(4096)}`}
        ]
      }),
      assistantItem(2, 'Sales rise in March.')
    )
  )
  assert.deepEqual(value.turns[0]?.parts, [
    {type: 'text', text: 'Describe this chart.'},
    {type: 'attachment', text: 'image/png, 3.0 KB', mimeType: 'image/png', size: 3072, data: 'A'.repeat(4096)}
  ])
})

test('a 0.17x UserMessage item written before its response item copy is the prompt, shown once', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      event(1, {type: 'task_started', turn_id: 't1'}),
      completed(1, {type: 'UserMessage', id: 'u1', content: [{type: 'text', text: 'Hello', text_elements: []}]}),
      userItem(1, 'Hello'),
      assistantItem(2, 'Hi!')
    )
  )
  assert.deepEqual(
    value.turns.map((turn) => [turn.role, turn.id]),
    [
      ['user', 'u1'],
      ['assistant', 't1']
    ]
  )
  assert.deepEqual(texts(value, 'user'), ['Hello'])
})

test('an error event becomes an error notice, shown once when the turn ends with the same error', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      event(1, {type: 'task_started', turn_id: 't1'}),
      userItem(1, 'Go on.'),
      event(2, {type: 'error', message: 'stream disconnected before completion: idle timeout'}),
      event(3, {
        type: 'task_complete',
        turn_id: 't1',
        last_agent_message: null,
        error: {message: 'stream disconnected before completion: idle timeout'}
      })
    )
  )
  assert.deepEqual(notices(value), [
    {
      type: 'notice',
      level: 'error',
      kind: 'api-error',
      message: 'stream disconnected before completion: idle timeout'
    }
  ])
  assert.equal(value.turns.at(-1)?.timestamp, at(2))
})
