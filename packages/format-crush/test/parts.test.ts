import assert from 'node:assert/strict'
import {test} from 'vitest'
import {epochTime} from '../src/epoch-time.js'
import {finishNotice} from '../src/finish-notice.js'
import {messageParts} from '../src/message-parts.js'
import {isProjectList, projectsOf} from '../src/project-list.js'
import type {CrushDatabase} from '../src/read-database.js'
import {crushConversations} from '../src/session-conversation.js'
import {SessionTurns} from '../src/session-turns.js'
import type {MessageRow, SessionRow} from '../src/types.js'

// The parts and steps of a Crush session, on the shapes of `internal/message/content.go` that the golden
// databases do not hold.

test('Crush stores seconds, though its schema says milliseconds; a value too large for seconds is milliseconds', () => {
  assert.equal(epochTime(1754564779), '2025-08-07T11:06:19.000Z')
  assert.equal(epochTime(1754564779000), '2025-08-07T11:06:19.000Z')
  assert.equal(epochTime(0), undefined)
  assert.equal(epochTime('1754564779'), undefined)
  assert.equal(epochTime(Number.POSITIVE_INFINITY), undefined)
})

test('a finish says what happened when the answer did not end normally', () => {
  assert.deepEqual(finishNotice({reason: 'error'}), {
    type: 'notice',
    level: 'error',
    kind: 'api-error',
    message: 'The request failed'
  })
  assert.deepEqual(finishNotice({reason: 'canceled'}), {
    type: 'notice',
    level: 'warning',
    kind: 'interrupted',
    by: 'user'
  })
  assert.match(
    (finishNotice({reason: 'content_filter', message: 'refusal'}) as {text: string}).text,
    /refused to answer \(content filter\): refusal/
  )
  assert.match((finishNotice({reason: 'max_tokens'}) as {text: string}).text, /output token limit/)
  for (const data of [{reason: 'end_turn'}, {reason: 'tool_use'}, {reason: 'unknown'}, 'stop', null]) {
    assert.equal(finishNotice(data), undefined)
  }
})

test('every part type is read, an unknown one kept as a notice, and a broken call kept as Crush stored it', () => {
  const {parts, results, unknown} = messageParts([
    {type: 'text', data: {text: '  '}},
    {type: 'reasoning', data: {thinking: ''}},
    {type: 'tool_call', data: {id: 'c1', name: 'bash', input: '{"command": "go test', finished: false}},
    {type: 'tool_call', data: {name: 'fetch', input: '{"url": "https://example.org/a"}'}},
    {type: 'tool_result', data: {tool_call_id: 'c1', content: '', data: 'iVBORw0KGgo=', mime_type: 'image/png'}},
    {type: 'tool_result', data: {content: 'no call id'}},
    {type: 'binary', data: {Path: 'C:\\shots\\a.png', MIMEType: 'image/png', Data: 'not base64!'}},
    {type: 'binary', data: {}},
    {type: 'image_url', data: {}},
    {type: 'finish', data: {reason: 'max_tokens'}},
    {data: {text: 'no type'}},
    'not a part'
  ])
  assert.deepEqual(
    parts.map((part) => [part.type, 'name' in part ? part.name : undefined]),
    [
      ['tool-call', 'bash'],
      ['tool-call', 'fetch'],
      ['attachment', 'a.png'],
      ['attachment', undefined],
      ['notice', undefined],
      ['notice', undefined]
    ]
  )
  const [bash, fetch] = parts
  assert.equal(bash?.type === 'tool-call' && bash.input, '{"command": "go test')
  assert.equal(bash?.type === 'tool-call' && bash.status, 'unfinished')
  assert.equal(fetch?.type === 'tool-call' && fetch.text, 'https://example.org/a')
  assert.deepEqual(results, [
    {
      callId: 'c1',
      text: '',
      isError: false,
      attachment: {type: 'attachment', text: 'image/png', mimeType: 'image/png', data: 'iVBORw0KGgo='}
    }
  ])
  // Bytes that are not base64 are never carried into the note.
  assert.equal(parts[2]?.type === 'attachment' && parts[2].data, undefined)
  assert.equal(parts[3]?.type === 'attachment' && parts[3].text, 'a file')
  assert.deepEqual(unknown, ['(none)'])
})

function message(id: string, role: string, parts: unknown[], extra: Partial<MessageRow> = {}): MessageRow {
  return {
    id,
    role,
    parts,
    model: undefined,
    provider: undefined,
    createdAt: 1,
    finishedAt: undefined,
    isSummary: false,
    ...extra
  }
}

test('a session keeps what it cannot place: a result without its call, a message of another role, an empty one', () => {
  const turns = new SessionTurns(undefined)
  turns.add(message('1', 'tool', [{type: 'tool_result', data: {tool_call_id: 'gone', content: 'orphan output'}}]))
  turns.add(message('2', 'system', [{type: 'text', data: {text: 'You are Crush.'}}]))
  turns.add(message('3', 'assistant', [{type: 'finish', data: {reason: 'end_turn'}}]))
  turns.add(message('4', 'tool', [{type: 'text', data: {text: 'a tool message with text'}}]))
  turns.add(message('5', 'critic', [{type: 'text', data: {text: 'a role Crush may add'}}]))
  assert.deepEqual(
    turns.turns.map((turn) => [turn.role, turn.parts[0]?.type]),
    [
      ['tool', 'code'],
      ['system', 'text'],
      ['tool', 'text'],
      ['other', 'text']
    ]
  )
  assert.deepEqual(turns.fidelity, {'result-without-call': 1, 'role:system': 1, 'empty-message': 1, 'role:critic': 1})
})

test('a sub-agent whose call is gone is its own conversation, linked to its parent; a title request is not', () => {
  const session = (id: string, parentSessionId?: string): SessionRow => ({
    id,
    parentSessionId,
    title: id,
    promptTokens: undefined,
    completionTokens: undefined,
    cost: undefined,
    createdAt: 1,
    updatedAt: 2,
    summaryMessageId: undefined
  })
  const database: CrushDatabase = {
    sessions: [session('main'), session('m1$$call-9', 'main'), session('title-main', 'main')],
    messages: (id) => [message(`${id}-1`, 'user', [{type: 'text', data: {text: `hello from ${id}`}}])],
    close: () => undefined
  }
  const conversations = [...crushConversations(database, {variant: 'crush-db'})]
  assert.deepEqual(
    conversations.map((conversation) => [conversation.id, conversation.metadata.parent?.id]),
    [
      ['main', undefined],
      ['m1$$call-9', 'main']
    ]
  )
  assert.deepEqual(conversations[1]?.turns[0]?.parts[0], {
    type: 'notice',
    level: 'info',
    kind: 'subagent',
    parent: 'main'
  })
})

test("projects.json: only Crush's shape is one, and an entry without both folders is left out", () => {
  assert.equal(isProjectList({projects: []}), true)
  assert.equal(isProjectList({projects: [{path: '/a', data_dir: '/a/.crush'}], other: 1}), false)
  assert.equal(isProjectList({projects: [{path: '/a'}]}), false)
  assert.deepEqual(projectsOf({projects: [{path: '/a', data_dir: '/a/.crush'}, {path: '/b'}, 'x']}), [
    {path: '/a', dataDir: '/a/.crush'}
  ])
  assert.deepEqual(projectsOf('x'), [])
})
