import assert from 'node:assert/strict'
import {gzipSync} from 'node:zlib'
import {test} from 'vitest'
import type {AttachmentPart, ToolCallPart} from '@chatmark/core'
import {toNote} from '@chatmark/core'
import {assistant, database, readBytes, user} from './helpers.js'

/** `count` numbered lines of a log, about 40 characters each. */
function log(count: number): string {
  return Array.from({length: count}, (_, index) => `line ${String(index).padStart(7, '0')} of the build log`).join('\n')
}

test('a tool output of over a million characters keeps its first and last halves, and says what was cut', async () => {
  const output = log(60_000)
  assert.ok(output.length > 1_500_000)
  const bytes = await database([
    {
      session: {id: 'ses_1', title: 'Big output'},
      messages: [
        user('msg_01', 'Build it'),
        assistant('msg_02', 'msg_01', [
          {type: 'tool', tool: 'bash', callID: 'call_1', state: {status: 'completed', input: {command: 'make'}, output}}
        ])
      ]
    },
    {session: {id: 'ses_2', title: 'Small'}, messages: [user('msg_11', 'Hello')]}
  ])
  const {conversations, file} = await readBytes(bytes)
  assert.deepEqual(
    conversations.map((conversation) => conversation.title),
    ['Big output', 'Small']
  )
  const call = conversations[0]?.turns[1]?.parts[0] as ToolCallPart
  const text = call.result?.text ?? ''
  const cut = output.length - 1_000_000
  assert.equal(
    text,
    `${output.slice(0, 500_000)}\n[… ${cut.toLocaleString('en-US')} characters cut …]\n${output.slice(-500_000)}`
  )
  assert.deepEqual(call.input, {command: 'make'})
  assert.deepEqual(conversations[0]?.fidelity, {'long-text-cut': 1})
  assert.deepEqual(conversations[1]?.fidelity, {})
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.fatal]),
    [['long-text-cut', false]]
  )
  assert.match(
    String(file.messages[0]?.reason),
    /^Session ses_1: state\.output of prt_02000 \(1,[\d,]+ characters, in a row of [\d.]+ MB\) keeps its first and last/
  )
  assert.match(String(file.messages[0]?.reason), /keeps its first and last 500,000 characters$/)
  assert.match(toNote(conversations[0]!), /long-text-cut: 1/)
})

test('every long string of a row is cut, a pasted image never; a row of short strings is read whole', async () => {
  const long = 'é'.repeat(1_200_000)
  const image = `data:image/png;base64,${'A'.repeat(1_400_000)}`
  const many = Array.from({length: 30_000}, (_, index) => `file-${index}.txt`)
  const bytes = await database([
    {
      session: {id: 'ses_1', title: 'Rows'},
      messages: [
        user('msg_01', long),
        assistant('msg_02', 'msg_01', [
          {type: 'tool', tool: 'write', callID: 'c', state: {status: 'completed', input: {content: long}, output: ''}},
          {type: 'file', mime: 'image/png', filename: 'shot.png', url: image},
          {type: 'patch', hash: 'h', files: many}
        ])
      ]
    }
  ])
  const {conversations} = await readBytes(bytes)
  const [asked, answer] = conversations[0]?.turns ?? []
  const kept = `${'é'.repeat(500_000)}\n[… 200,000 characters cut …]\n${'é'.repeat(500_000)}`
  assert.deepEqual(asked?.parts, [{type: 'text', text: kept}])
  const [write, file, patch] = answer?.parts ?? []
  assert.deepEqual((write as ToolCallPart).input, {content: kept})
  assert.equal((file as AttachmentPart).data?.length, 1_400_000)
  assert.equal((file as AttachmentPart).size, 1_050_000)
  assert.equal(patch?.type === 'notice' && 'text' in patch && patch.text.endsWith('file-29999.txt'), true)
  assert.deepEqual(conversations[0]?.fidelity, {'long-text-cut': 2})
})

test('a long row that is not JSON costs that row, and the session is kept', async () => {
  const bytes = await database([
    {
      session: {id: 'ses_1', title: 'Junk'},
      messages: [
        user('msg_01', 'Hi'),
        assistant('msg_02', 'msg_01', [
          `{"type": "text", "text": "${'x'.repeat(1_100_000)}`,
          {type: 'text', text: 'ok'}
        ])
      ]
    }
  ])
  const {conversations} = await readBytes(bytes)
  assert.equal(conversations.length, 1)
  assert.deepEqual(conversations[0]?.turns[1]?.parts, [{type: 'text', text: 'ok'}])
  assert.deepEqual(conversations[0]?.fidelity, {'unreadable-part': 1})
})

test("a message's long strings are cut too: a user message's diff of a whole file", async () => {
  const file = log(40_000)
  const bytes = await database([
    {
      session: {id: 'ses_1', title: 'Diffs'},
      messages: [user('msg_01', 'Rewrite it', {summary: {diffs: [{file: 'big.log', before: file, after: ''}]}})]
    }
  ])
  const {conversations, file: vfile} = await readBytes(bytes)
  assert.deepEqual(conversations[0]?.turns[0]?.parts, [{type: 'text', text: 'Rewrite it'}])
  assert.deepEqual(conversations[0]?.fidelity, {'long-text-cut': 1})
  assert.match(String(vfile.messages[0]?.reason), /^Session ses_1: summary\.diffs\[0\]\.before of msg_01 /)
})

test('a gzipped database, its size unknown until it is read, is read whole', async () => {
  const bytes = await database([{session: {id: 'ses_1', title: 'Zipped'}, messages: [user('msg_01', 'Hello')]}])
  const {conversations, file} = await readBytes(gzipSync(bytes), 'opencode.db.gz', true)
  assert.deepEqual(file.messages.map(String), [])
  assert.deepEqual(
    conversations.map((conversation) => conversation.title),
    ['Zipped']
  )
})

test('a database whose message table has no data column fails, naming the database and the column', async () => {
  const {default: initSqlJs} = await import('sql.js')
  const made = new (await initSqlJs()).Database()
  made.run(
    'CREATE TABLE session (id text, time_created integer); INSERT INTO session VALUES (1, 1);' +
      'CREATE TABLE message (id text, session_id text, time_created integer); CREATE TABLE part (id text);'
  )
  const {conversations, file} = await readBytes(made.export(), 'odd.db', true)
  assert.equal(conversations.length, 0)
  assert.match(String(file.messages[0]), /could not read odd\.db as a SQLite database \(no such column: data\)/)
})
