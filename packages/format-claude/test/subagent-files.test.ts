import assert from 'node:assert/strict'
import {cp, mkdir, mkdtemp, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {Conversation, Normalized, ToolCallPart, Turn} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString} from '@chatmark/core'
import {claude, subagentFiles, subagentParent} from '@chatmark/format-claude'
import {assistant, envelope, jsonl, user} from './helpers.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
/** Written by the real Claude Code 2.1.332: the session, and `<sessionId>/subagents/agent-*.jsonl` (+ `.meta.json`). */
const folderCase = join(root, 'packages/format-claude/fixtures/claude-code/real-2.1-subagent-files')
const folderSession = '5b03b5b9-3e60-41c3-9ae1-8cf0307eea18'
/** Written by the real Claude Code 2.0.77: the session and `agent-*.jsonl` beside it (warm-up agents among them). */
const besideCase = join(root, 'packages/format-claude/fixtures/claude-code/real-2.0-agent-files')

type SubagentCall = ToolCallPart & {subagent?: Turn[]}
const calls = (turns: readonly Turn[]): SubagentCall[] =>
  turns.flatMap((turn) => turn.parts.filter((part): part is SubagentCall => part.type === 'tool-call'))
const firstText = (turns: readonly Turn[] | undefined): string | undefined => {
  const part = turns?.[0]?.parts.find((candidate) => candidate.type === 'text')
  return part?.type === 'text' ? part.text : undefined
}

async function readPath(path: string, formatOptions: Record<string, unknown> = {}): Promise<Normalized> {
  return createNormalizer({formats: [claude()]}).normalize(await inputFromPath(path), {formatOptions})
}

async function only(path: string, formatOptions: Record<string, unknown> = {}): Promise<Conversation> {
  const {conversations, file} = await readPath(path, formatOptions)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

/** A session folder in a fresh temporary project folder: `<id>.jsonl` and the files given, by relative path. */
async function project(files: Record<string, string>): Promise<string> {
  const folder = await mkdtemp(join(tmpdir(), 'chatmark-subagents-'))
  for (const [path, text] of Object.entries(files)) {
    await mkdir(join(folder, path, '..'), {recursive: true})
    await writeFile(join(folder, path), text)
  }
  return folder
}

/** A subagent transcript's records: a sidechain of agent `agentId`, prompt first. */
function transcript(agentId: string, prompt: string, answer: string, extra: unknown[] = []): string {
  const side = {isSidechain: true, agentId}
  return jsonl(
    user(`${agentId}-u1`, null, prompt, side),
    assistant(`${agentId}-a1`, `${agentId}-u1`, `msg_${agentId}`, [{type: 'text', text: answer}], side),
    ...extra
  )
}

/** A session whose one Agent call has the given result record fields. */
function sessionWithCall(id: string, prompt: string, result: Record<string, unknown> = {}): string {
  return jsonl(
    user('u1', null, 'Delegate it.'),
    assistant('a1', 'u1', 'msg_main', [
      {type: 'tool_use', id, name: 'Agent', input: {description: 'Look', prompt, subagent_type: 'general-purpose'}}
    ]),
    user('r1', 'a1', [{type: 'tool_result', tool_use_id: id, content: 'Async agent launched successfully.'}], result),
    assistant('a2', 'r1', 'msg_end', [{type: 'text', text: 'Done.'}])
  )
}

test('subagentFiles lists the transcripts in the session folder (2.1) and beside the session (2.0)', async () => {
  const agents = ['a0b6bb040a04515a6', 'a6818f4ea85c1750b', 'a6eedfc15cf943402', 'ac1551aa8ec0803de']
  // The folder is named by the session id the file's records carry, whatever the file is called.
  assert.deepEqual(
    await subagentFiles(join(folderCase, 'input.jsonl')),
    agents.map((agent) => join(folderCase, folderSession, 'subagents', `agent-${agent}.jsonl`))
  )
  // 2.0: every agent file whose records carry the session's id, the warm-up agents too.
  const beside = ['a1994ed', 'a413daa', 'a62dfc8', 'a71b047', 'aa50cad', 'ab004f5', 'acbec0d']
  assert.deepEqual(
    await subagentFiles(join(besideCase, 'input.jsonl')),
    beside.map((agent) => join(besideCase, `agent-${agent}.jsonl`))
  )
  assert.deepEqual(await subagentFiles(join(besideCase, 'agent-a62dfc8.jsonl')), [])
  assert.deepEqual(await subagentFiles(join(besideCase, 'missing.jsonl')), [])
})

test('subagentFiles follows changes: a folder scanned once is scanned again when a file is added', async () => {
  const id = '11111111-0000-4000-8000-000000000001'
  const session = jsonl({...user('u1', null, 'hi'), sessionId: id})
  const agent = (name: string) => jsonl({...user(`${name}-u`, null, 'Warmup'), sessionId: id, isSidechain: true})
  const folder = await project({
    [`${id}.jsonl`]: session,
    'agent-a1.jsonl': agent('a1'),
    'agent-b1.jsonl': jsonl({...user('b-u', null, 'x'), sessionId: 'another', isSidechain: true}),
    [`${id}/subagents/agent-c1.jsonl`]: agent('c1'),
    [`${id}/subagents/workflows/run-1/agent-d1.jsonl`]: agent('d1'),
    [`${id}/subagents/agent-c1.meta.json`]: '{}',
    [`${id}/tool-results/x.txt`]: 'output'
  })
  const sessionPath = join(folder, `${id}.jsonl`)
  const expected = [
    join(folder, id, 'subagents', 'agent-c1.jsonl'),
    join(folder, id, 'subagents', 'workflows', 'run-1', 'agent-d1.jsonl'),
    join(folder, 'agent-a1.jsonl')
  ]
  assert.deepEqual(await subagentFiles(sessionPath), expected.slice().sort())
  await writeFile(join(folder, 'agent-a2.jsonl'), agent('a2'))
  assert.deepEqual(await subagentFiles(sessionPath), [...expected, join(folder, 'agent-a2.jsonl')].sort())
})

test('subagentParent names the session file a transcript belongs to, when it is there', async () => {
  // The fixture's session is `input.jsonl`, so its folder layout has no parent on disk.
  assert.equal(
    await subagentParent(join(folderCase, folderSession, 'subagents', 'agent-a0b6bb040a04515a6.jsonl')),
    undefined
  )
  const folder = await project({[`${folderSession}.jsonl`]: '{}\n'})
  await cp(join(folderCase, folderSession), join(folder, folderSession), {recursive: true})
  assert.equal(
    await subagentParent(join(folder, folderSession, 'subagents', 'agent-a0b6bb040a04515a6.jsonl')),
    join(folder, `${folderSession}.jsonl`)
  )
  // 2.0: the session named by the agent's records, beside it.
  const beside = await project({})
  await cp(besideCase, beside, {recursive: true})
  await cp(join(beside, 'input.jsonl'), join(beside, '2a295142-1cf7-4bc3-99f8-006a8c7e8f4b.jsonl'))
  assert.equal(
    await subagentParent(join(beside, 'agent-a62dfc8.jsonl')),
    join(beside, '2a295142-1cf7-4bc3-99f8-006a8c7e8f4b.jsonl')
  )
  assert.equal(await subagentParent(join(beside, 'input.jsonl')), undefined)
})

test('with subagents, each Agent call of a real 2.1 session carries the transcript its result names', async () => {
  const value = await only(join(folderCase, 'input.jsonl'), {subagents: true})
  const agentCalls = calls(value.turns).filter((call) => call.name === 'Agent')
  assert.deepEqual(
    agentCalls.map((call) => [call.text, firstText(call.subagent)]),
    [
      ['Read notes.txt', 'Please read notes.txt and tell me what is in it.'],
      ['Count README lines', 'Please run the command `wc -l README.md` and report.'],
      ['Delegate the reading', 'Please delegate this to a subagent in the foreground: what is in notes.txt?']
    ]
  )
  // The subagent's own tool calls and results are kept.
  const read = calls(agentCalls[0]!.subagent ?? [])
  assert.deepEqual(
    read.map((call) => [call.name, call.status]),
    [['Read', 'success']]
  )
  assert.match(read[0]!.result?.text ?? '', /Shopping list/)
  // A subagent's own Agent call nests the subagent it started (the link is the `agentId:` line of its result).
  const nested = calls(agentCalls[2]!.subagent ?? []).find((call) => call.name === 'Agent')
  assert.equal(firstText(nested?.subagent), 'Please read notes.txt and tell me what is in it.')
  assert.equal(value.fidelity['unmatched-sidechain-record'], undefined)
  // The subagents' models and tokens are theirs, not the session's.
  assert.deepEqual(value.metadata.models, ['claude-opus-5-5'])

  const plain = await only(join(folderCase, 'input.jsonl'))
  assert.ok(calls(plain.turns).every((call) => call.subagent === undefined))
  assert.equal(plain.fidelity['unmatched-sidechain-record'], undefined)
})

test('with subagents, a 2.0 session nests the agent files its Task results name, and no warm-up agent', async () => {
  const value = await only(join(besideCase, 'input.jsonl'), {subagents: true})
  const taskCalls = calls(value.turns).filter((call) => call.name === 'Task')
  assert.equal(taskCalls.length, 4)
  assert.ok(taskCalls.every((call) => (call.subagent?.length ?? 0) === 2))
  assert.deepEqual(
    taskCalls.map((call) => firstText(call.subagent)),
    [
      'Please read notes.txt and tell me what is in it.',
      'Please read notes.txt and tell me what is in it.',
      'Please run the command `wc -l README.md` and report.',
      'Please read notes.txt and tell me what is in it.'
    ]
  )
  assert.equal(value.fidelity['unmatched-sidechain-record'], undefined)
})

test('without a link in the result, the .meta.json toolUseId, then the prompt, find the transcript', async () => {
  const id = '22222222-0000-4000-8000-000000000002'
  const folder = await project({
    [`${id}.jsonl`]: sessionWithCall('toolu_one', 'Same prompt.'),
    // Named by another call's meta: never taken by the prompt.
    [`${id}/subagents/agent-aaa.jsonl`]: transcript('aaa', 'Same prompt.', 'From aaa.'),
    [`${id}/subagents/agent-aaa.meta.json`]: JSON.stringify({toolUseId: 'toolu_other'}),
    [`${id}/subagents/agent-bbb.jsonl`]: transcript('bbb', 'Same prompt.', 'From bbb.')
  })
  const value = await only(join(folder, `${id}.jsonl`), {subagents: true})
  const call = calls(value.turns)[0]!
  assert.equal(firstText(call.subagent?.slice(1)), 'From bbb.')
  assert.equal(value.fidelity['unmatched-sidechain-record'], 2)

  await writeFile(join(folder, id, 'subagents', 'agent-bbb.meta.json'), JSON.stringify({toolUseId: 'toolu_one'}))
  await writeFile(join(folder, id, 'subagents', 'agent-aaa.meta.json'), '{}')
  const byMeta = await only(join(folder, `${id}.jsonl`), {subagents: true})
  assert.equal(firstText(calls(byMeta.turns)[0]!.subagent?.slice(1)), 'From bbb.')
})

test('a transcript named by toolUseResult.agentId wins over one with the same prompt', async () => {
  const id = '33333333-0000-4000-8000-000000000003'
  const folder = await project({
    [`${id}.jsonl`]: sessionWithCall('toolu_one', 'Same prompt.', {toolUseResult: {agentId: 'bbb'}}),
    [`${id}/subagents/agent-aaa.jsonl`]: transcript('aaa', 'Same prompt.', 'From aaa.'),
    [`${id}/subagents/agent-bbb.jsonl`]: transcript('bbb', 'Same prompt.', 'From bbb.')
  })
  const value = await only(join(folder, `${id}.jsonl`), {subagents: true})
  assert.equal(firstText(calls(value.turns)[0]!.subagent?.slice(1)), 'From bbb.')
})

test("a transcript's problems are messages naming it, and it never joins the session's thread", async () => {
  const id = '44444444-0000-4000-8000-000000000004'
  const folder = await project({
    [`${id}.jsonl`]: sessionWithCall('toolu_one', 'Look.', {toolUseResult: {agentId: 'aaa'}}),
    // Not marked as a sidechain, with a later timestamp: still the subagent's, never the session's newest leaf.
    [`${id}/subagents/agent-aaa.jsonl`]: `${jsonl(
      {...user('x-u1', null, 'Look.'), agentId: 'aaa', timestamp: '2030-01-01T00:00:00.000Z'},
      {type: 'mystery-record', sessionId: envelope.sessionId}
    )}{not json\n`
  })
  const {conversations, file} = await readPath(join(folder, `${id}.jsonl`), {subagents: true})
  assert.equal(conversations.length, 1)
  const value = conversations[0]!
  assert.equal(firstText(value.turns.slice(-1)), 'Done.')
  assert.equal(firstText(calls(value.turns)[0]?.subagent), 'Look.')
  const messages = file.messages.map((message) => message.reason)
  assert.ok(
    messages.some((reason) => /\/subagents\/agent-aaa\.jsonl: Line 3 is not valid JSON/.test(reason)),
    messages.join('\n')
  )
  assert.ok(messages.some((reason) => reason.includes('mystery-record')))
  assert.equal(value.fidelity['malformed-line'], 1)
})

test('a session read from a string, or without subagents, reads no transcript file', async () => {
  const text = await readFile(join(folderCase, 'input.jsonl'), 'utf8')
  const {conversations} = await createNormalizer({formats: [claude()]}).normalize(inputFromString(text), {
    formatOptions: {subagents: true}
  })
  assert.ok(calls(conversations[0]!.turns).every((call) => call.subagent === undefined))
})

test('a subagent transcript read on its own says whose it is', async () => {
  const value = await only(join(folderCase, folderSession, 'subagents', 'agent-ac1551aa8ec0803de.jsonl'), {
    subagents: true
  })
  assert.equal(value.id, `${folderSession}:agent-ac1551aa8ec0803de`)
  assert.deepEqual(
    {
      kind: value.metadata.extra?.['kind'],
      agent: value.metadata.extra?.['agent_id'],
      parent: value.metadata.parent
    },
    {kind: 'subagent', agent: 'ac1551aa8ec0803de', parent: {id: folderSession, relation: 'subagent'}}
  )
  assert.equal(firstText(value.turns), 'Please read notes.txt and tell me what is in it.')
})
