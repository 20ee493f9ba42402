import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {NoticePart, Part} from '@chatmark/core'
import {createNormalizer, inputFromString, noticeWords} from '@chatmark/core'
import {qwen} from '@chatmark/format-qwen'
import {assistant, conversation, jsonl, record, system, user} from './helpers.js'

const notices = (parts: readonly Part[]): NoticePart[] =>
  parts.filter((part): part is NoticePart => part.type === 'notice')
const prompt = (uuid: string, parent: string | null, parts: string[], version = '0.24.4') =>
  record(uuid, parent, 'user', {version, message: {role: 'user', parts: parts.map((text) => ({text}))}})
const header = '\n--- Content from referenced files ---'
const footer = '\n--- End of content ---'

test('@file expansions of every header Qwen Code wrote become attachments beside the typed prompt', async () => {
  const shapes: Array<[string, string, string]> = [
    // 0.5 to 0.8: `Content from @<absolute path>:`, the text trimmed.
    ['0.5.2', '\nContent from @/home/me/project/notes.txt:\n', 'apples\nbread'],
    // 0.10 to 0.15: no `@`, the absolute path, the text as read (its last newline kept).
    ['0.10.1', '\nContent from /home/me/project/notes.txt:\n', 'apples\nbread\n'],
    // 0.21 on: the path as typed.
    ['0.24.4', '\nContent from notes.txt:\n', 'apples\nbread\n']
  ]
  for (const [version, fileLine, text] of shapes) {
    const value = await conversation(
      jsonl(prompt('u1', null, ['Sum up @notes.txt please.', header, fileLine, text, footer], version))
    )
    assert.deepEqual(
      value.turns[0]?.parts,
      [
        {type: 'text', text: 'Sum up @notes.txt please.'},
        {type: 'attachment', text: 'referenced file, 2 lines of text', name: 'notes.txt'},
        {type: 'code', text: 'apples\nbread', language: 'text'}
      ],
      version
    )
  }
})

test('several files and a path outside the project keep their names; a quoted marker alone stays', async () => {
  const files = ['\nContent from /elsewhere/a.ts:\n', 'export {}\n', '\nContent from /home/me/project/b.md:\n', '# B\n']
  const value = await conversation(
    jsonl(
      prompt('u1', null, ['Compare @/elsewhere/a.ts and @b.md', header, ...files, footer], '0.10.1'),
      user('u2', 'u1', 'Why does "--- Content from referenced files ---" appear?')
    )
  )
  const names = value.turns[0]?.parts.flatMap((part) => (part.type === 'attachment' ? [part.name] : []))
  assert.deepEqual(names, ['/elsewhere/a.ts', 'b.md'])
  assert.deepEqual(value.turns[1]?.parts, [
    {type: 'text', text: 'Why does "--- Content from referenced files ---" appear?'}
  ])
})

test('an api_error of a background request is counted; the conversation’s own is shown', async () => {
  const error = (uuid: string, parent: string, event: Record<string, unknown>) =>
    system(uuid, parent, 'ui_telemetry', {
      uiEvent: {'event.name': 'qwen-code.api_error', error_message: '400 Bad request', ...event}
    })
  const value = await conversation(
    jsonl(
      user('u1', null, 'hi'),
      assistant('a1', 'u1', [{text: 'hello'}]),
      // 0.24's managed memory agent, after the answer.
      error('e1', 'a1', {
        prompt_id: 's-1#managed-auto-memory-extractor-867f169b#0',
        subagent_name: 'managed-auto-memory-extractor',
        subagent_id: 'managed-auto-memory-extractor-867f169b'
      }),
      // 0.10's subagent: only its prompt id tells it.
      error('e2', 'e1', {prompt_id: 's-1#task-agent-1#2'}),
      error('e3', 'e2', {prompt_id: 'session_title'}),
      error('e4', 'e3', {prompt_id: 'side-query:session-recap'}),
      error('e5', 'e4', {prompt_id: 'prompt_suggestion'}),
      user('u2', 'e5', 'MOCK_FAIL'),
      error('e6', 'u2', {prompt_id: 's-1########1'}),
      user('u3', 'e6', 'again'),
      error('e7', 'u3', {prompt_id: 'c3dab0934c10b'})
    )
  )
  const shown = value.turns.flatMap((turn) => notices(turn.parts)).map((notice) => noticeWords(notice).text)
  assert.deepEqual(shown, ['The request failed: 400 Bad request', 'The request failed: 400 Bad request'])
  assert.equal(value.fidelity['background-request-error'], 5)
})

test('the fixed resume instruction after a compression summary is split off, in both views', async () => {
  const trailer =
    'Resume the prior task using the summary above. Continue from the last in-flight step; ' +
    'do not acknowledge the summary, do not re-introduce, do not greet the user again.'
  const history = [
    {role: 'user', parts: [{text: `<state_snapshot>done</state_snapshot>\n\n${trailer}`}]},
    {role: 'model', parts: [{text: 'Got it. Thanks for the additional context!'}]}
  ]
  const text = jsonl(
    user('u1', null, 'hi'),
    assistant('a1', 'u1', [{text: 'hello'}]),
    system('c1', 'a1', 'chat_compression', {info: {triggerReason: 'manual'}, compressedHistory: history}),
    user('u2', 'c1', 'after')
  )
  const note = await conversation(text)
  const compaction = note.turns.flatMap((turn) => notices(turn.parts)).find((notice) => notice.kind === 'compaction')
  assert.ok(compaction?.kind === 'compaction')
  assert.equal(compaction.summary, '<state_snapshot>done</state_snapshot>')

  const resumed = await createNormalizer({formats: [qwen({view: 'resume'})]}).normalize(
    inputFromString(text, 'session.jsonl')
  )
  const first = resumed.conversations[0]?.turns[0]
  assert.deepEqual(first?.parts, [{type: 'text', text: '<state_snapshot>done</state_snapshot>'}])
})

test('a summary kept before 0.21 (no trailer) and reminder parts after the trailer are read as written', async () => {
  const trailer =
    'Resume the prior task using the summary above. Continue from the last in-flight step; ' +
    'do not acknowledge the summary, do not re-introduce, do not greet the user again.'
  const checkpoint = (uuid: string, parent: string, parts: string[]) =>
    system(uuid, parent, 'chat_compression', {
      info: {},
      compressedHistory: [{role: 'user', parts: parts.map((part) => ({text: part}))}]
    })
  const value = await conversation(
    jsonl(
      user('u1', null, 'hi'),
      checkpoint('c1', 'u1', ['<state_snapshot>old</state_snapshot>']),
      user('u2', 'c1', 'more'),
      // 0.24's fallback when composing the history fails: reminders in the summary's own message.
      checkpoint('c2', 'u2', [`<state_snapshot>new</state_snapshot>\n\n${trailer}`, '<plan-mode-active>on'])
    )
  )
  const details = value.turns.flatMap((turn) => notices(turn.parts)).map((notice) => noticeWords(notice).details?.text)
  assert.deepEqual(details, [
    '<state_snapshot>old</state_snapshot>',
    '<state_snapshot>new</state_snapshot>\n\n<plan-mode-active>on'
  ])
})
