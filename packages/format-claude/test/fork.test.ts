import assert from 'node:assert/strict'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import {createNormalizer, inputFromPath, inputFromString} from '@chatmark/core'
import {claude} from '@chatmark/format-claude'
import {
  assistant,
  conversation,
  envelope,
  jsonl,
  notices,
  noticeTexts,
  session,
  system,
  texts,
  user
} from './helpers.js'

const fixtures = fileURLToPath(new URL('../fixtures/claude-code/', import.meta.url))
const parent = 'a47fd6e3-0000-4000-8000-000000000001'
const text = (value: string): unknown[] => [{type: 'text', text: value}]

/** A parent's exchange as a fork copies it: its prompt, and an answer marked as `mark` says. */
function copiedExchange(mark: 'requestSessionId' | 'forkedFrom' | 'sessionId'): unknown[] {
  const from = (uuid: string): Record<string, unknown> =>
    mark === 'requestSessionId'
      ? {}
      : mark === 'forkedFrom'
        ? {forkedFrom: {sessionId: parent, messageUuid: uuid}}
        : {sessionId: parent}
  return [
    user('p1', null, 'Parent prompt.', from('p1')),
    assistant('p2', 'p1', 'msg_p', text('Parent answer.'), {
      ...from('p2'),
      ...(mark === 'requestSessionId' ? {requestSessionId: parent} : {})
    })
  ]
}

for (const mark of ['requestSessionId', 'forkedFrom', 'sessionId'] as const) {
  test(`a fork whose copy is marked by ${mark} names its parent and shows only its own turns`, async () => {
    const value = await conversation(
      jsonl(
        ...copiedExchange(mark),
        user('f1', 'p2', 'Own prompt.'),
        assistant('f2', 'f1', 'msg_f', text('Own answer.'))
      )
    )
    assert.equal(value.id, session)
    assert.deepEqual(value.metadata.parent, {id: parent, relation: 'fork'})
    assert.deepEqual(texts(value), ['Own prompt.', 'Own answer.'])
    assert.deepEqual(notices(value), [{type: 'notice', level: 'info', kind: 'fork', parent, copiedTurns: 2}])
    assert.deepEqual(noticeTexts(value), [
      `Forked from session ${parent}. The 2 turns before the fork are that session's and are not repeated here.`
    ])
    assert.equal(value.turns[0]?.timestamp, value.turns[1]?.timestamp, 'the notice is dated where the fork begins')
    assert.equal(value.title, 'Own prompt. (fork)')
    assert.equal(value.fidelity['parent-history-turn'], 2)
    assert.deepEqual(value.metadata.tokens, {input: 10, output: 5, total: 15}, "only the fork's own usage")
    assert.equal(value.createdAt, value.turns[1]?.timestamp)
  })
}

test("the copy goes on through the last copied exchange's answers, tool results included", async () => {
  // 2.0.77 marks only a copied prompt (it keeps the parent's sessionId); the answer after it is rewritten.
  const value = await conversation(
    jsonl(
      user('p1', null, 'Read it.', {sessionId: parent}),
      assistant('p2', 'p1', 'msg_p', [{type: 'tool_use', id: 'call-1', name: 'Read', input: {file_path: '/a'}}]),
      user('p3', 'p2', [{type: 'tool_result', tool_use_id: 'call-1', content: 'contents'}]),
      assistant('p4', 'p3', 'msg_q', text('It says contents.')),
      system('f0', 'p4', {subtype: 'local_command', content: '<command-name>/branch</command-name>'}),
      user('f1', 'f0', 'Own prompt.')
    )
  )
  assert.deepEqual(value.metadata.parent, {id: parent, relation: 'fork'})
  assert.deepEqual(texts(value), ['Own prompt.'])
  assert.equal(value.fidelity['parent-history-turn'], 2)
  assert.deepEqual(
    notices(value).map((notice) => notice.kind),
    ['fork', 'command']
  )
})

test('the title of a fork is the one Claude Code gave it, else its own with (fork)', async () => {
  const branch = await conversation(
    jsonl(
      ...copiedExchange('forkedFrom'),
      {type: 'custom-title', customTitle: 'Parent prompt. (Branch)', sessionId: session},
      user('f1', 'p2', 'Own prompt.')
    )
  )
  assert.equal(branch.title, 'Parent prompt. (Branch)')
  const named = await conversation(
    jsonl(
      ...copiedExchange('forkedFrom'),
      {type: 'ai-title', aiTitle: 'Own work', sessionId: session},
      user('f1', 'p2', 'x')
    )
  )
  assert.equal(named.title, 'Own work (fork)')
})

test('a fork with no turn of its own yet keeps the copy, the notice after it', async () => {
  // `/branch` and nothing after it: the command's system lines are no leaf, so the thread ends with the copy.
  const value = await conversation(
    jsonl(
      ...copiedExchange('forkedFrom'),
      system('f1', 'p2', {subtype: 'local_command', content: '<command-name>/branch</command-name>'})
    )
  )
  assert.deepEqual(value.metadata.parent, {id: parent, relation: 'fork'})
  assert.deepEqual(texts(value), ['Parent prompt.', 'Parent answer.'])
  assert.equal(value.fidelity['parent-history-turn'], undefined)
  assert.equal(value.title, 'Parent prompt. (fork)')
  assert.match(noticeTexts(value).at(-1) ?? '', /^Forked from session .*: the fork has none of its own yet\.$/)
})

test("a session whose records name its own id, or another's in a chain of their own, is no fork", async () => {
  const plain = await conversation(
    jsonl(user('u1', null, 'Hi.'), assistant('a1', 'u1', 'msg_1', text('Hello.'), {requestSessionId: session}))
  )
  assert.equal(plain.metadata.parent, undefined)
  assert.equal(plain.title, undefined)
  const other = {...envelope, sessionId: 'other-session'}
  const {conversations} = await createNormalizer({formats: [claude()]}).normalize(
    inputFromString(
      jsonl(
        user('u1', null, 'Mine.'),
        {...user('o1', null, 'Theirs.'), ...other},
        assistant('a1', 'u1', 'msg_1', text('Yours.'))
      ),
      'session.jsonl'
    )
  )
  assert.deepEqual(
    conversations.map((value) => value.metadata.parent),
    [undefined, undefined]
  )
})

test('real forks: each Claude Code version marks the copy its own way; the note names its parent', async () => {
  const cases: Array<[string, string, number]> = [
    ['real-fork-keep-meta', '332611b8-4087-47be-a219-9e760a6ae6e0', 9],
    ['real-2.1-fork-of-fork', '17243913-c18a-4937-9fcb-8a2f9ad796f8', 8],
    ['real-2.1-branch', '5fb99166-9ac6-4209-8074-81501624aae5', 6],
    ['real-2.1.50-fork-of-fork', '94bd43a9-f75e-47d9-b039-f7a8bfdb815f', 8],
    ['real-2.0-fork-of-fork', 'b6052c5e-75aa-431b-8549-9b5ae50644e3', 8]
  ]
  for (const [name, id, copied] of cases) {
    const {conversations} = await createNormalizer({formats: [claude()]}).normalize(
      await inputFromPath(join(fixtures, name, 'input.jsonl'))
    )
    const [value] = conversations
    assert.deepEqual(value?.metadata.parent, {id, relation: 'fork'}, name)
    assert.equal(value?.fidelity['parent-history-turn'], copied, name)
    assert.equal(notices(value!)[0]?.kind, 'fork', name)
    assert.match(value?.title ?? '', /\((fork|Branch)\)$/, name)
  }
})
