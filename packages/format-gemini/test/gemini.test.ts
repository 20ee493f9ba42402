import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import type {Conversation, NoticePart, Part, Sample, ToolCallPart, Turn} from '@chatmark/core'
import {
  createNormalizer,
  defaultLimits,
  inputFromPath,
  inputFromString,
  noticeWords,
  sampleFromBytes
} from '@chatmark/core'
import * as api from '@chatmark/format-gemini'
import {gemini} from '@chatmark/format-gemini'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const corpus = join(root, 'fixtures/corpus/gemini-cli')
const fixture = (name: string): string => join(root, 'packages/format-gemini/fixtures', name)
const plugin = gemini()

const header = {
  sessionId: 's-1',
  projectHash: 'p-1',
  startTime: '2026-05-01T10:00:00.000Z',
  lastUpdated: '2026-05-01T10:00:00.000Z',
  kind: 'main'
}
const say = (id: string, text: string, type = 'user'): Record<string, unknown> => ({
  id,
  timestamp: '2026-05-01T10:00:01.000Z',
  type,
  content: type === 'user' ? [{text}] : text
})
const jsonl = (...lines: unknown[]): string =>
  `${lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n')}\n`

function sample(text: string, complete = true): Sample {
  return sampleFromBytes(Buffer.from(text), {name: 'session.jsonl', complete})
}

async function read(text: string, options: {view?: string; name?: string; format?: boolean} = {}) {
  const normalizer = createNormalizer({formats: [gemini()]})
  const input = inputFromString(text, options.name ?? 'session.jsonl')
  return normalizer.normalize(input, {
    ...(options.format ? {format: 'gemini'} : {}),
    formatOptions: options.view ? {view: options.view} : {}
  })
}

async function conversation(
  text: string,
  options: {view?: string; name?: string; format?: boolean} = {}
): Promise<Conversation> {
  const {conversations, file} = await read(text, options)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  assert.equal(conversations.length, 1)
  return conversations[0]!
}

const texts = (turn: Turn | undefined): string[] =>
  (turn?.parts ?? []).flatMap((part) => ('text' in part && part.type === 'text' ? [part.text] : []))
const turnIds = (value: Conversation): Array<string | undefined> => value.turns.map((turn) => turn.id)
const notices = (value: Conversation): NoticePart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is NoticePart => part.type === 'notice'))
const toolCalls = (value: Conversation): ToolCallPart[] =>
  value.turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))

test('the package exports exactly the gemini factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['gemini'])
})

test('the plugin names itself gemini, reads .json and .jsonl, and describes itself in one line', () => {
  assert.equal(plugin.name, 'gemini')
  assert.deepEqual(plugin.extensions, ['.json', '.jsonl'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain for a legacy JSON session and likely without projectHash', () => {
  const legacy = JSON.stringify({...header, messages: [say('m1', 'hi')]}, null, 2)
  assert.deepEqual(plugin.detect(sample(legacy)), {
    confidence: 'certain',
    reason: 'top-level sessionId, projectHash and messages[]',
    variant: 'gemini-json'
  })
  const bare = JSON.stringify({sessionId: 'x', messages: []}, null, 2)
  assert.equal(plugin.detect(sample(bare)).confidence, 'likely')
})

test('detection reads the partial head of a large legacy JSON file', () => {
  const big = JSON.stringify(
    {...header, messages: Array.from({length: 800}, (_, index) => say(`m${index}`, 'x'.repeat(200)))},
    null,
    2
  )
  const head = Buffer.from(big).subarray(0, defaultLimits.sampleBytes)
  const verdict = plugin.detect(sampleFromBytes(head, {name: 'session.json', complete: false, size: big.length}))
  assert.equal(verdict.confidence, 'certain')
  assert.equal(verdict.variant, 'gemini-json')
})

test('detection is certain for a JSONL header, a $set line or a $rewindTo line', () => {
  assert.deepEqual(plugin.detect(sample(jsonl(header, say('m1', 'hi')))), {
    confidence: 'certain',
    reason: 'JSONL header with sessionId and projectHash',
    variant: 'gemini-jsonl'
  })
  assert.equal(plugin.detect(sample(jsonl(say('m1', 'hi'), {$set: {lastUpdated: 'x'}}))).confidence, 'certain')
  assert.equal(plugin.detect(sample(jsonl(say('m1', 'hi'), {$rewindTo: 'm1'}))).confidence, 'certain')
})

test('detection is likely for message lines alone', () => {
  const verdict = plugin.detect(sample(jsonl(say('m1', 'hi'), say('m2', 'hello', 'gemini'))))
  assert.equal(verdict.confidence, 'likely')
  assert.equal(verdict.variant, 'gemini-jsonl')
})

test('detection never claims Claude Code or Codex JSONL', () => {
  const claude = {
    parentUuid: null,
    isSidechain: false,
    sessionId: 'abc',
    uuid: 'u1',
    type: 'user',
    timestamp: '2025-01-01T00:00:00Z',
    message: {role: 'user', content: 'hi'}
  }
  assert.equal(plugin.detect(sample(jsonl(claude, {...claude, uuid: 'u2', type: 'assistant'}))).confidence, 'none')
  const codex = {timestamp: '2025-01-01T00:00:00Z', type: 'session_meta', payload: {id: 'x'}}
  assert.equal(plugin.detect(sample(jsonl(codex))).confidence, 'none')
})

test('detection declines other input with a reason naming what it saw', () => {
  assert.deepEqual(plugin.detect(sample('{"hello": 1}')), {
    confidence: 'none',
    reason: 'JSON object without sessionId and messages[]'
  })
  assert.match(plugin.detect(sample('[1, 2]')).reason, /JSON array/)
  assert.match(plugin.detect(sample('just some prose\n')).reason, /not JSON/)
  assert.equal(plugin.detect(sample('')).confidence, 'none')
  assert.equal(plugin.detect(sample(jsonl({a: 1}, {b: 2}))).confidence, 'none')
})

test('every corpus file is detected and read as gemini', async () => {
  const files = (await readdir(corpus)).filter((name) => /\.jsonl?$/.test(name))
  assert.ok(files.length >= 2)
  for (const name of files) {
    const normalizer = createNormalizer({formats: [gemini()]})
    const result = await normalizer.normalize(await inputFromPath(join(corpus, name)))
    assert.equal(result.detection.format, 'gemini', name)
    assert.deepEqual(result.file.messages.map(String), [], name)
    const [only] = result.conversations
    assert.ok(only && only.turns.length >= 2, name)
    assert.ok(
      only.turns.some((turn) => turn.role === 'user') && only.turns.some((turn) => turn.role === 'assistant'),
      name
    )
  }
})

test('a rewind removes the target message and every later one', async () => {
  const value = await conversation(
    jsonl(
      header,
      say('a', 'one'),
      say('b', 'reply', 'gemini'),
      say('c', 'two'),
      say('d', 'reply 2', 'gemini'),
      {$rewindTo: 'c'},
      say('e', 'three')
    )
  )
  assert.deepEqual(turnIds(value), ['a', 'b', 'e'])
  assert.equal(value.fidelity['rewound-turn'], 2)
})

test('a rewind to an unknown id clears the loader view, and the note keeps its turns with a warning', async () => {
  const text = jsonl(header, say('a', 'one'), say('b', 'reply', 'gemini'), {$rewindTo: 'nowhere'}, say('c', 'two'))
  assert.deepEqual(turnIds(await conversation(text, {view: 'resume'})), ['c'])
  const {conversations, file} = await read(text)
  assert.deepEqual(turnIds(conversations[0]!), ['a', 'b', 'c'])
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId]),
    [[4, 'unknown-rewind-target']]
  )
})

test('a re-appended id keeps its first position and takes its last content', async () => {
  const value = await conversation(
    jsonl(header, say('a', 'one'), say('b', 'draft', 'gemini'), say('c', 'two'), say('b', 'final', 'gemini'))
  )
  assert.deepEqual(turnIds(value), ['a', 'b', 'c'])
  assert.deepEqual(texts(value.turns[1]), ['final'])
})

test('$set lines merge into the metadata, later keys winning', async () => {
  const value = await conversation(
    jsonl(
      header,
      say('a', 'one'),
      {$set: {summary: 'First title'}},
      {$set: {summary: 'Better title', lastUpdated: '2026-05-01T11:00:00.000Z'}}
    )
  )
  assert.equal(value.title, 'Better title')
  assert.equal(value.updatedAt, '2026-05-01T11:00:00.000Z')
  assert.equal(value.createdAt, '2026-05-01T10:00:00.000Z')
  assert.equal(value.id, 's-1')
  assert.equal(value.metadata.project, undefined, 'a hash is no project')
  assert.equal(value.metadata.extra?.['projectHash'], 'p-1')
})

test('a $set.messages checkpoint replaces the loader list', async () => {
  const text = jsonl(
    header,
    say('a', 'one'),
    say('b', 'reply', 'gemini'),
    {$set: {messages: [say('a', 'one')]}},
    say('c', 'two')
  )
  assert.deepEqual(turnIds(await conversation(text, {view: 'resume'})), ['a', 'c'])
  // The note keeps the turn the checkpoint rolled back.
  assert.deepEqual(turnIds(await conversation(text)), ['a', 'b', 'c'])
})

test('a header line with messages loads them, like a whole legacy record on one line', async () => {
  const value = await conversation(
    jsonl({...header, messages: [say('a', 'one'), say('b', 'reply', 'gemini')]}, say('c', 'two'))
  )
  assert.deepEqual(turnIds(value), ['a', 'b', 'c'])
})

test('a pretty-printed JSON session is read whole, as the loader’s fallback does', async () => {
  const text = JSON.stringify(
    {...header, summary: 'Pretty', messages: [say('a', 'one'), say('b', 'reply', 'gemini')]},
    null,
    2
  )
  for (const format of [false, true]) {
    const {conversations, file} = await read(text, {name: 'session.json', format})
    assert.deepEqual(file.messages.map(String), [])
    assert.equal(conversations[0]?.source.variant, 'gemini-json')
    assert.deepEqual(turnIds(conversations[0]!), ['a', 'b'])
  }
})

test('compression keeps every turn already said and adds one notice with the summary', async () => {
  const text = jsonl(
    header,
    say('a', 'first question'),
    say('b', 'first answer', 'gemini'),
    say('c', 'second question'),
    say('d', 'second answer', 'gemini'),
    {$set: {sessionId: 's-1'}},
    {
      $set: {
        messages: [
          say('n1', '<state_snapshot>goal: demo</state_snapshot>'),
          say('n2', 'Got it. Thanks for the additional context!', 'gemini'),
          say('n3', 'second question'),
          say('n4', 'second answer', 'gemini')
        ]
      }
    },
    say('e', 'third question')
  )
  const value = await conversation(text)
  assert.deepEqual(turnIds(value), ['a', 'b', 'c', 'd', undefined, 'e'])
  const [notice] = notices(value)
  assert.deepEqual(notice, {
    type: 'notice',
    level: 'info',
    kind: 'compaction',
    summary: '<state_snapshot>goal: demo</state_snapshot>'
  })
  assert.ok(
    !value.turns.some((turn) => turn.role === 'user' && texts(turn).some((line) => line.includes('state_snapshot')))
  )

  // The model's view starts at the summary, shown as the same notice.
  const resumed = await conversation(text, {view: 'resume'})
  assert.deepEqual(turnIds(resumed), [undefined, 'n3', 'n4', 'e'])
  assert.equal(notices(resumed)[0]?.kind, 'compaction')
})

test('a resume checkpoint that re-states history adds no turns and no notice', async () => {
  const value = await conversation(await readFile(fixture('resume/input.jsonl'), 'utf8'))
  assert.deepEqual(
    value.turns.filter((turn) => turn.role === 'user').map((turn) => texts(turn)[0]),
    [
      'Hi! Briefly, what can you help me with in this project?',
      'Please list the files in this folder.',
      'Now read notes.txt and tell me what is in it.',
      'MOCK_FAIL: this request makes the mock server answer HTTP 400.',
      'Thanks, that is all for now.'
    ]
  )
  assert.deepEqual(notices(value), [])
  assert.equal(value.metadata.extra?.['resumes'], 4)
  // Every resume re-appends a header with a new startTime; the session started with the first.
  assert.equal(value.createdAt, '2026-11-30T06:14:18.892Z')
  assert.equal(toolCalls(value).length, 2)
})

test('a rewind to an id known only from a checkpoint removes that turn and the later ones', async () => {
  const value = await conversation(await readFile(fixture('compress-rewind/input.jsonl'), 'utf8'))
  const users = value.turns.filter((turn) => turn.role === 'user').map((turn) => texts(turn)[0])
  assert.deepEqual(users, [
    'Good morning. Give me a one-line summary of this folder.',
    'Please list the files in this folder.',
    'Summarize @notes.txt please',
    'One more plain question: what is two plus two',
    'Final turn after the second rewind.'
  ])
  assert.deepEqual(
    notices(value).map((notice) => notice.kind),
    ['compaction']
  )
  assert.match(noticeWords(notices(value)[0]!).details?.text ?? '', /^<state_snapshot>/)
  // The shell-mode message, MOCK_FAIL, its error and info, and the turn pair undone by the second rewind.
  assert.equal(value.fidelity['rewound-turn'], 6)
})

test('view: resume gives exactly the messages the CLI loader returns', async () => {
  const value = await conversation(await readFile(fixture('compress-rewind/input.jsonl'), 'utf8'), {view: 'resume'})
  // The replayed list from the real CLI's loader: summary, acknowledgement, 4673cfd8, e1490971, f9586645, 4dfa0b01.
  assert.deepEqual(
    turnIds(value).map((id) => id?.slice(0, 8)),
    [undefined, '4673cfd8', 'e1490971', 'f9586645', '4dfa0b01']
  )
  assert.equal(notices(value)[0]?.kind, 'compaction')
})

test('the factory option sets the default view', async () => {
  const normalizer = createNormalizer({formats: [gemini({view: 'resume'})]})
  const text = jsonl(header, say('a', 'one'), say('b', 'two'), {$set: {messages: [say('b', 'two')]}})
  const {conversations} = await normalizer.normalize(inputFromString(text, 'x.jsonl'))
  assert.deepEqual(turnIds(conversations[0]!), ['b'])
})

test('content is read in every shape: string, one Part, strings and Parts, thoughts, media and code', async () => {
  const value = await conversation(
    jsonl(
      header,
      {id: 'a', timestamp: 't', type: 'user', content: 'plain string'},
      {id: 'b', timestamp: 't', type: 'user', content: {text: 'one part'}},
      {
        id: 'c',
        timestamp: 't',
        type: 'user',
        content: [
          'two ',
          {text: 'pieces'},
          {inlineData: {mimeType: 'image/png', data: 'AAAAAAAA'}},
          {fileData: {mimeType: 'application/pdf', fileUri: 'gs://b/f.pdf'}}
        ]
      },
      {
        id: 'd',
        timestamp: 't',
        type: 'gemini',
        content: [
          {text: '**Plan** think first', thought: true},
          {executableCode: {language: 'PYTHON', code: 'print(1)'}},
          {codeExecutionResult: {outcome: 'OUTCOME_OK', output: '1\n'}},
          {codeExecutionResult: {}},
          {text: 'done'}
        ]
      }
    )
  )
  assert.deepEqual(texts(value.turns[0]), ['plain string'])
  assert.deepEqual(texts(value.turns[1]), ['one part'])
  const mixed = value.turns[2]!.parts
  assert.deepEqual(mixed[0], {type: 'text', text: 'two pieces'})
  assert.deepEqual(mixed[1], {
    type: 'attachment',
    text: 'image/png, 6 B',
    mimeType: 'image/png',
    size: 6,
    data: 'AAAAAAAA'
  })
  assert.deepEqual(mixed[2], {
    type: 'attachment',
    text: 'application/pdf',
    mimeType: 'application/pdf',
    reference: 'gs://b/f.pdf'
  })
  const model: Part[] = value.turns[3]!.parts
  assert.deepEqual(model[0], {type: 'thinking', text: 'think first', subject: 'Plan'})
  assert.deepEqual(model[1], {type: 'code', text: 'print(1)', language: 'python'})
  assert.deepEqual(model[2], {type: 'code', text: '1\n', language: 'text', execution: {outcome: 'OUTCOME_OK'}})
  assert.deepEqual(model[3], {type: 'code', text: '', language: 'text', execution: {}})
  assert.deepEqual(model[4], {type: 'text', text: 'done'})
  assert.equal(value.turns[3]?.author, 'gemini')
  assert.deepEqual(
    value.participants.map((participant) => [participant.id, participant.name, participant.kind]),
    [
      ['user', 'User', 'human'],
      ['gemini', 'Gemini', 'model']
    ]
  )
})

test('displayContent is shown for user text, and injected context and empty messages are not', async () => {
  const value = await conversation(
    jsonl(
      header,
      {$set: {messages: [say('ctx', '<session_context>\nOS: linux\n</session_context>')]}},
      {
        id: 'a',
        timestamp: 't',
        type: 'user',
        content: [{text: 'Read @a.txt'}, {text: '\nContent from @a.txt:\nsecret'}],
        displayContent: [{text: 'Read @a.txt'}]
      },
      say('h', '<hook_context>branch</hook_context>'),
      say('e', ''),
      say('s', '/compress')
    )
  )
  assert.deepEqual(texts(value.turns[0]), ['Read @a.txt'])
  assert.deepEqual(value.fidelity, {'injected-context': 2, 'empty-message': 1})
  assert.deepEqual(value.turns[1]?.parts, [{type: 'notice', level: 'info', kind: 'command', name: '/compress'}])
})

test('info, warning and error messages become notices at their level', async () => {
  const value = await conversation(
    jsonl(header, say('i', 'note', 'info'), say('w', 'careful', 'warning'), say('x', 'failed', 'error'))
  )
  assert.deepEqual(
    value.turns.map((turn) => [turn.role, turn.parts]),
    [
      ['system', [{type: 'notice', level: 'info', kind: 'system', text: 'note'}]],
      ['system', [{type: 'notice', level: 'warning', kind: 'system', text: 'careful'}]],
      ['system', [{type: 'notice', level: 'error', kind: 'system', text: 'failed'}]]
    ]
  )
})

test('tool calls carry their displayed result: text, file diff, error status', async () => {
  const value = await conversation(await readFile(fixture('legacy-json/input.json'), 'utf8'), {name: 'session.json'})
  const [edit, shell] = toolCalls(value)
  assert.equal(edit?.name, 'replace')
  assert.equal(edit?.displayName, 'Edit')
  assert.equal(edit?.result?.language, 'diff')
  assert.equal(edit?.result?.fileName, 'paginate.ts')
  assert.equal(shell?.status, 'error')
  assert.equal(shell?.result?.isError, true)
  assert.match(shell?.result?.text ?? '', /^FAIL test\/paginate.test.ts/)
})

test('v0.44 tool-response user messages pair with calls by id and are never user prose', async () => {
  const call = {functionCall: {id: 'call-1', name: 'read_file', args: {file_path: 'a.txt'}}}
  const response = (id: string, output: string) => ({
    id: `r-${id}`,
    timestamp: 't',
    type: 'user',
    content: [{functionResponse: {id, name: 'read_file', response: {output}}}]
  })
  const withResult = {id: 'call-2', name: 'ls', args: {}, status: 'success', timestamp: 't', resultDisplay: 'a.txt'}
  const value = await conversation(
    jsonl(
      header,
      say('q', 'read it'),
      {id: 'm', timestamp: 't', type: 'gemini', content: [call], toolCalls: [withResult]},
      response('call-1', 'file body'),
      response('call-2', 'duplicate'),
      response('call-9', 'nobody asked')
    )
  )
  const calls = toolCalls(value)
  assert.deepEqual(
    calls.map((part) => [part.name, part.result?.text]),
    [
      ['read_file', 'file body'],
      ['ls', 'a.txt'],
      ['read_file', 'nobody asked']
    ]
  )
  assert.equal(value.fidelity['tool-response-message'], 2)
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['user', 'assistant', 'tool']
  )
})

test('tokens are kept per turn and summed, unknown fields staying absent', async () => {
  const value = await conversation(
    jsonl(
      header,
      say('q', 'hi'),
      {...say('a', 'one', 'gemini'), tokens: {input: 10, output: 2, cached: 0, total: 12}, model: 'gemini-2.5-pro'},
      {
        ...say('b', 'two', 'gemini'),
        tokens: {input: 20, output: 3, cached: 5, thoughts: 7, total: 30},
        model: 'gemini-2.5-flash'
      },
      {...say('c', 'three', 'gemini'), model: 'gemini-2.5-pro'}
    )
  )
  assert.deepEqual(value.turns[1]?.tokens, {input: 10, output: 2, cached: 0, total: 12})
  assert.deepEqual(value.metadata.tokens, {input: 30, output: 5, cached: 5, thoughts: 7, total: 42})
  assert.deepEqual(value.metadata.models, ['gemini-2.5-pro', 'gemini-2.5-flash'])
  assert.equal(value.turns[3]?.tokens, undefined)
  assert.equal((await conversation(jsonl(header, say('q', 'hi')))).metadata.tokens, undefined)
})

test('a malformed or truncated line is a warning with its line number and the rest is kept', async () => {
  const {conversations, file} = await read(jsonl(header, say('a', 'one'), '{"id":"b","type":"gem', say('c', 'two')))
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId, message.fatal]),
    [[3, 'malformed-line', false]]
  )
  assert.deepEqual(turnIds(conversations[0]!), ['a', 'c'])
  assert.equal(conversations[0]?.fidelity['malformed-line'], 1)
})

test('a JSON line that is no record kind is a warning, never fatal', async () => {
  const {conversations, file} = await read(jsonl(header, [1, 2], {hello: 'world'}, say('a', 'one')))
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId, message.fatal]),
    [
      [2, 'unknown-record', false],
      [3, 'unknown-record', false]
    ]
  )
  assert.equal(conversations[0]?.fidelity['unknown-record'], 2)
})

test('input with nothing usable fails with a reason', async () => {
  const {conversations, file} = await read(jsonl({hello: 1}, {world: 2}), {format: true})
  assert.equal(conversations.length, 0)
  assert.match(String(file.messages.find((message) => message.fatal)), /no Gemini CLI records found/)
  const array = await read('[\n  1\n]', {format: true})
  assert.match(String(array.file.messages.find((message) => message.fatal)), /found a JSON array/)
})

test('a JSON document over maxInputBytes fails with the limit named', async () => {
  const normalizer = createNormalizer({formats: [gemini()], limits: {maxInputBytes: 100}})
  const text = JSON.stringify({...header, messages: [say('a', 'x'.repeat(200))]}, null, 2)
  const {file} = await normalizer.normalize(inputFromString(text, 'big.json'))
  assert.match(String(file.messages.find((message) => message.fatal)), /over the 100 B limit .*maxInputBytes/)
})

test('subagent sessions record their kind and directories; the project is the one with its hash', async () => {
  const value = await conversation(await readFile(fixture('subagent/input.jsonl'), 'utf8'))
  assert.equal(value.metadata.extra?.['kind'], 'subagent')
  assert.equal(value.metadata.extra?.['directories'], '/tmp/producers/gemini-run/demo-project')
  assert.equal(value.metadata.project, '/tmp/producers/gemini-run/demo-project')
  const hash = 'd16a3a011a067966988e1886e19eb4a3589e9bf1412121b0fa2c04190c6b6a2d'
  assert.equal(value.metadata.extra?.['projectHash'], hash)
  // Its `summary` is the JSON result, which makes no title.
  assert.equal(value.title, undefined)
  assert.equal(value.source.variant, 'gemini-jsonl')
})

test('a session with nothing to show is a warning and no note, an A2A-server one too', async () => {
  const a2a = {...header, sessionId: 'a2a-server'}
  const {conversations, file} = await read(JSON.stringify({...a2a, messages: []}), {
    name: 'session-2026-11-20T10-00-a2a-serv.json'
  })
  assert.deepEqual(conversations, [])
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.fatal]),
    [['empty-session', false]]
  )
})

test('A2A-server sessions, all named a2a-server by the CLI, are told apart by their files', async () => {
  const a2a = JSON.stringify({...header, sessionId: 'a2a-server', messages: [say('m1', 'hi')]})
  const first = await conversation(a2a, {name: 'session-2026-11-20T10-00-a2a-serv.json'})
  const second = await conversation(a2a, {name: 'session-2026-11-21T09-30-a2a-serv.json'})
  assert.equal(first.id, 'a2a-server-session-2026-11-20T10-00-a2a-serv')
  assert.notEqual(first.id, second.id)
})

test('a prompt that starts like a command is the user’s when the model answered it', async () => {
  const value = await conversation(
    jsonl(header, say('u1', '?'), say('g1', 'Ask me anything.', 'gemini'), say('u2', '/stats'), say('u3', '// x\nwhy?'))
  )
  assert.deepEqual(
    value.turns.map((turn) => [
      turn.role,
      turn.parts[0]?.type === 'notice' ? noticeWords(turn.parts[0]).text : texts(turn)[0]
    ]),
    [
      ['user', '?'],
      ['assistant', 'Ask me anything.'],
      ['system', 'Command: /stats'],
      ['user', '// x\nwhy?']
    ]
  )
})
