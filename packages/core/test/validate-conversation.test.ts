import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation, FormatPlugin} from '@chatmark/core'
import {createNormalizer, inputFromString, toNote, validateConversation} from '@chatmark/core'
import {conversation} from './helpers.js'

/** A conversation with every kind of field the model has, all valid. */
function full(id = 'c-1'): Conversation {
  return {
    id,
    title: 'Everything',
    source: {format: 'mine', variant: 'mine-v2', path: 'in.mine'},
    createdAt: '2026-03-01T10:00:00Z',
    updatedAt: '2026-03-01T10:05:00.123456+02:00',
    participants: [
      {id: 'ann', name: 'Ann', kind: 'human'},
      {id: 'model', name: 'Model', kind: 'model'}
    ],
    metadata: {
      models: ['m-1'],
      project: '/src/app',
      gitBranch: 'main',
      parent: {id: 'c-0', relation: 'fork'},
      tokens: {input: 10, output: 5, total: 15},
      extra: {cli: '1.2.3', turnsHidden: 2, sandboxed: true}
    },
    turns: [
      {id: 't1', role: 'user', author: 'ann', timestamp: '2026-03-01T10:00:00', parts: [{type: 'text', text: 'Hi'}]},
      {
        role: 'assistant',
        author: 'model',
        timestamp: '2026-03-01 10:01',
        model: 'm-1',
        tokens: {input: 10, output: 5, cached: 0, thoughts: 1, tool: 2, total: 15},
        parts: [
          {type: 'thinking', text: 'Hm.', subject: 'Reading'},
          {type: 'text', text: ''},
          {
            type: 'tool-call',
            text: 'Reads a file',
            id: 'call-1',
            name: 'read_file',
            displayName: 'Read',
            input: {path: 'a.ts'},
            status: 'success',
            result: {text: 'const a = 1', isError: false, language: 'ts', fileName: 'a.ts'},
            subagent: [{role: 'assistant', timestamp: '2026-03-01', parts: [{type: 'text', text: 'sub'}]}]
          },
          {type: 'attachment', text: 'image/png, 12.3 KB', name: 'a.png', mimeType: 'image/png', size: 12600},
          {type: 'code', text: 'print(1)', language: 'python'},
          {type: 'code', text: '', artifact: {title: 'Notes', kind: 'text/markdown', action: 'created'}},
          {type: 'quote', text: 'Said.', title: 'A page', url: 'https://example.com'}
        ]
      },
      {
        role: 'system',
        parts: [{type: 'notice', level: 'warning', kind: 'compaction', trigger: 'auto', tokensBefore: 10, summary: 'x'}]
      }
    ],
    fidelity: {'malformed-line': 1}
  }
}

/** A format that yields these values, as they are. */
function yielding(...values: unknown[]): FormatPlugin {
  return {
    name: 'mine',
    description: 'yields what it is given',
    extensions: ['.mine'],
    detect: () => ({confidence: 'certain', reason: 'always'}),
    async *parse() {
      for (const value of values) yield value as Conversation
    }
  }
}

async function normalize(...values: unknown[]) {
  return createNormalizer({formats: [yielding(...values)]}).normalize(inputFromString('anything', 'in.mine'))
}

/** The message the normalizer gives for one conversation changed by `change`. */
async function reasonFor(change: Change): Promise<string> {
  const value = full()
  change(value, value as unknown as Record<string, unknown>)
  const {file, conversations} = await normalize(value)
  assert.equal(conversations.length, 0)
  assert.equal(file.messages.length, 1)
  return String(file.messages[0]?.reason)
}

const skipped = 'Format `mine` yielded an invalid conversation `c-1`, skipped:'
const roles = 'expected one of user, assistant, system, tool, other'
const noticeKinds =
  'expected one of error, artifact-error, meta, system, synthetic, current-branch-unknown, redacted-thinking, ' +
  'thinking-cut-off, unknown-content, computer-output, deleted, channel-event, compaction, interrupted, api-error, ' +
  'fork, subagent, command, shell-command, agent, subtask'

/** Changes a valid conversation, typed (`value`) or as any record (`raw`, the same object). */
type Change = (value: Conversation, raw: Record<string, unknown>) => void

const cases: Array<[string, Change, string]> = [
  [
    'a conversation without an id is named by its number among those the format yielded',
    (_, raw) => delete raw['id'],
    'Format `mine` yielded an invalid conversation number 1 (no id), skipped: id is missing, expected a non-empty ' +
      'string'
  ],
  [
    'a conversation whose id is not a string is named by its number',
    (_, raw) => (raw['id'] = 42),
    'Format `mine` yielded an invalid conversation number 1 (no id), skipped: id is 42, expected a non-empty string'
  ],
  [
    'a conversation without a source is skipped, naming source',
    (_, raw) => delete raw['source'],
    `${skipped} source is missing, expected an object`
  ],
  [
    'a source without a format is skipped, naming source.format',
    (value) => (value.source = {} as never),
    `${skipped} source.format is missing, expected a non-empty string`
  ],
  [
    'a source variant that is not a string is skipped, naming source.variant',
    (value) => (value.source.variant = 2 as never),
    `${skipped} source.variant is 2, expected a string`
  ],
  [
    'a title that is not a string is skipped, naming title',
    (_, raw) => (raw['title'] = null),
    `${skipped} title is null, expected a string`
  ],
  [
    'participants that are not an array are skipped, naming participants',
    (_, raw) => (raw['participants'] = {}),
    `${skipped} participants is an object, expected an array`
  ],
  [
    'a participant of an unknown kind is skipped, naming the participant',
    (value) => (value.participants[1]!.kind = 'alien' as never),
    `${skipped} participants[1].kind is "alien", expected one of human, model, tool, bot`
  ],
  [
    'a conversation without metadata is skipped, naming metadata',
    (_, raw) => delete raw['metadata'],
    `${skipped} metadata is missing, expected an object`
  ],
  [
    'a model name that is not a string is skipped, naming its index',
    (value) => (value.metadata.models = ['m-1', {name: 'm-2'}] as never),
    `${skipped} metadata.models[1] is an object, expected a string`
  ],
  [
    'a token count that is not a number is skipped, naming the count',
    (value) => (value.metadata.tokens = {total: '15'} as never),
    `${skipped} metadata.tokens.total is "15", expected a number`
  ],
  [
    'a parent without an id is skipped, naming parent.id',
    (value) => (value.metadata.parent = {relation: 'fork'} as never),
    `${skipped} metadata.parent.id is missing, expected a non-empty string`
  ],
  [
    'a parent of an unknown relation is skipped, naming parent.relation',
    (value) => (value.metadata.parent = {id: 'c-0', relation: 'copy'} as never),
    `${skipped} metadata.parent.relation is "copy", expected one of fork, resume, subagent`
  ],
  [
    'a parent given as a bare id is skipped, naming parent',
    (value) => (value.metadata.parent = 'c-0' as never),
    `${skipped} metadata.parent is "c-0", expected an object`
  ],
  [
    'an extra fact that is not a scalar is skipped, naming the fact',
    (value) => (value.metadata.extra = {nested: {a: 1}} as never),
    `${skipped} metadata.extra.nested is an object, expected a string, a number or a boolean`
  ],
  [
    'turns that are not an array are skipped, naming turns',
    (_, raw) => (raw['turns'] = {0: {}}),
    `${skipped} turns is an object, expected an array`
  ],
  [
    'a turn that is not an object is skipped, naming the turn',
    (value) => (value.turns[2] = 'hello' as never),
    `${skipped} turns[2] is "hello", expected an object`
  ],
  [
    'a turn with an unknown role is skipped, naming the role',
    (value) => (value.turns[1]!.role = 'robot' as never),
    `${skipped} turns[1].role is "robot", ${roles}`
  ],
  [
    'a turn without parts is skipped, naming parts',
    (value) => delete (value.turns[0] as Partial<Conversation['turns'][0]>).parts,
    `${skipped} turns[0].parts is missing, expected an array`
  ],
  [
    'a turn token count that is not finite is skipped, naming the count',
    (value) => (value.turns[1]!.tokens = {output: Number.NaN}),
    `${skipped} turns[1].tokens.output is NaN, expected a number`
  ],
  [
    'a part of an unknown type is skipped, naming the part type',
    (value) => (value.turns[1]!.parts[0] = {type: 'image', text: 'x'} as never),
    `${skipped} turns[1].parts[0].type is "image", expected one of ` +
      'text, thinking, tool-call, attachment, code, quote, notice, branch'
  ],
  [
    'a text part without string text is skipped, naming the text',
    (value) => (value.turns[0]!.parts[0] = {type: 'text', text: 42} as never),
    `${skipped} turns[0].parts[0].text is 42, expected a string`
  ],
  [
    'a thinking part without text is skipped, naming the text',
    (value) => (value.turns[1]!.parts[0] = {type: 'thinking'} as never),
    `${skipped} turns[1].parts[0].text is missing, expected a string`
  ],
  [
    'a tool-call part without a name is skipped, naming the name',
    (value) => delete (value.turns[1]!.parts[2] as {name?: string}).name,
    `${skipped} turns[1].parts[2].name is missing, expected a non-empty string`
  ],
  [
    'a tool result without text is skipped, naming the result text',
    (value) => ((value.turns[1]!.parts[2] as {result: unknown}).result = {isError: true}),
    `${skipped} turns[1].parts[2].result.text is missing, expected a string`
  ],
  [
    'a tool result whose isError is not a boolean is skipped, naming it',
    (value) => ((value.turns[1]!.parts[2] as {result: unknown}).result = {text: '', isError: 'yes'}),
    `${skipped} turns[1].parts[2].result.isError is "yes", expected a boolean`
  ],
  [
    'a subagent turn with no role is skipped, naming the nested turn',
    (value) => ((value.turns[1]!.parts[2] as {subagent: unknown}).subagent = [{parts: []}]),
    `${skipped} turns[1].parts[2].subagent[0].role is missing, ${roles}`
  ],
  [
    'an attachment size that is not a number is skipped, naming the size',
    (value) => ((value.turns[1]!.parts[3] as {size: unknown}).size = '12 KB'),
    `${skipped} turns[1].parts[3].size is "12 KB", expected a number`
  ],
  [
    'a code language that is not a string is skipped, naming the language',
    (value) => ((value.turns[1]!.parts[4] as {language: unknown}).language = 3),
    `${skipped} turns[1].parts[4].language is 3, expected a string`
  ],
  [
    'an artifact without an action is skipped, naming the action',
    (value) => ((value.turns[1]!.parts[5] as {artifact: unknown}).artifact = {title: 'Notes'}),
    `${skipped} turns[1].parts[5].artifact.action is missing, expected a string`
  ],
  [
    'an artifact that is not an object is skipped, naming the artifact',
    (value) => ((value.turns[1]!.parts[5] as {artifact: unknown}).artifact = 'Notes'),
    `${skipped} turns[1].parts[5].artifact is "Notes", expected an object`
  ],
  [
    'an artifact kind that is not a string is skipped, naming the kind',
    (value) => ((value.turns[1]!.parts[5] as {artifact: unknown}).artifact = {title: 'N', kind: 1, action: 'a'}),
    `${skipped} turns[1].parts[5].artifact.kind is 1, expected a string`
  ],
  [
    'a quote url that is not a string is skipped, naming the url',
    (value) => ((value.turns[1]!.parts[6] as {url: unknown}).url = 1),
    `${skipped} turns[1].parts[6].url is 1, expected a string`
  ],
  [
    'a notice of an unknown level is skipped, naming the level',
    (value) => ((value.turns[2]!.parts[0] as {level: unknown}).level = 'fatal'),
    `${skipped} turns[2].parts[0].level is "fatal", expected one of info, warning, error`
  ],
  [
    'a notice of an unknown kind is skipped, naming the kind and the kinds there are',
    (value) => ((value.turns[2]!.parts[0] as {kind: unknown}).kind = 'compression'),
    `${skipped} turns[2].parts[0].kind is "compression", ${noticeKinds}`
  ],
  [
    'a notice kind that is not a string is skipped, naming the kind',
    (value) => ((value.turns[2]!.parts[0] as {kind: unknown}).kind = 3),
    `${skipped} turns[2].parts[0].kind is 3, ${noticeKinds}`
  ],
  [
    "a compaction's token count that is not a number is skipped, naming the field",
    (value) => ((value.turns[2]!.parts[0] as {tokensBefore: unknown}).tokensBefore = '10'),
    `${skipped} turns[2].parts[0].tokensBefore is "10", expected a number`
  ],
  [
    'a compaction of an unknown trigger is skipped, naming the triggers there are',
    (value) => ((value.turns[2]!.parts[0] as {trigger: unknown}).trigger = 'cron'),
    `${skipped} turns[2].parts[0].trigger is "cron", expected one of manual, auto`
  ],
  [
    'a command notice without a name is skipped, naming the field',
    (value) => (value.turns[2]!.parts[0] = {type: 'notice', level: 'info', kind: 'command'} as never),
    `${skipped} turns[2].parts[0].name is missing, expected a string`
  ],
  [
    'a text notice without text is skipped, naming the field',
    (value) => (value.turns[2]!.parts[0] = {type: 'notice', level: 'info', kind: 'system'} as never),
    `${skipped} turns[2].parts[0].text is missing, expected a string`
  ],
  [
    'a fidelity count that is not a number is skipped, naming the reason in brackets',
    (value) => (value.fidelity = {'malformed-line': '2'} as never),
    `${skipped} fidelity["malformed-line"] is "2", expected a number`
  ],
  [
    'a long value is quoted cut at 40 characters',
    (value) => (value.turns[0]!.role = `${'x'.repeat(50)}` as never),
    `${skipped} turns[0].role is "${'x'.repeat(40)}…", ${roles}`
  ]
]

for (const [name, change, expected] of cases) {
  test(name, async () => {
    assert.equal(await reasonFor(change), expected)
  })
}

test('a time that is not a time is dropped with one warning, and the conversation is kept', async () => {
  const value = full()
  value.createdAt = 'yesterday'
  ;(value as unknown as Record<string, unknown>)['updatedAt'] = 1772359200
  value.turns[0]!.timestamp = '2026-13-01T10:00:00Z'
  const {file, conversations} = await normalize(value)
  assert.equal(conversations.length, 1)
  assert.equal(conversations[0]!.createdAt, undefined)
  assert.equal(conversations[0]!.updatedAt, undefined)
  assert.equal(conversations[0]!.turns[0]!.timestamp, undefined)
  assert.equal(conversations[0]!.turns[1]!.timestamp, '2026-03-01 10:01', 'valid times are kept')
  assert.equal(conversations[0]!.fidelity['invalid-time'], 3, 'counted in the note')
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.fatal, message.reason]),
    [
      [
        'invalid-time',
        false,
        'Format `mine` yielded conversation `c-1` with createdAt "yesterday" (and 2 more), which is not a time ' +
          '(expected ISO-8601, such as 2026-03-01T10:00:00Z): dropped, the conversation kept'
      ]
    ]
  )
})

test('a garbled time in a subagent turn is dropped too, and named by its path', async () => {
  const value = full()
  const part = value.turns.flatMap((turn) => turn.parts).find((candidate) => candidate.type === 'tool-call')
  assert.ok(part?.type === 'tool-call' && part.subagent?.[0])
  part.subagent[0].timestamp = 'soon'
  const {file, conversations} = await normalize(value)
  assert.equal(conversations.length, 1)
  assert.match(
    String(file.messages[0]?.reason),
    /with turns\[\d+\]\.parts\[\d+\]\.subagent\[0\]\.timestamp "soon", which/
  )
})

test('a garbled time in a branch turn or an edit is dropped and counted, and never reaches a heading', async () => {
  const value = full()
  value.turns.push({
    role: 'system',
    parts: [
      {
        type: 'branch',
        number: 1,
        turns: [{role: 'user', timestamp: '[trimmed for fixture]', edited: {timestamp: 'later'}, parts: []}]
      }
    ]
  })
  const {file, conversations} = await normalize(value)
  const branch = conversations[0]?.turns.at(-1)?.parts[0]
  assert.ok(branch?.type === 'branch')
  assert.equal(branch.turns[0]?.timestamp, undefined)
  assert.deepEqual(branch.turns[0]?.edited, {})
  assert.equal(conversations[0]?.fidelity['invalid-time'], 2)
  assert.match(
    String(file.messages[0]?.reason),
    /turns\[\d+\]\.parts\[0\]\.turns\[0\]\.timestamp "\[trimmed for fixture\]"/
  )
})

test('a value that is not an object at all is skipped, named by its number', async () => {
  const {file, conversations} = await normalize(conversation('mine', 'a', 'x'), null)
  assert.equal(conversations.length, 1)
  assert.equal(
    file.messages[0]?.reason,
    'Format `mine` yielded an invalid conversation number 2 (no id), skipped: the conversation is null, expected an ' +
      'object'
  )
})

test('a valid conversation passes untouched: the same object, unchanged, and no message', async () => {
  const value = full()
  // Optional fields set to undefined and fields the model does not know are allowed.
  Object.assign(value, {title: undefined, mine: {anything: true}})
  const before = structuredClone(value)
  const {file, conversations} = await normalize(value)
  assert.deepEqual(file.messages, [])
  assert.equal(conversations[0], value)
  assert.deepEqual(value, before)
  assert.equal(validateConversation(value), undefined)
})

test('an invalid conversation among valid ones is skipped with a fatal message; the others are kept', async () => {
  const broken = {...full('c-2'), turns: [{role: 'user', parts: [{type: 'image'}]}]}
  const {file, conversations} = await normalize(full('c-1'), broken, full('c-3'))
  assert.deepEqual(
    conversations.map((kept) => kept.id),
    ['c-1', 'c-3']
  )
  assert.equal(file.messages.length, 1)
  const [message] = file.messages
  assert.equal(
    message?.reason,
    'Format `mine` yielded an invalid conversation `c-2`, skipped: turns[0].parts[0].type is "image", expected one ' +
      'of ' +
      'text, thinking, tool-call, attachment, code, quote, notice, branch'
  )
  assert.equal(message?.ruleId, 'invalid-conversation')
  assert.equal(message?.source, 'chatmark')
  assert.equal(message?.fatal, true)
})

test('when every conversation is invalid, each is reported and no other failure is added', async () => {
  const {file, conversations} = await normalize({...full('a'), turns: null}, {...full('b'), source: 'mine'})
  assert.equal(conversations.length, 0)
  assert.deepEqual(
    file.messages.map((message) => message.reason),
    [
      'Format `mine` yielded an invalid conversation `a`, skipped: turns is null, expected an array',
      'Format `mine` yielded an invalid conversation `b`, skipped: source is "mine", expected an object'
    ]
  )
})

test('validateConversation gives the first problem as a path, or undefined', () => {
  assert.equal(validateConversation(conversation('x', 'id', 'text')), undefined)
  assert.equal(validateConversation([]), 'the conversation is an array, expected an object')
  assert.equal(
    validateConversation({...conversation('x', 'id', 'text'), turns: [{role: 'user', parts: [() => 1]}]}),
    'turns[0].parts[0] is a function, expected an object'
  )
})

test('branch parts, thread replies, reactions and code execution are checked, nested turns included', () => {
  const withTurns = (turns: unknown[]) => validateConversation({...conversation('x', 'id', 'text'), turns})
  const reply = {role: 'user', parts: [], reply: {parent: 'present', starter: 'Ann', broadcast: true}}
  const reacted = {
    role: 'user',
    parts: [],
    reactions: [
      {name: '+1', count: 2, emoji: '👍'},
      {name: 'partyparrot', count: 1}
    ]
  }
  const ran = {type: 'code', text: '2', language: 'text', execution: {outcome: 'OUTCOME_OK'}}
  const branch = (part: Record<string, unknown>) => withTurns([{role: 'system', parts: [{type: 'branch', ...part}]}])
  assert.equal(withTurns([reply, reacted, {role: 'assistant', parts: [ran]}]), undefined)
  assert.equal(branch({number: 1, origin: 'edited-prompt', turns: [reply]}), undefined)
  assert.equal(branch({number: 2, turns: []}), undefined)
  const problems: Array<[string | undefined, string]> = [
    [branch({number: 0, turns: []}), 'turns[0].parts[0].number is 0, expected a whole number from 1'],
    [branch({number: 1.5, turns: []}), 'turns[0].parts[0].number is 1.5, expected a whole number from 1'],
    [
      branch({number: 1, origin: 'retried', turns: []}),
      'turns[0].parts[0].origin is "retried", expected one of edited-prompt, regenerated-answer'
    ],
    [branch({number: 1}), 'turns[0].parts[0].turns is missing, expected an array'],
    [
      branch({number: 1, turns: [{role: 'user', parts: [], reply: {parent: 'gone'}}]}),
      'turns[0].parts[0].turns[0].reply.parent is "gone", expected one of present, deleted, missing'
    ],
    [withTurns([{role: 'user', parts: [], reply: 'Ann'}]), 'turns[0].reply is "Ann", expected an object'],
    [
      withTurns([{role: 'user', parts: [], reply: {parent: 'present', broadcast: 'yes'}}]),
      'turns[0].reply.broadcast is "yes", expected a boolean'
    ],
    [withTurns([{role: 'user', parts: [], reactions: {}}]), 'turns[0].reactions is an object, expected an array'],
    [withTurns([{role: 'user', parts: [], reactions: [1]}]), 'turns[0].reactions[0] is 1, expected an object'],
    [
      withTurns([{role: 'user', parts: [], reactions: [{name: '', count: 1}]}]),
      'turns[0].reactions[0].name is "", expected a non-empty string'
    ],
    [
      withTurns([{role: 'user', parts: [], reactions: [{name: 'tada', count: '1'}]}]),
      'turns[0].reactions[0].count is "1", expected a number'
    ],
    [
      withTurns([{role: 'user', parts: [], reactions: [{name: 'tada', count: 1, emoji: ''}]}]),
      'turns[0].reactions[0].emoji is "", expected a non-empty string'
    ],
    [
      withTurns([{role: 'assistant', parts: [{...ran, execution: 'ok'}]}]),
      'turns[0].parts[0].execution is "ok", expected an object'
    ],
    [
      withTurns([{role: 'assistant', parts: [{...ran, execution: {outcome: 1}}]}]),
      'turns[0].parts[0].execution.outcome is 1, expected a string'
    ]
  ]
  for (const [actual, expected] of problems) assert.equal(actual, expected)
})

test('times are ISO-8601 dates or date-times, with or without an offset', () => {
  const at = (timestamp: unknown) =>
    validateConversation({...conversation('x', 'id', 'text'), turns: [{role: 'user', timestamp, parts: []}]})
  for (const valid of [
    '2026-03-01',
    '2026-03-01T10:00',
    '2026-03-01T10:00:00',
    '2026-03-01 10:00:00.5',
    '2026-03-01t10:00:00z',
    '2026-03-01T10:00:00.123456Z',
    '2026-03-01T10:00:00+02:00',
    '2026-03-01T10:00:00-0530',
    '2026-03-01T10:00:00+02'
  ]) {
    assert.equal(at(valid), undefined, valid)
  }
  for (const invalid of [
    '',
    'March 1, 2026',
    '2026-3-1',
    '2026-03-01T25:00:00Z',
    '2026-03-01T10:00:00 UTC',
    '1772359200'
  ]) {
    assert.match(String(at(invalid)), /^turns\[0\]\.timestamp is .+, expected an ISO-8601 time/, invalid)
  }
})

test('a time without an offset is rendered as UTC whatever the machine time zone', () => {
  const previous = process.env['TZ']
  // Asia/Kolkata is UTC+05:30: reading the time as local would move it by five and a half hours.
  process.env['TZ'] = 'Asia/Kolkata'
  try {
    const value = full()
    const headings = (timeZone: string) =>
      toNote(value, {timeZone})
        .split('\n')
        .filter((line) => line.startsWith('## '))
    // The last turn, a compaction with no time, has a heading of its own.
    assert.deepEqual(headings('UTC'), [
      '## Ann · 2026-03-01 10:00 UTC',
      '## Model · 2026-03-01 10:01 · m-1',
      '## System'
    ])
    assert.deepEqual(headings('America/New_York'), [
      '## Ann · 2026-03-01 05:00 America/New_York',
      '## Model · 2026-03-01 05:01 · m-1',
      '## System'
    ])
    // Offsets are kept: +02:00 is two hours before UTC.
    value.turns[0]!.timestamp = '2026-03-01T10:00:00+02'
    assert.equal(headings('UTC')[0], '## Ann · 2026-03-01 08:00 UTC')
  } finally {
    if (previous === undefined) delete process.env['TZ']
    else process.env['TZ'] = previous
  }
})
