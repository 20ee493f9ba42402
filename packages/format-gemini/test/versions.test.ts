import assert from 'node:assert/strict'
import {test} from 'vitest'
import {conversationTitle} from '@chatmark/core'
import {splitReferencedFiles} from '../src/referenced-files.js'
import {conversation, header, jsonl, modelLine, toolCalls, userLine} from './helpers.js'

// What older Gemini CLI versions write differently (seen in files of v0.8 to v0.40 written for chatmark: the fixtures
// `gemini/legacy-0.15-list-at-file` and `gemini/checkpoint-0.40-call-without-id`).

const atFile =
  'Why does @src/a.ts fail?\n--- Content from referenced files ---\nContent from @src/a.ts:\nexport const a = 1\n' +
  'Content from @notes.md:\n# Notes\n--- End of content ---'

test('the files an @path prompt sent are split from what the user typed and shown as files', async () => {
  assert.deepEqual(splitReferencedFiles(atFile), {
    typed: 'Why does @src/a.ts fail?',
    files: [
      {path: 'src/a.ts', text: 'export const a = 1'},
      {path: 'notes.md', text: '# Notes'}
    ]
  })
  assert.equal(splitReferencedFiles('A prompt that quotes --- Content from referenced files --- inline'), undefined)
  // A session without displayContent (before v0.28): only the joined text.
  const legacy = await conversation(JSON.stringify({...header, messages: [userLine('u1', atFile)]}))
  const parts = legacy.turns[0]?.parts ?? []
  assert.deepEqual(
    parts.map((part) => part.type),
    ['text', 'attachment', 'code', 'attachment', 'code']
  )
  assert.deepEqual(parts[0], {type: 'text', text: 'Why does @src/a.ts fail?'})
  assert.deepEqual(parts[2], {type: 'code', text: 'export const a = 1', language: 'typescript'})
  assert.equal(conversationTitle(legacy), 'Why does @src/a.ts fail?')
  // v0.28+: what was typed is displayContent; the files are still only in content.
  const withDisplay = await conversation(
    jsonl(header, {...userLine('u1', atFile), displayContent: [{text: 'Why does @src/a.ts fail?'}]})
  )
  assert.deepEqual(withDisplay.turns[0]?.parts, parts)
})

test('a one-line display summing up a longer output (before v0.40) gives way to it; a shell’s does not', async () => {
  const call = (name: string, display: string, output: string) => ({
    id: `${name}-1`,
    name,
    args: {},
    status: 'success',
    resultDisplay: display,
    result: [{functionResponse: {id: `${name}-1`, name, response: {output}}}]
  })
  const value = await conversation(
    JSON.stringify({
      ...header,
      messages: [
        userLine('u1', 'List and run'),
        modelLine('m1', '', [
          call('list_directory', 'Listed 2 item(s).', 'Directory listing for /w:\na.txt\nb.txt'),
          call('run_shell_command', 'hello', 'Command: echo hello\nDirectory: (root)\nOutput: hello'),
          call('read_file', 'Read 2 lines', 'one')
        ])
      ]
    })
  )
  assert.deepEqual(
    toolCalls(value).map((part) => part.result?.text),
    ['Directory listing for /w:\na.txt\nb.txt', 'hello', 'Read 2 lines']
  )
})

test('a checkpoint’s calls without ids (before v0.47) take their responses in order, by tool name', async () => {
  const response = (id: string, output: string) => ({
    role: 'user',
    parts: [{functionResponse: {id, name: 'read_file', response: {output}}}]
  })
  const value = await conversation(
    JSON.stringify({
      history: [
        {role: 'user', parts: [{text: 'Read both'}]},
        {role: 'model', parts: [{functionCall: {name: 'read_file', args: {path: 'a'}}}]},
        response('read_file-1', 'A text'),
        {role: 'model', parts: [{functionCall: {name: 'read_file', args: {path: 'b'}}}]},
        response('read_file-2', 'B text'),
        {role: 'model', parts: [{text: 'Done'}]}
      ]
    })
  )
  assert.deepEqual(
    toolCalls(value).map((part) => [part.id, part.result?.text]),
    [
      ['read_file-1', 'A text'],
      ['read_file-2', 'B text']
    ]
  )
  assert.deepEqual(
    value.turns.map((turn) => turn.role),
    ['user', 'assistant', 'assistant', 'assistant']
  )
})
