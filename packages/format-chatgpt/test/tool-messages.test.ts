import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {CodePart, QuotePart, ToolCallPart} from '@chatmark/core'
import {toNote} from '@chatmark/core'
import {conversation, message, one, partsOf, problems, read, say, simple, t0, text, texts} from './helpers.js'

const code = (id: string, text: string, second: number, recipient: string, language = 'unknown') =>
  message(id, 'assistant', {content_type: 'code', language, response_format_name: null, text}, t0 + second, {
    recipient
  })

test("a code message to python is the call's input, as python, with the execution output as its result", async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Plot it', 0),
      code('c', 'import math\nprint(math.pi)', 1, 'python'),
      message('o', 'tool', {content_type: 'execution_output', text: '3.14159'}, t0 + 2, {name: 'python'}),
      say('a', 'assistant', 'Pi is about 3.14.', 3)
    )
  )
  assert.deepEqual(partsOf<CodePart>(value, 'code'), [])
  assert.deepEqual(partsOf<ToolCallPart>(value, 'tool-call'), [
    {
      type: 'tool-call',
      text: 'python',
      name: 'python',
      input: 'import math\nprint(math.pi)',
      inputLanguage: 'python',
      result: {text: '3.14159'}
    }
  ])
  const note = toNote(value)
  assert.ok(note.includes('```python\nimport math\nprint(math.pi)\n```'), note)
  assert.deepEqual(texts(value, 'assistant'), ['Pi is about 3.14.'])
})

test('JSON addressed to a tool (canvas, web, image) is read as JSON; other code keeps its language', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'Write it up', 0),
      code('c1', '{"name": "plan", "type": "document", "content": "# Plan"}', 1, 'canmore.create_textdoc', 'json'),
      message('r1', 'tool', text("Successfully created text document 'plan'"), t0 + 2, {
        name: 'canmore.create_textdoc'
      }),
      code('c2', '{"updates": [{"pattern": ".*", "replacement": "# Plan v2"}]}', 3, 'canmore.update_textdoc'),
      code('c3', '{"prompt": "a red fox", "size": "1024x1024"', 4, 'dalle.text2im', 'json'),
      code('c4', 'search("lisbon weather")', 5, 'browser')
    )
  )
  const calls = partsOf<ToolCallPart>(value, 'tool-call')
  assert.deepEqual(
    calls.map((call) => [call.name, call.input, call.inputLanguage, call.result?.text]),
    [
      [
        'canmore.create_textdoc',
        {name: 'plan', type: 'document', content: '# Plan'},
        undefined,
        "Successfully created text document 'plan'"
      ],
      ['canmore.update_textdoc', {updates: [{pattern: '.*', replacement: '# Plan v2'}]}, undefined, undefined],
      ['dalle.text2im', '{"prompt": "a red fox", "size": "1024x1024"', undefined, undefined],
      ['browser', 'search("lisbon weather")', undefined, undefined]
    ]
  )
  assert.deepEqual(partsOf<CodePart>(value, 'code'), [])
})

test('an assistant code message to everyone stays a code block of the answer', async () => {
  const value = await one(simple(say('u', 'user', 'Show me', 0), code('c', 'SELECT 1;', 1, 'all', 'sql')))
  assert.deepEqual(partsOf<CodePart>(value, 'code'), [{type: 'code', text: 'SELECT 1;', language: 'sql'}])
  assert.deepEqual(partsOf<ToolCallPart>(value, 'tool-call'), [])
})

test("quotes of the user's uploads (myfiles_browser, file_search, a file id as url) are tool results", async () => {
  const fileQuote = (id: string, second: number, name: string, url: string) =>
    message(
      id,
      'tool',
      {content_type: 'tether_quote', url, domain: 'report.pdf', title: 'report.pdf', text: 'Revenue grew 4%.'},
      t0 + second,
      {name}
    )
  const value = await one(
    simple(
      say('u', 'user', 'What does my report say?', 0),
      fileQuote('q1', 1, 'myfiles_browser', 'file-AbC123'),
      fileQuote('q2', 2, 'file_search', 'file-AbC123'),
      fileQuote('q3', 3, 'tool', 'file_00000000abc'),
      message(
        'q4',
        'tool',
        {content_type: 'tether_quote', url: 'https://example.com', domain: 'example.com', title: 'Ex', text: 'Web.'},
        t0 + 4,
        {name: 'browser'}
      ),
      say('a', 'assistant', 'It says revenue grew 4%.', 5)
    )
  )
  const calls = partsOf<ToolCallPart>(value, 'tool-call')
  assert.deepEqual(
    calls.map((call) => [call.name, call.text, call.result?.text]),
    [
      ['myfiles_browser', 'report.pdf', 'Revenue grew 4%.'],
      ['file_search', 'report.pdf', 'Revenue grew 4%.'],
      ['tool', 'report.pdf', 'Revenue grew 4%.']
    ]
  )
  // A web page the answer quotes stays a quote.
  assert.deepEqual(
    partsOf<QuotePart>(value, 'quote').map((part) => part.url),
    ['https://example.com']
  )
})

test('no current_node and a single branch: read without a warning; several branches keep it', async () => {
  const single = conversation([
    ['root', null, null],
    ['u1', 'root', say('u1', 'user', 'Question', 1)],
    ['a1', 'u1', say('a1', 'assistant', 'Answer', 2)]
  ])
  delete single['current_node']
  const read1 = await read([single])
  assert.deepEqual(problems(read1.file), [])
  assert.deepEqual(texts(read1.conversations[0]!), ['Question', 'Answer'])
  assert.deepEqual(
    read1.conversations[0]!.turns.flatMap((turn) => turn.parts.filter((part) => part.type === 'notice')),
    []
  )

  const forked = conversation([
    ['root', null, null],
    ['u1', 'root', say('u1', 'user', 'Question', 1)],
    ['a1', 'u1', say('a1', 'assistant', 'Answer', 2)],
    ['a2', 'u1', say('a2', 'assistant', 'Other answer', 3)]
  ])
  delete forked['current_node']
  assert.equal(problems((await read([forked])).file).length, 1)
  // A current_node the mapping lacks is a broken file, single branch or not.
  const dangling = {...single, current_node: 'gone'}
  assert.equal(problems((await read([dangling])).file).length, 1)
})
