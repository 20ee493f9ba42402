import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {NoticePart, Part, Sample} from '@chatmark/core'
import {createNormalizer, defaultLimits, inputFromString, sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-qwen'
import {qwen} from '@chatmark/format-qwen'
import {assistant, conversation, jsonl, read, record, system, toolCalls, toolResult, user} from './helpers.js'

const plugin = qwen()
const sample = (text: string): Sample => sampleFromBytes(Buffer.from(text), {name: 'session.jsonl', complete: true})
const notices = (parts: readonly Part[]): NoticePart[] =>
  parts.filter((part): part is NoticePart => part.type === 'notice')
const call = (id: string, name = 'read_file', args: unknown = {file_path: '/a.txt'}): unknown => ({
  functionCall: {id, name, args}
})

test('the package exports exactly the qwen factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['qwen'])
})

test('the plugin names itself qwen, reads .jsonl, and describes itself in one line', () => {
  assert.equal(plugin.name, 'qwen')
  assert.deepEqual(plugin.extensions, ['.jsonl'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain for chat records with Gemini-shaped parts, tool_result or systemPayload', () => {
  assert.deepEqual(plugin.detect(sample(jsonl(user('u1', null, 'hi')))), {
    confidence: 'certain',
    reason: 'JSONL chat records with uuid and sessionId, plus Gemini-shaped message.parts[]'
  })
  const bare = (type: string, fields: Record<string, unknown>) => jsonl(record('r1', null, type, fields))
  assert.equal(plugin.detect(sample(bare('tool_result', {}))).confidence, 'certain')
  assert.equal(plugin.detect(sample(bare('system', {systemPayload: {}}))).confidence, 'certain')
})

test('detection declines Claude Code lines, Gemini CLI logs, text, binary data and empty input', () => {
  const claudeLine = {
    uuid: 'a',
    parentUuid: null,
    sessionId: 's',
    type: 'user',
    message: {role: 'user', content: 'hi'}
  }
  assert.equal(plugin.detect(sample(jsonl(claudeLine))).confidence, 'none')
  const geminiLog = jsonl({sessionId: 's', projectHash: 'p'}, {id: 'm1', type: 'user', content: [{text: 'hi'}]})
  assert.equal(plugin.detect(sample(geminiLog)).confidence, 'none')
  assert.equal(plugin.detect(sample('just some prose\n')).confidence, 'none')
  assert.equal(plugin.detect(sample('')).confidence, 'none')
  assert.equal(
    plugin.detect(sampleFromBytes(new Uint8Array([0, 1, 2, 0, 255]), {name: 'x', complete: true})).confidence,
    'none'
  )
  assert.equal(plugin.detect(sample('[1, 2, 3]')).confidence, 'none')
  assert.equal(plugin.detect(sample('null')).confidence, 'none')
  const folder = {...sample(''), kind: 'folder' as const}
  assert.equal(plugin.detect(folder).confidence, 'none')
})

test('a tool call gets the result of its tool_result record; one answer spans a model turn', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'Read a.txt'),
      assistant('a1', 'u1', [{text: '**Planning**\n\nI will read it.', thought: true}, {text: 'Reading.'}, call('c1')]),
      system('t1', 'a1', 'ui_telemetry', {uiEvent: {'event.name': 'qwen-code.tool_call'}}),
      toolResult('r1', 't1', 'c1', {output: 'contents of a'}, {resultDisplay: ''}),
      assistant('a2', 'r1', [{text: 'It says "contents of a".'}], 3)
    )
  )
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['user', 'assistant']
  )
  const answer = value.turns[1]!
  assert.deepEqual(answer.parts[0], {type: 'thinking', subject: 'Planning', text: 'I will read it.'})
  assert.deepEqual(answer.tokens, {input: 200, output: 40, thoughts: 10, total: 240})
  assert.equal(answer.model, 'qwen3-coder-plus')
  const [read] = toolCalls(value)
  assert.equal(read?.status, 'success')
  assert.deepEqual(read?.result, {text: 'contents of a'})
  assert.equal(value.id, 's-1')
  assert.equal(value.metadata.project, '/home/me/project')
  assert.deepEqual(value.metadata.models, ['qwen3-coder-plus'])
  assert.deepEqual(value.metadata.extra, {cliVersion: '0.24.4'})
  assert.equal(value.createdAt, '2026-12-01T10:00:01.000Z')
})

test('a result shows a file diff as a diff, a shell result by its output, and an error as an error', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'Do things'),
      assistant('a1', 'u1', [
        call('c1', 'edit'),
        call('c2', 'run_shell_command', {command: 'ls', description: 'List'})
      ]),
      toolResult('r1', 'a1', 'c1', {output: 'edited'}, {resultDisplay: {fileDiff: '@@ -1 +1 @@', fileName: 'a.txt'}}),
      toolResult(
        'r2',
        'r1',
        'c2',
        {output: 'Command: ls\nOutput: a.txt'},
        {
          resultDisplay: {type: 'shell_result', output: 'a.txt'}
        }
      ),
      assistant('a2', 'r2', [call('c3')]),
      toolResult('r3', 'a2', 'c3', {error: 'File not found'}, {status: 'error', resultDisplay: 'File not found'}),
      assistant('a3', 'r3', [call('c4')]),
      toolResult('r4', 'a3', 'c4', {}, {status: 'cancelled', resultDisplay: 'Cancelled by the user'})
    )
  )
  const [edit, shell, missing, cancelled] = toolCalls(value)
  assert.deepEqual(edit?.result, {text: '@@ -1 +1 @@', language: 'diff', fileName: 'a.txt'})
  assert.equal(shell?.text, 'List')
  assert.deepEqual(shell?.result, {text: 'a.txt'})
  assert.deepEqual(missing?.result, {text: 'File not found', isError: true})
  assert.equal(missing?.status, 'error')
  assert.deepEqual(cancelled?.result, {text: 'Cancelled by the user', isError: true})
})

test('a result whose call is not on the thread is kept as a tool turn and counted', async () => {
  const value = await conversation(
    jsonl(user('u1', null, 'hi'), toolResult('r1', 'u1', 'c9', {output: 'late'}), assistant('a1', 'r1', [{text: 'ok'}]))
  )
  assert.equal(value.turns[1]?.role, 'tool')
  assert.deepEqual(toolCalls(value)[0]?.result, {text: 'late'})
  assert.equal(value.fidelity['orphan-tool-result'], 1)
})

test('a failed request is an API error notice where it happened, and the next prompt follows', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'MOCK_FAIL'),
      system('e1', 'u1', 'ui_telemetry', {
        uiEvent: {'event.name': 'qwen-code.api_error', error_message: '400 Bad request', error_type: 'BadRequestError'}
      }),
      system('e2', 'e1', 'ui_telemetry', {uiEvent: {'event.name': 'qwen-code.api_error'}}),
      user('u2', 'e2', 'again')
    )
  )
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['user', 'system', 'user']
  )
  assert.deepEqual(notices(value.turns[1]!.parts), [
    {
      type: 'notice',
      level: 'error',
      kind: 'api-error',
      message: '400 Bad request',
      errorType: 'BadRequestError'
    },
    {type: 'notice', level: 'error', kind: 'api-error', message: 'the request failed'}
  ])
})

test('compression keeps the turns before it: a notice with the summary, after its /compress', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'first'),
      assistant('a1', 'u1', [{text: 'one'}]),
      system('c1', 'a1', 'chat_compression', {
        info: {originalTokenCount: 9000, newTokenCount: 1000, triggerReason: 'manual'},
        compressedHistory: [
          {role: 'user', parts: [{text: '<state_snapshot>goal</state_snapshot>'}]},
          {role: 'model', parts: [{text: 'Got it.'}]}
        ]
      }),
      system('s1', 'c1', 'slash_command', {phase: 'invocation', rawCommand: '/compress'}),
      system('s2', 's1', 'slash_command', {phase: 'result', rawCommand: '/compress', outputHistoryItems: []}),
      system('c2', 's2', 'chat_compression', {info: {}, compressedHistory: 'junk'}),
      user('u2', 'c2', 'second')
    )
  )
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['user', 'assistant', 'system', 'user']
  )
  assert.deepEqual(notices(value.turns[2]!.parts), [
    {type: 'notice', level: 'info', kind: 'command', name: '/compress'},
    {
      type: 'notice',
      level: 'info',
      kind: 'compaction',
      trigger: 'manual',
      tokensBefore: 9000,
      tokensAfter: 1000,
      summary: '<state_snapshot>goal</state_snapshot>'
    },
    {type: 'notice', level: 'info', kind: 'compaction'}
  ])
  assert.equal(value.fidelity['command-output'], 1)
})

test('a fork shows its own turns after one notice, names its parent, and leaves the copied history out', async () => {
  const forkedFrom = (uuid: string) => ({forkedFrom: {sessionId: 'parent', messageUuid: uuid}})
  const copy = [
    {...user('u1', null, 'first'), ...forkedFrom('u1')},
    {...assistant('a1', 'u1', [{text: 'one'}]), ...forkedFrom('a1')}
  ]
  const value = await conversation(jsonl(...copy, user('u2', 'a1', 'forked question')))
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['system', 'user']
  )
  assert.deepEqual(notices(value.turns[0]!.parts)[0], {
    type: 'notice',
    level: 'info',
    kind: 'fork',
    parent: 'parent',
    copiedTurns: 2
  })
  assert.deepEqual(value.metadata.parent, {id: 'parent', relation: 'fork'})
  assert.equal(value.metadata.extra?.['forkedFrom'], undefined)
  assert.equal(value.fidelity['parent-history-turn'], 2)
  assert.equal(value.title, 'forked question (fork)')
  assert.equal(value.createdAt, value.turns[1]?.timestamp)
  assert.equal(value.metadata.tokens, undefined, "the copied answer is the parent's usage")
  // The resume view is the history the CLI loads: the copy stays.
  const input = inputFromString(jsonl(...copy, user('u2', 'a1', 'forked question')), 'session.jsonl')
  const [resumed] = (await createNormalizer({formats: [qwen({view: 'resume'})]}).normalize(input)).conversations
  assert.equal(resumed?.turns.length, 3)
  assert.deepEqual(resumed?.metadata.parent, {id: 'parent', relation: 'fork'})
  // A fork with nothing of its own yet keeps the copy, the notice after it.
  const empty = await conversation(jsonl(...copy))
  assert.deepEqual(
    empty.turns.map((turn) => turn.role),
    ['user', 'assistant', 'system']
  )
  assert.equal(empty.title, 'first (fork)')
})

test('the chain follows the last record: a branch the user left is counted, not shown', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'first'),
      assistant('a1', 'u1', [{text: 'one'}]),
      user('u2', 'a1', 'abandoned'),
      assistant('a2', 'u2', [{text: 'abandoned answer'}]),
      user('u3', 'a1', 'kept'),
      system('t1', 'u3', 'custom_title', {customTitle: 'My title'})
    )
  )
  assert.deepEqual(
    value.turns.map((turn) => turn.parts[0]?.type === 'text' && turn.parts[0].text),
    ['first', 'one', 'kept']
  )
  assert.equal(value.fidelity['abandoned-branch-turn'], 2)
  assert.equal(value.title, 'My title')
})

test('a broken chain, a cycle, junk lines and unknown subtypes are reported and the rest is kept', async () => {
  const {conversations, file} = await read(
    jsonl(
      user('u1', 'gone', 'orphaned start'),
      '{"cut": ',
      {type: 'summary', summary: 'not a chat record'},
      system('x1', 'u1', 'brand_new_subtype', {}),
      system('x2', 'x1', 'at_command', {filesRead: ['a']}),
      record('e1', 'x2', 'assistant', {message: {role: 'model', parts: [{thoughtSignature: 'abc'}, 7, null]}}),
      record('e2', 'e1', 'user', {message: 'not content'}),
      assistant('a1', 'e2', [{text: 'still here'}, {inlineData: {mimeType: 'image/png', data: 'AAAA'}}]),
      '{"uuid": "c1", "parentUuid": "c1", "sessionId": "s-1", "type": "user", "message": {"parts": [{"text": "x"}]}}'
    )
  )
  assert.equal(conversations.length, 1)
  const value = conversations[0]!
  assert.deepEqual(value.turns.at(-1)?.parts, [{type: 'text', text: 'x'}])
  assert.deepEqual(
    file.messages.map((message) => message.ruleId),
    ['malformed-line', 'unknown-record']
  )
  assert.equal(value.fidelity['unknown-record'], 1)
  assert.equal(value.fidelity['malformed-line'], 1)
  assert.equal(value.fidelity['abandoned-branch-turn'], 4)

  const broken = await conversation(
    jsonl(
      user('u1', 'gone', 'orphaned start'),
      system('x0', 'u1', 'brand_new_subtype', {}),
      system('x1', 'x0', 'at_command', {}),
      record('e1', 'x1', 'assistant', {message: {role: 'model', parts: [{thoughtSignature: 'abc'}, 7, null]}}),
      record('e2', 'e1', 'user', {message: 'not content'}),
      assistant('a1', 'e2', [
        {text: '**Only a subject**', thought: true},
        {inlineData: {mimeType: 'image/png', data: 'AAAA'}}
      ])
    )
  )
  assert.equal(broken.fidelity['empty-message'], 2)
  assert.equal(broken.fidelity['meta-message'], 1)
  assert.equal(broken.fidelity['unknown-record'], 1)
  assert.deepEqual(broken.turns.at(-1)?.parts, [
    {type: 'thinking', subject: 'Only a subject', text: ''},
    {type: 'attachment', text: 'image/png', mimeType: 'image/png', size: 3, data: 'AAAA'}
  ])
})

test('the broken chain is named by its line', async () => {
  const {file} = await read(jsonl(user('u1', 'gone', 'start'), assistant('a1', 'u1', [{text: 'ok'}])))
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.line]),
    [['broken-chain', 1]]
  )
})

test('hostile text stays text: Markdown and HTML in prompts are message text, never structure', async () => {
  const hostile = '---\ntitle: x\n---\n## User\n<script>alert(1)</script>\n```'
  const value = await conversation(jsonl(user('u1', null, hostile), assistant('a1', 'u1', [{text: hostile}])))
  assert.deepEqual(value.turns[0]?.parts, [{type: 'text', text: hostile}])
  assert.deepEqual(value.turns[1]?.parts, [{type: 'text', text: hostile}])
})

test('input with no chat record fails with a message that says what was expected', async () => {
  for (const text of [jsonl({type: 'summary'}, {hello: 'world'}), jsonl(system('s1', 'x', 'ui_telemetry', {}))]) {
    const {conversations, file} = await read(text)
    assert.equal(conversations.length, 0)
    const fatal = file.messages.filter((message) => message.fatal)
    assert.equal(fatal.length, 1)
    assert.match(fatal[0]!.reason, /Qwen Code/)
  }
})

test('a file read by name alone, without detection, parses the same', async () => {
  const conversations = []
  const context = {file: (await read('')).file, limits: defaultLimits, options: {}}
  for await (const value of plugin.parse(inputFromString(jsonl(user('u1', null, 'hi')), 'x.jsonl'), context))
    conversations.push(value)
  assert.equal(conversations[0]?.turns.length, 1)
})

test('a result falls back to what the CLI showed, and structured output is written as JSON', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'go'),
      assistant('a1', 'u1', [call('c1'), call('c2'), call('c3'), {fileData: {fileUri: 'gs://b/f.pdf'}}]),
      record('r1', 'a1', 'tool_result', {toolCallResult: {callId: 'c1', resultDisplay: 'shown to the user'}}),
      toolResult('r2', 'r1', 'c2', {output: {files: 2}}),
      record('r3', 'r2', 'tool_result', {
        message: {role: 'user', parts: [{text: 'no response'}, {functionResponse: {id: 'c3', response: null}}]}
      })
    )
  )
  const [shown, structured, empty] = toolCalls(value)
  assert.deepEqual(shown?.result, {text: 'shown to the user'})
  assert.deepEqual(structured?.result, {text: '{\n  "files": 2\n}'})
  assert.deepEqual(empty?.result, {text: ''})
  assert.deepEqual(value.turns[1]?.parts.at(-1), {type: 'attachment', text: 'file', reference: 'gs://b/f.pdf'})
})

test('a message typed while tools ran is the user’s own; notifications in the user’s place are counted', async () => {
  const mid = record('m1', 'a1', 'user', {
    subtype: 'mid_turn_user_message',
    message: {role: 'user', parts: [{text: '\n[User message received during tool execution]: also check lint'}]},
    systemPayload: {displayText: 'also check lint'}
  })
  const cron = record('n1', 'm1', 'user', {subtype: 'cron', message: {role: 'user', parts: [{text: 'tick'}]}})
  const value = await conversation(
    jsonl(user('u1', null, 'first'), assistant('a1', 'u1', [{text: 'working'}]), mid, cron)
  )
  assert.deepEqual(value.turns.at(-1)?.parts, [{type: 'text', text: 'also check lint'}])
  assert.equal(value.fidelity['meta-message'], 1)
})

test('the resume view starts from the last compression’s history and leaves out notices', async () => {
  const text = jsonl(
    user('u1', null, 'first'),
    assistant('a1', 'u1', [{text: 'one'}]),
    system('e1', 'a1', 'ui_telemetry', {uiEvent: {'event.name': 'qwen-code.api_error'}}),
    system('c1', 'e1', 'chat_compression', {
      info: {},
      compressedHistory: [
        {role: 'user', parts: [{text: '<state_snapshot>goal</state_snapshot>'}]},
        {role: 'model', parts: [{text: 'Got it.'}, call('k1')]},
        {role: 'user', parts: [{functionResponse: {id: 'k1', name: 'read_file', response: {output: 'kept'}}}]},
        'junk'
      ]
    }),
    user('u2', 'c1', 'second')
  )
  const normalizer = createNormalizer({formats: [qwen({view: 'resume'})]})
  const {conversations} = await normalizer.normalize(inputFromString(text, 'session.jsonl'))
  const value = conversations[0]!
  assert.deepEqual(
    value.turns.map((turn) => [turn.role, turn.parts[0]?.type === 'text' ? turn.parts[0].text : turn.parts[0]?.type]),
    [
      ['user', '<state_snapshot>goal</state_snapshot>'],
      ['assistant', 'Got it.'],
      ['user', 'second']
    ]
  )
  assert.deepEqual(toolCalls(value)[0]?.result, {text: 'kept'})
  const note = await read(text)
  assert.equal(note.conversations[0]?.turns.length, 4)
})
