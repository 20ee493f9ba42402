import assert from 'node:assert/strict'
import {copyFile, mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {ToolCallPart} from '@chatmark/core'
import {createSample, inputFromBytes, inputFromPath} from '@chatmark/core'
import {crush} from '@chatmark/format-crush'
import {database2025, database2026, emptyReal, readBytes, readPath} from './helpers.js'

const format = crush()

async function sampleOf(path: string, name: string) {
  return createSample(inputFromBytes(new Uint8Array(await readFile(path)), name), 64 * 1024)
}

test('a Crush database is told by its tables, or by its name when its schema lies past the sample', async () => {
  assert.equal(format.detect(await sampleOf(database2025, 'x.db')).confidence, 'certain')
  // The real 2026 file: its migrations pushed sqlite_master past the first 64 KiB.
  assert.equal(format.detect(await sampleOf(emptyReal, 'x.db')).confidence, 'none')
  const named = format.detect(await sampleOf(emptyReal, 'crush.db'))
  assert.equal(named.confidence, 'certain')
  assert.match(named.reason, /named crush\.db/)
  const other = await createSample(inputFromBytes(new TextEncoder().encode('{"projects": 3}'), 'p.json'), 1024)
  assert.equal(format.detect(other).confidence, 'none')
})

test('the real empty database of 2026 reads as no sessions, said plainly', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-crush-'))
  try {
    await mkdir(join(home, '.crush'))
    await copyFile(emptyReal, join(home, '.crush', 'crush.db'))
    const result = await readPath(join(home, '.crush', 'crush.db'))
    assert.equal(result.detection.format, 'crush')
    assert.equal(result.conversations.length, 0)
    assert.ok(result.file.messages.some((message) => /holds no sessions/.test(message.reason)))
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

test('rows in the write-ahead log are read; a sub-agent nests under its call; a title request is counted', async () => {
  const {conversations} = await readPath(database2025)
  assert.equal(conversations.length, 1, 'the sub-agent and the title request are no notes of their own')
  const conversation = conversations[0]!
  assert.equal(conversation.title, 'Go MCP command wrapper')
  assert.equal(conversation.fidelity['title-request'], 1)
  const kinds = conversation.turns.flatMap((turn) =>
    turn.parts.flatMap((part) => (part.type === 'notice' && 'kind' in part ? [part.kind] : []))
  )
  // The failed request (429) and the stopped answer were committed to the log only.
  assert.deepEqual(kinds, ['api-error', 'interrupted'])
  const calls = conversation.turns.flatMap((turn) =>
    turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call')
  )
  assert.deepEqual(
    calls.map((call) => [call.name, call.status, call.result?.isError ?? false]),
    [
      ['ls', 'completed', false],
      ['view', 'error', true],
      ['agent', 'completed', false]
    ]
  )
  const agent = calls[2]!
  assert.equal(agent.subagent?.length, 3)
  assert.equal(agent.subagent?.[1]?.model, 'gpt-4o-mini')
})

test("a message whose parts are not JSON is reported and left out; the session's other messages are kept", async () => {
  const bytes = new Uint8Array(await readFile(database2026))
  // The parts of message n03 (a tool result) begin `[{"type":"tool_result"`: one byte turns the JSON into junk.
  const text = Buffer.from(bytes).toString('latin1')
  const at = text.indexOf('[{"type": "tool_result"')
  assert.ok(at > 0)
  bytes[at] = 0x3f
  const {conversations, file} = await readBytes(bytes, 'crush.db')
  assert.equal(conversations.length, 1)
  assert.ok(file.messages.some((message) => /message n03 .*not JSON/.test(message.reason)))
  assert.equal(conversations[0]?.fidelity['result-without-call'], undefined)
  assert.ok(conversations[0]!.turns.length >= 6)
})

test('a cut database fails with a message naming the file, never a crash', async () => {
  const bytes = new Uint8Array(await readFile(database2026)).subarray(0, 10_000)
  const result = await readBytes(bytes, 'crush.db')
  assert.equal(result.conversations.length, 0)
  assert.ok(result.file.messages.some((message) => message.fatal && /crush\.db/.test(message.reason)))
})

test("Crush's projects.json reads every listed project's database; a project without one is reported", async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-crush-'))
  try {
    const project = join(home, 'code', 'watcher')
    await mkdir(join(project, '.crush'), {recursive: true})
    await copyFile(database2026, join(project, '.crush', 'crush.db'))
    const list = {
      projects: [
        {path: project, data_dir: join(project, '.crush'), last_accessed: '2026-04-05T11:54:24Z'},
        {path: join(home, 'gone'), data_dir: join(home, 'gone', '.crush'), last_accessed: '2026-01-01T00:00:00Z'}
      ]
    }
    const index = join(home, 'projects.json')
    await writeFile(index, JSON.stringify(list, null, 2))
    const result = await readPath(index)
    assert.equal(result.detection.format, 'crush')
    assert.deepEqual(
      result.conversations.map((conversation) => [conversation.title, conversation.metadata.project]),
      [['Watcher fires twice on save', project]]
    )
    assert.ok(result.file.messages.some((message) => /gone.*not there/.test(message.reason)))
    // A sync reads the list again when a listed database changes.
    assert.deepEqual(await format.tool?.companions?.(index), [join(project, '.crush', 'crush.db')])
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

test("a project's database names the project from its .crush folder", async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-crush-'))
  try {
    await mkdir(join(home, 'mcpwrap', '.crush'), {recursive: true})
    await copyFile(database2025, join(home, 'mcpwrap', '.crush', 'crush.db'))
    await copyFile(`${database2025}-wal`, join(home, 'mcpwrap', '.crush', 'crush.db-wal'))
    const {conversations} = await normalizerRead(join(home, 'mcpwrap', '.crush', 'crush.db'))
    assert.equal(conversations[0]?.metadata.project, join(home, 'mcpwrap'))
    assert.deepEqual(await format.tool?.companions?.(join(home, 'mcpwrap', '.crush', 'crush.db')), [
      join(home, 'mcpwrap', '.crush', 'crush.db-wal')
    ])
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

async function normalizerRead(path: string) {
  return readPath(path)
}

test('Crush keeps projects.json in its global data folder, moved by CRUSH_GLOBAL_DATA or XDG_DATA_HOME', () => {
  const folders = (home: string, env: Record<string, string>, platform = 'linux') =>
    format.tool?.sessionFolders?.({home, env, platform})
  const patterns = ['projects.json']
  assert.deepEqual(folders('/home/ada', {}), [{path: '/home/ada/.local/share/crush', patterns}])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin'), [{path: '/Users/ada/.local/share/crush', patterns}])
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [{path: 'C:\\Users\\Ada\\AppData\\Local\\crush', patterns}])
  assert.deepEqual(folders('C:\\Users\\Ada', {LOCALAPPDATA: 'D:\\Local'}, 'win32'), [
    {path: 'D:\\Local\\crush', patterns, setBy: 'LOCALAPPDATA'}
  ])
  assert.deepEqual(folders('/home/ada', {XDG_DATA_HOME: '/data'}), [
    {path: '/data/crush', patterns, setBy: 'XDG_DATA_HOME'}
  ])
  assert.deepEqual(folders('/home/ada', {CRUSH_GLOBAL_DATA: '/srv/crush', XDG_DATA_HOME: '/data'}), [
    {path: '/srv/crush', patterns, setBy: 'CRUSH_GLOBAL_DATA'}
  ])
  // A relative value is resolved by Crush against the folder it started in, which no one else knows.
  assert.deepEqual(folders('/home/ada', {CRUSH_GLOBAL_DATA: 'crush'}), folders('/home/ada', {}))
})

test('--format crush reads a renamed database whose schema lies past the sample', async () => {
  const result = await normalizerForced(emptyReal)
  assert.equal(result.detection.format, 'crush')
  assert.equal(result.conversations.length, 0)
})

async function normalizerForced(path: string) {
  const {normalizer} = await import('./helpers.js')
  return normalizer.normalize(await inputFromPath(path), {format: 'crush'})
}
