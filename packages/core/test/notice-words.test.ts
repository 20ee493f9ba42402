import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation, EventNotice, NoticePart} from '@chatmark/core'
import {noticeWords, toNote, validateConversation} from '@chatmark/core'

/** A notice of one kind, without its type and level, the words a note says for it, and the fold under them. */
type Case<Kind extends EventNotice['kind']> = [
  notice: Omit<Extract<EventNotice, {kind: Kind}>, 'type' | 'level'>,
  text: string,
  details?: [title: string, text: string]
]

/**
 * Every event kind with the words a note says for it: the record's type makes the compiler ask for each kind, so a
 * new kind cannot be left unworded.
 */
const cases: {[Kind in EventNotice['kind']]: Array<Case<Kind>>} = {
  compaction: [
    [{kind: 'compaction'}, 'Conversation compacted'],
    [{kind: 'compaction', trigger: 'manual'}, 'Conversation compacted (manual)'],
    [
      {kind: 'compaction', trigger: 'auto', tokensBefore: 154_200, summary: 'Ada asked for a plan.'},
      'Conversation compacted (automatic, 154,200 tokens before)',
      ['Summary', 'Ada asked for a plan.']
    ],
    [{kind: 'compaction', tokensBefore: 8528, tokensAfter: 5726}, 'Conversation compacted (8,528 → 5,726 tokens)'],
    [{kind: 'compaction', tokensAfter: 900}, 'Conversation compacted (900 tokens after)'],
    [
      {kind: 'compaction', historyRemoved: true, summary: 'S'},
      'Conversation compacted: the earlier turns were replaced by the summary in the file too',
      ['Summary', 'S']
    ]
  ],
  interrupted: [
    [{kind: 'interrupted'}, 'Interrupted'],
    [{kind: 'interrupted', by: 'user'}, 'Interrupted by the user'],
    [{kind: 'interrupted', by: 'user', duringToolUse: true}, 'Interrupted by the user during tool use'],
    [{kind: 'interrupted', reason: 'replaced'}, 'Interrupted (replaced)']
  ],
  'api-error': [
    [{kind: 'api-error', message: 'Overloaded'}, 'The request failed: Overloaded'],
    [
      {kind: 'api-error', message: 'Bad request', status: 400, errorType: 'BadRequestError', body: '{}'},
      'The request failed (HTTP 400, BadRequestError): Bad request',
      ['Response body', '{}']
    ],
    [{kind: 'api-error', message: 'overloaded', retry: 2}, 'The request failed (retry 2): overloaded']
  ],
  fork: [
    [{kind: 'fork', parent: 'p1'}, 'Forked from session p1.'],
    [
      {kind: 'fork', parent: 'p1', copiedTurns: 1},
      "Forked from session p1. The turn before the fork is that session's and is not repeated here."
    ],
    [
      {kind: 'fork', parent: 'p1', copiedTurns: 3, onlyCopied: true},
      "Forked from session p1. The 3 turns before the fork are that session's and are not repeated here. Every turn " +
        'above was copied from it: the fork has none of its own yet.'
    ]
  ],
  subagent: [
    [{kind: 'subagent', parent: 'p1'}, 'Subagent spawned by session p1.'],
    [
      {kind: 'subagent', parent: 'p1', agent: '/root/count', nickname: 'Epicurus', copiedTurns: 2},
      "Subagent /root/count (Epicurus) spawned by session p1. The 2 turns before its task are that session's and " +
        'are not repeated here.'
    ]
  ],
  command: [
    [{kind: 'command', name: '/compact'}, 'Command: /compact'],
    [{kind: 'command', name: '/chat', args: 'save demo'}, 'Command: /chat save demo'],
    [{kind: 'command', name: '/ask', args: 'why\nand how'}, 'Command: /ask why', ['Full text', '/ask why\nand how']]
  ],
  'shell-command': [
    [{kind: 'shell-command'}, 'The user ran a shell command (!)'],
    [{kind: 'shell-command', command: 'ls -la'}, 'The user ran a shell command (!): ls -la']
  ],
  agent: [
    [{kind: 'agent'}, 'Agent: unnamed'],
    [{kind: 'agent', name: 'explore'}, 'Agent: explore']
  ],
  subtask: [
    [{kind: 'subtask'}, 'Subtask for a subagent'],
    [
      {kind: 'subtask', agent: 'general', description: 'Find it', prompt: 'Look for it.'},
      'Subtask for general: Find it',
      ['Prompt', 'Look for it.']
    ]
  ]
}

const notices = Object.values(cases)
  .flat()
  .map(([fields, text, details]: Case<EventNotice['kind']>): [NoticePart, string, [string, string] | undefined] => [
    {type: 'notice', level: 'info', ...fields} as EventNotice,
    text,
    details
  ])

test('every event notice kind is worded from its fields, with its details folded under a title of its kind', () => {
  for (const [notice, text, details] of notices) {
    const words = noticeWords(notice)
    assert.equal(words.text, text, JSON.stringify(notice))
    assert.deepEqual(words.details && [words.details.title, words.details.text], details, JSON.stringify(notice))
  }
})

test('a text notice says what its reader wrote; a meta notice folds its full text', () => {
  assert.deepEqual(noticeWords({type: 'notice', level: 'warning', kind: 'system', text: 'Context low'}), {
    text: 'Context low'
  })
  assert.deepEqual(noticeWords({type: 'notice', level: 'info', kind: 'meta', text: 'Caveat', details: 'x'}), {
    text: 'Caveat',
    details: {title: 'Full text', text: 'x'}
  })
  assert.deepEqual(noticeWords({type: 'notice', level: 'info', text: 'Hi', details: ''}), {text: 'Hi'})
})

test('the note says the words of every kind, as an alert of its level, with its details folded', () => {
  for (const [notice, text, details] of notices) {
    const conversation: Conversation = {
      id: 'c1',
      source: {format: 'test'},
      participants: [],
      metadata: {},
      turns: [{role: 'system', parts: [notice]}],
      fidelity: {}
    }
    assert.equal(validateConversation(conversation), undefined)
    const note = toNote(conversation)
    assert.ok(note.includes(`> [!NOTE]\n> ${text.split('\n')[0]}`), note)
    if (details) assert.ok(note.includes(`<summary>${details[0]}</summary>`), note)
  }
})
