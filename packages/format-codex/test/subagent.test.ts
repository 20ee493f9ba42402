import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import {
  assistantItem,
  at,
  conversation,
  event,
  item,
  jsonl,
  line,
  meta,
  notices,
  noticeTexts,
  texts,
  usage,
  userItem
} from './helpers.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const fixture = (name: string): string => join(root, 'packages/format-codex/fixtures', name)

const parent = 'parent-thread'
const spawn = {
  id: 'child-thread',
  forked_from_id: parent,
  parent_thread_id: parent,
  source: {
    subagent: {thread_spawn: {parent_thread_id: parent, depth: 1, agent_path: '/root/count', agent_nickname: 'Nash'}}
  },
  thread_source: 'subagent',
  agent_path: '/root/count'
}
const tokenCount = (second: number, total: [number, number], last: [number, number]) =>
  event(second, {type: 'token_count', info: {total_token_usage: usage(...total), last_token_usage: usage(...last)}})
const turn = (second: number, id: string) => line(second, 'turn_context', {turn_id: id, model: 'gpt-5'})
const task = (second: number, payload: Record<string, unknown>) =>
  item(second, {
    type: 'agent_message',
    author: '/root',
    recipient: '/root/count',
    content: [
      {type: 'input_text', text: 'Message Type: NEW_TASK\nTask name: /root/count\nSender: /root\nPayload:\n'},
      payload
    ]
  })
/** The parent's history as a 0.17x subagent file copies it: its session_meta, a turn, and its running total. */
const parentCopy = (second: number) => [
  line(second, 'session_meta', {id: parent, timestamp: at(0), source: 'exec'}),
  turn(second, 'p1'),
  userItem(second, 'The parent’s first prompt'),
  assistantItem(second, 'The parent’s answer'),
  tokenCount(second, [5_000_000, 20_000], [40_000, 900]),
  turn(second, 'p2'),
  userItem(second, 'Count the items, with a subagent')
]
const numbered = (lines: Record<string, unknown>[]) => lines.map((value, ordinal) => ({...value, ordinal}))

test('a real subagent (0.171, multi-agent v2): its own task, turns and tokens, under its parent', async () => {
  const value = await conversation(await readFile(fixture('subagent-0.171/input.jsonl'), 'utf8'))
  assert.equal(value.title, 'Read notes.txt and tell me how many items it lists.')
  assert.deepEqual(value.metadata.parent, {id: '01a2377a-3081-7932-b08c-665a65a1210c', relation: 'subagent'})
  assert.deepEqual(texts(value, 'user'), ['Read notes.txt and tell me how many items it lists.'])
  // The 29 records before `subagent_history_start_ordinal` (30) are the parent's three turns, copied.
  assert.equal(value.fidelity['parent-history'], 29)
  assert.deepEqual(notices(value)[0], {
    type: 'notice',
    level: 'info',
    kind: 'subagent',
    parent: '01a2377a-3081-7932-b08c-665a65a1210c',
    agent: '/root/count_items',
    nickname: 'Epicurus',
    copiedTurns: 3
  })
  assert.match(
    noticeTexts(value)[0] ?? '',
    /^Subagent \/root\/count_items \(Epicurus\) spawned by session 01a2377a-.*The 3 turns/
  )
  assert.equal(value.metadata.tokens?.total, 18_847)
  assert.equal(value.metadata.extra?.['agent_path'], '/root/count_items')
})

test('a subagent’s copy of its parent’s history is left out, and so is the parent’s running total', async () => {
  const value = await conversation(
    jsonl(
      ...numbered([
        meta({...spawn, subagent_history_start_ordinal: 8}),
        ...parentCopy(1),
        turn(2, 'c1'),
        task(2, {type: 'encrypted_content', encrypted_content: 'Count the items in notes.txt.'}),
        assistantItem(3, 'There are 3 items.'),
        // The child's counts go on from the parent's total.
        tokenCount(3, [5_001_000, 20_050], [1000, 50]),
        assistantItem(4, 'Done.'),
        tokenCount(4, [5_002_100, 20_110], [1100, 60])
      ])
    )
  )
  assert.equal(value.title, 'Count the items in notes.txt.')
  assert.deepEqual(texts(value, 'user'), ['Count the items in notes.txt.'])
  assert.deepEqual(texts(value, 'assistant'), ['There are 3 items.', 'Done.'])
  assert.equal(value.metadata.tokens?.total, 1050 + 1160)
  assert.deepEqual(value.metadata.parent, {id: parent, relation: 'subagent'})
  assert.match(noticeTexts(value)[0] ?? '', /The 2 turns before its task /)
})

test('without a start ordinal, the copy is told by its older timestamps; the child’s own records stay', async () => {
  const value = await conversation(
    jsonl(
      line(10, 'session_meta', {...spawn, timestamp: at(10)}),
      ...parentCopy(5),
      turn(11, 'c1'),
      userItem(11, 'Count the items in notes.txt.'),
      assistantItem(12, 'There are 3 items.'),
      tokenCount(12, [5_001_000, 20_050], [1000, 50])
    )
  )
  assert.equal(value.title, 'Count the items in notes.txt.')
  assert.deepEqual(texts(value, 'user'), ['Count the items in notes.txt.'])
  assert.equal(value.metadata.tokens?.total, 1050)
  assert.equal(value.fidelity['parent-history'], 7)
})

test('a copy that cannot be told from the child’s own records is kept', async () => {
  // Same timestamps and no ordinals: nothing says where the child's history starts, so nothing is dropped.
  const value = await conversation(
    jsonl(line(5, 'session_meta', {...spawn, timestamp: at(5)}), ...parentCopy(5), assistantItem(6, 'Three.'))
  )
  assert.ok(texts(value, 'user').includes('The parent’s first prompt'))
  assert.equal(value.fidelity['parent-history'], 1)
})

test('an encrypted task is counted; the note is titled by the agent’s path', async () => {
  const value = await conversation(
    jsonl(
      meta(spawn),
      turn(1, 'c1'),
      task(1, {type: 'encrypted_content', encrypted_content: 'gAAAAABnQ2Vk3X9yQm0tZmFrZS1jaXBoZXJ0ZXh0LXRva2Vu'}),
      assistantItem(2, 'There are 3 items.')
    )
  )
  assert.equal(value.title, 'Subagent /root/count')
  assert.equal(value.fidelity['encrypted-task'], 1)
  assert.deepEqual(texts(value, 'user'), [])
})

test('messages between agents other than the child’s task are counted, not shown', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Spawn a helper.'),
      item(2, {
        type: 'agent_message',
        author: '/root/count',
        recipient: '/root',
        content: [
          {type: 'input_text', text: 'Message Type: FINAL_ANSWER\nTask name: /root\nSender: /root/count\nPayload:\n3'}
        ]
      }),
      assistantItem(3, 'The helper found 3 items.')
    )
  )
  assert.equal(value.fidelity['inter-agent-message'], 1)
  assert.deepEqual(texts(value, 'user'), ['Spawn a helper.'])
})

test('a thread with no parent keeps every record, a second session_meta included', async () => {
  const value = await conversation(
    jsonl(meta(), userItem(1, 'First'), line(2, 'session_meta', {id: 'other'}), userItem(3, 'Second'))
  )
  assert.deepEqual(texts(value, 'user'), ['First', 'Second'])
  assert.equal(value.fidelity['parent-history'], undefined)
})

test('the parent of a real subagent (0.171) shows its spawn_agent and wait_agent calls', async () => {
  const value = await conversation(await readFile(fixture('subagent-0.171-parent/input.jsonl'), 'utf8'))
  assert.equal(value.metadata.parent, undefined)
  const calls = value.turns.flatMap((each) =>
    each.parts.flatMap((part) => (part.type === 'tool-call' ? [part.name] : []))
  )
  assert.deepEqual(calls.slice(-2), ['spawn_agent', 'wait_agent'])
  // The child's answer reaches the parent as an `agent_message` (FINAL_ANSWER): counted, not a prompt.
  assert.equal(value.fidelity['inter-agent-message'], 1)
})
