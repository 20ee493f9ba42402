import assert from 'node:assert/strict'
import {copyFile, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import type {ToolCallPart} from '@chatmark/core'
import {toNote} from '@chatmark/core'
import initSqlJs from 'sql.js'
import {fixtures, folder, notices, readBytes, readPath} from './helpers.js'

const placeholder = 'FIXTURE-PLACEHOLDER-NOT-A-SECRET'

function calls(turns: ReadonlyArray<{parts: ReadonlyArray<{type: string}>}> | undefined): ToolCallPart[] {
  return (turns ?? []).flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))
}

test('the real workspace database of Nov 2024 gives its chat-panel tabs and its inline composers', async () => {
  const {conversations, file} = await readPath(join(fixtures, 'workspace-2024/input.vscdb'))
  assert.deepEqual(
    conversations.map((conversation) => [conversation.metadata.extra?.['cursorPanel'], conversation.turns.length]),
    [
      ['chat', 7],
      ['chat', 2],
      ['composer', 2],
      ['composer', 4]
    ]
  )
  assert.equal(conversations[0]?.metadata.project, 'c:\\Users\\ydebray\\Documents\\mobilechat')
  assert.deepEqual(conversations[0]?.metadata.models, ['claude-3.5-sonnet'])
  assert.deepEqual(
    file.messages.map((message) => message.ruleId),
    ['prompt-history']
  )
})

test('a global database keeps thinking, tool calls with results, tokens, a compaction and a sub-agent', async () => {
  const {conversations} = await readPath(join(fixtures, 'global-2025/input.vscdb'))
  const main = conversations.find((conversation) => conversation.title === 'Fix the flaky date test')
  const sub = conversations.find((conversation) => conversation.metadata.parent)
  assert.ok(main && sub)
  assert.deepEqual(
    calls(main.turns).map((call) => [call.name, call.status, call.result?.language ?? 'text']),
    [
      ['read_file', 'completed', 'text'],
      ['run_terminal_command_v2', 'completed', 'text'],
      ['edit_file_v2', 'completed', 'diff'],
      ['task', 'completed', 'json']
    ]
  )
  assert.equal(main.turns[1]?.parts[0]?.type, 'thinking')
  assert.deepEqual(main.metadata.tokens, {input: 27542, output: 659})
  assert.deepEqual(
    notices(main).map((notice) => notice.kind),
    ['compaction', 'api-error', 'unknown-content']
  )
  assert.deepEqual(main.fidelity, {'missing-bubble': 1, 'unlisted-bubble': 1})
  assert.deepEqual(sub.metadata.parent, {id: main.id, relation: 'subagent'})
  assert.equal(sub.metadata.project, '/home/dev/projects/calendar')
})

test('no secret of the databases reaches a note or the model: secret:// rows, keys, signatures', async () => {
  for (const path of ['global-2025/input.vscdb', 'cli-store/input.db']) {
    const {conversations} = await readPath(join(fixtures, path))
    for (const conversation of conversations) {
      assert.ok(!JSON.stringify(conversation).includes(placeholder), path)
      assert.ok(!toNote(conversation).includes(placeholder), path)
    }
  }
})

test('a workspace database that only lists its composers says where their messages are', async () => {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  db.run('CREATE TABLE ItemTable (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)')
  db.run("INSERT INTO ItemTable VALUES ('composer.composerData', ?)", [
    JSON.stringify({allComposers: [{composerId: 'c1', name: 'Split'}, {composerId: 'c2'}], composerDataVersion: 1})
  ])
  const user = await folder({'User/workspaceStorage/abc/state.vscdb': db.export()})
  db.close()
  const {conversations, file} = await readPath(join(user, 'User/workspaceStorage/abc/state.vscdb'))
  assert.equal(conversations.length, 0)
  assert.ok(file.messages.some((entry) => entry.ruleId === 'empty-session' && !entry.fatal))
  const message = file.messages.find((entry) => entry.ruleId === 'content-in-global-database')
  assert.match(String(message?.reason), /2 composer\(s\).*User[\\/]globalStorage[\\/]state\.vscdb/)
})

test('a global composer takes its project from the workspace.json its workspaceIdentifier.id names', async () => {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  db.run('CREATE TABLE cursorDiskKV (key TEXT UNIQUE ON CONFLICT REPLACE, value BLOB)')
  const composer = {
    _v: 10,
    name: 'Linked',
    workspaceIdentifier: {id: 'abc123'},
    fullConversationHeadersOnly: [{bubbleId: 'b'}]
  }
  db.run("INSERT INTO cursorDiskKV VALUES ('composerData:c1', ?)", [JSON.stringify(composer)])
  db.run("INSERT INTO cursorDiskKV VALUES ('bubbleId:c1:b', ?)", [JSON.stringify({type: 1, text: 'hello'})])
  const user = await folder({
    'User/globalStorage/state.vscdb': db.export(),
    'User/workspaceStorage/abc123/workspace.json': '{"folder": "file:///home/ada/site"}'
  })
  db.close()
  const {conversations} = await readPath(join(user, 'User/globalStorage/state.vscdb'))
  assert.equal(conversations[0]?.metadata.project, '/home/ada/site')
})

test("S2thend/cursor-history's v0.16 global fixture: null and empty-id bubbles counted, the rest kept", async () => {
  const {conversations, file} = await readPath(join(import.meta.dirname, 'fixtures/s2thend-v016-global.vscdb'))
  assert.equal(conversations.length, 1)
  assert.equal(conversations[0]?.metadata.project, '/fixture/v016/project')
  // A header whose id names no row (its row is under another key), a null row and an empty id; the two rows under
  // other keys are counted as unlisted.
  assert.deepEqual(conversations[0]?.fidelity, {'missing-bubble': 3, 'unlisted-bubble': 2})
  assert.deepEqual(
    calls(conversations[0]?.turns).map((call) => call.name),
    ['read_file', 'search']
  )
  assert.ok(file.messages.some((message) => message.ruleId === 'missing-bubble'))
})

test('the CLI store keeps reasoning and joins tool results to their calls; meta.json gives cwd', async () => {
  const {conversations} = await readPath(join(fixtures, 'cli-store/input.db'))
  const session = conversations[0]
  assert.equal(session?.source.variant, 'cursor-cli-store')
  assert.equal(session?.metadata.project, '/home/dev/projects/calendar')
  assert.deepEqual(
    calls(session?.turns).map((call) => [call.name, call.status, call.result?.isError ?? false]),
    [
      ['Grep', 'completed', false],
      ['Shell', 'error', true]
    ]
  )
  assert.deepEqual(session?.fidelity, {'system-prompt': 1, 'injected-context': 1, 'unknown-content': 1})
})

test('a store whose blobs are missing keeps the messages it still has, and says what is left out', async () => {
  const base = await folder({})
  await copyFile(join(fixtures, 'cli-store/input.db'), join(base, 'store.db'))
  const SQL = await initSqlJs()
  const db = new SQL.Database(await readFile(join(base, 'store.db')))
  const assistant = db.exec("SELECT id FROM blobs WHERE CAST(data AS TEXT) LIKE '%Searching the tests%'")
  db.run('DELETE FROM blobs WHERE id = ?', [String(assistant[0]?.values[0]?.[0])])
  const {conversations, file} = await readBytes(db.export(), 'store.db')
  db.close()
  assert.equal(conversations[0]?.fidelity['missing-blob'], 1)
  assert.equal(conversations[0]?.fidelity['orphan-tool-result'], 1)
  assert.ok(file.messages.some((message) => message.ruleId === 'missing-blob'))
  assert.ok(calls(conversations[0]?.turns).some((call) => call.name === 'Shell'))
})

test('a cut database and a transcript with junk lines keep what can be read, naming the problem', async () => {
  const whole = await readFile(join(fixtures, 'global-2025/input.vscdb'))
  const cut = await readBytes(whole.subarray(0, Math.floor(whole.length / 2)), 'state.vscdb')
  assert.ok(cut.file.messages.length > 0)
  const transcript = await readFile(join(fixtures, 'cli-transcript/input.jsonl'), 'utf8')
  const junk = `${transcript}{"role": "assistant", "mess\n`
  const {conversations, file} = await readBytes(new TextEncoder().encode(junk), 'x.jsonl', true)
  assert.equal(conversations[0]?.turns.length, 4)
  assert.equal(conversations[0]?.fidelity['malformed-line'], 1)
  assert.match(String(file.messages[0]?.reason), /Line 7/)
})

test('a store whose meta names no root yet holds nothing: no note, and no failure', async () => {
  const SQL = await initSqlJs()
  const db = new SQL.Database()
  db.run('CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB); CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)')
  db.run("INSERT INTO meta VALUES ('0', ?)", [Buffer.from(JSON.stringify({name: 'New Agent'})).toString('hex')])
  const {conversations, file} = await readBytes(db.export(), 'store.db')
  db.close()
  assert.equal(conversations.length, 0)
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.fatal]),
    [
      ['no-root-blob', false],
      ['empty-session', false]
    ]
  )
})
