import assert from 'node:assert/strict'
import {test} from 'vitest'
import {bubbleConversation} from '../src/state/bubble-conversation.js'
import {fileUriPath} from '../src/state/workspace-folder.js'

test('bubbles of every kind: thinking blocks, failed calls, code the text lacks, an unknown type, zero tokens', () => {
  const conversation = bubbleConversation({
    id: 'c',
    bubbles: [
      {id: 'u', record: {type: 1, text: 'Go', selectedImages: [{path: 'C:\\shots\\a.png'}]}},
      {record: {type: 2, allThinkingBlocks: [{thinking: 'first'}, {text: ' '}], tokenCount: {inputTokens: 0}}},
      {record: {type: 2, toolFormerData: {name: 'run', status: 'error', error: 'denied'}}},
      {record: {type: 2, toolFormerData: {status: 'error', result: '"plain"', error: 'boom', params: 'not json'}}},
      {record: {type: 2, text: 'Done', codeBlocks: [{content: 'x = 1', languageId: 'python'}, {content: 'Done'}]}},
      {record: {type: 3, text: 'from a future bubble type'}},
      {record: {type: 2, capabilityType: 22, todos: ['a']}},
      {record: {type: 2, text: ''}}
    ],
    fidelity: {},
    extra: {}
  })
  assert.deepEqual(conversation.fidelity, {'unknown-bubble-type': 1, 'empty-bubble': 1})
  const [user, answer, other, last] = conversation.turns
  assert.deepEqual(user?.parts, [
    {type: 'text', text: 'Go'},
    {type: 'attachment', text: 'attached image', name: 'a.png', reference: 'C:\\shots\\a.png'}
  ])
  assert.equal(answer?.tokens, undefined)
  assert.deepEqual(
    answer?.parts.map((part) => (part.type === 'tool-call' ? [part.name, part.input, part.result] : part.type)),
    [
      'thinking',
      ['run', undefined, {text: 'denied', isError: true}],
      ['tool', 'not json', {text: 'boom\nplain', isError: true}],
      'text',
      'code'
    ]
  )
  assert.equal(other?.role, 'other')
  assert.equal(last?.parts[0]?.type, 'notice')
})

test('a file: URI is the path it names, a Windows drive in its own spelling; other text is kept', () => {
  assert.equal(fileUriPath('file:///home/ada/my%20site'), '/home/ada/my site')
  assert.equal(fileUriPath('file:///c%3A/Users/ada'), 'c:\\Users\\ada')
  assert.equal(fileUriPath('vscode-remote://ssh-remote%2Bbox/srv/app'), '/srv/app')
  assert.equal(fileUriPath('file:///bad%E0%A4%A'), '/bad%E0%A4%A')
  assert.equal(fileUriPath('relative/path'), 'relative/path')
})
