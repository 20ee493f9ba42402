import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import type {
  AttachmentPart,
  CodePart,
  NoticePart,
  QuotePart,
  Sample,
  TextNotice,
  ThinkingPart,
  ToolCallPart
} from '@chatmark/core'
import {createNormalizer, defaultLimits, inputFromPath, inputFromString, sampleFromBytes, toNote} from '@chatmark/core'
import * as api from '@chatmark/format-chatgpt'
import {chatgpt} from '@chatmark/format-chatgpt'
import {conversation, message, one, partsOf, problems, read, say, simple, t0, text, texts} from './helpers.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const corpus = join(root, 'fixtures/corpus')
const plugin = chatgpt()
const sample = (value: string, name = 'conversations.json', complete = true): Sample =>
  sampleFromBytes(Buffer.from(value), {name, complete})

test('the package exports exactly the chatgpt factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['chatgpt'])
})

test('the plugin names itself chatgpt, hints at .json and describes itself in one line', () => {
  assert.equal(plugin.name, 'chatgpt')
  assert.deepEqual(plugin.extensions, ['.json'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain for an export array and a single conversation whose mapping holds message nodes', () => {
  const value = simple(say('u', 'user', 'hi', 1))
  assert.deepEqual(plugin.detect(sample(JSON.stringify([value]))), {
    confidence: 'certain',
    reason: 'array of conversations with mapping of {id, message, parent, children} nodes and current_node',
    variant: 'chatgpt-export'
  })
  const single = plugin.detect(sample(JSON.stringify(value, null, 2)))
  assert.equal(single.confidence, 'certain')
  assert.equal(single.variant, 'chatgpt-conversation')
})

test('detection is certain from the partial head of a large export that ends inside the first mapping', () => {
  const big = simple(
    ...Array.from({length: 400}, (_, index) =>
      say(`m${index}`, index % 2 ? 'assistant' : 'user', 'word '.repeat(100), index)
    )
  )
  const bytes = Buffer.from(JSON.stringify([big, big]))
  const head = bytes.subarray(0, defaultLimits.sampleBytes)
  const verdict = plugin.detect(
    sampleFromBytes(head, {name: 'conversations.json', complete: false, size: bytes.byteLength})
  )
  assert.equal(verdict.confidence, 'certain', verdict.reason)
})

test('detection answers none for Claude.ai, Gemini, Claude Code, Codex and Slack inputs', () => {
  const cases: Array<[string, string]> = [
    [JSON.stringify([{uuid: 'c', name: 'n', created_at: '2026-01-01', chat_messages: []}]), 'conversations.json'],
    [JSON.stringify({sessionId: 's', projectHash: 'p', startTime: '2026-01-01', messages: []}), 'session.json'],
    [
      '{"parentUuid":null,"sessionId":"s","uuid":"u1","type":"user","message":{"role":"user","content":"hi"}}\n' +
        '{"parentUuid":"u1","sessionId":"s","uuid":"u2","type":"assistant"}\n',
      'session.jsonl'
    ],
    [JSON.stringify({session: {id: 'x', timestamp: '2026-01-01'}, items: []}), 'rollout.json'],
    [JSON.stringify([{type: 'message', user: 'U1', text: 'hi', ts: '1700000000.000100'}]), '2026-01-01.json'],
    [JSON.stringify([]), 'conversations.json'],
    ['Just some notes.\n', 'notes.txt']
  ]
  for (const [value, name] of cases)
    assert.equal(plugin.detect(sample(value, name)).confidence, 'none', value.slice(0, 60))
})

test('detection answers none for every other format in the corpus', async () => {
  for (const folder of ['claude-code', 'gemini-cli', 'codex', 'claude-ai']) {
    for (const name of await readdir(join(corpus, folder))) {
      if (name.endsWith('.md')) continue
      const bytes = await readFile(join(corpus, folder, name))
      const head = bytes.subarray(0, defaultLimits.sampleBytes)
      const verdict = plugin.detect(
        sampleFromBytes(head, {name, complete: head.byteLength === bytes.byteLength, size: bytes.byteLength})
      )
      assert.equal(verdict.confidence, 'none', `${folder}/${name}: ${verdict.reason}`)
    }
  }
})

test('every file in the ChatGPT corpus reads as notes on its current branch', async () => {
  const folder = join(corpus, 'chatgpt')
  for (const name of (await readdir(folder)).filter((file) => file.endsWith('.json'))) {
    const {conversations, file, detection} = await createNormalizer({formats: [chatgpt()]}).normalize(
      await inputFromPath(join(folder, name))
    )
    assert.equal(detection.format, 'chatgpt', name)
    assert.deepEqual(problems(file), [], name)
    assert.equal(conversations.length, 1, name)
    const value = conversations[0]!
    assert.ok(value.turns.length >= 2, name)
    assert.equal(value.fidelity['abandoned-branch-message'], 1, name)
    const note = toNote(value)
    assert.doesNotMatch(note, /Superseded answer|Python instead/, name)
    assert.doesNotMatch(note, /[\uE000-\uF8FF]/, name)
  }
})

test('the active branch follows current_node up to the root and counts the abandoned messages', async () => {
  const value = await one(
    conversation([
      ['root', null, null],
      ['u1', 'root', say('u1', 'user', 'Name a grey cat', 1)],
      ['a1', 'u1', say('a1', 'assistant', 'Ash', 2)],
      ['a2', 'u1', say('a2', 'assistant', 'Pebble', 3)],
      ['u2', 'a2', say('u2', 'user', 'Regal?', 4)],
      ['u3', 'a2', say('u3', 'user', 'Funny?', 5)],
      ['a3', 'u3', say('a3', 'assistant', 'Dust Bunny', 6)]
    ])
  )
  assert.deepEqual(texts(value), ['Name a grey cat', 'Pebble', 'Funny?', 'Dust Bunny'])
  assert.equal(value.fidelity['abandoned-branch-message'], 2)
})

test('branches all shows each other branch as a branch part at its fork point', async () => {
  const input = conversation([
    ['root', null, null],
    ['u1', 'root', say('u1', 'user', 'Name a grey cat', 1)],
    ['a1', 'u1', say('a1', 'assistant', 'Ash', 2)],
    ['a2', 'u1', say('a2', 'assistant', 'Pebble', 3)]
  ])
  const value = await one(input, {branches: 'all'})
  assert.deepEqual(texts(value), ['Name a grey cat', 'Pebble'])
  assert.deepEqual(partsOf<NoticePart>(value, 'notice'), [])
  assert.deepEqual(value.turns[1], {
    role: 'system',
    parts: [
      {
        type: 'branch',
        number: 1,
        origin: 'regenerated-answer',
        turns: [
          {
            id: 'a1',
            timestamp: '2026-01-01T10:00:02.000Z',
            role: 'assistant',
            author: 'chatgpt',
            parts: [{type: 'text', text: 'Ash'}]
          }
        ]
      }
    ]
  })
  const factory = await createNormalizer({formats: [chatgpt({branches: 'all'})]}).normalize(
    inputFromString(JSON.stringify(input), 'c.json')
  )
  assert.equal(factory.conversations[0]?.turns.length, 3)
})

test('a branch of a branch is nested in it, and branches are numbered in the order a note shows them', async () => {
  const input = conversation(
    [
      ['root', null, null],
      ['u1', 'root', say('u1', 'user', 'Name a cat', 1)],
      ['a1', 'u1', say('a1', 'assistant', 'Ash', 2)],
      ['u2', 'root', say('u2', 'user', 'Name a dog', 3)],
      ['a2', 'u2', say('a2', 'assistant', 'Rex', 4)],
      ['a3', 'u2', say('a3', 'assistant', 'Fido', 5)]
    ],
    {current_node: 'a1'}
  )
  const value = await one(input, {branches: 'all'})
  assert.deepEqual(texts(value), ['Name a cat', 'Ash'])
  const outer = value.turns[0]?.parts[0]
  assert(outer?.type === 'branch')
  assert.equal(outer.number, 1)
  assert.equal(outer.origin, 'edited-prompt')
  const inner = outer.turns[1]?.parts[0]
  assert.deepEqual(
    outer.turns.map((turn) => turn.parts[0]?.type),
    ['text', 'branch', 'text']
  )
  assert(inner?.type === 'branch')
  assert.deepEqual(
    {number: inner.number, origin: inner.origin, texts: inner.turns.map((turn) => turn.parts[0])},
    {number: 2, origin: 'regenerated-answer', texts: [{type: 'text', text: 'Rex'}]}
  )
  assert.deepEqual(outer.turns[2]?.parts, [{type: 'text', text: 'Fido'}])
  assert.equal((await one(input)).turns.length, 2)
})

test('a conversation without current_node shows the newest leaf and says so', async () => {
  const input = conversation([
    ['root', null, null],
    ['u1', 'root', say('u1', 'user', 'Question', 1)],
    ['a2', 'u1', say('a2', 'assistant', 'Newer', 9)],
    ['a1', 'u1', say('a1', 'assistant', 'Older', 2)]
  ])
  delete input['current_node']
  const {conversations, file} = await read([input])
  assert.deepEqual(problems(file), [
    'no-current-node: Conversation 1 (“Test chat”, id c-1): it has no current_node, so the branch of its newest ' +
      'message is shown'
  ])
  assert.deepEqual(texts(conversations[0]!), ['Question', 'Newer'])
  assert.match(partsOf<TextNotice>(conversations[0]!, 'notice')[0]?.text ?? '', /newest message is shown/)
})

test('cycles and dangling parents in mapping never hang: what is reachable is kept and reported', async () => {
  const input = conversation(
    [
      ['x1', 'x3', say('x1', 'user', 'one', 1)],
      ['x2', 'x1', say('x2', 'assistant', 'two', 2)],
      ['x3', 'x2', say('x3', 'user', 'three', 3)],
      ['y1', 'gone', say('y1', 'assistant', 'orphan', 4)]
    ],
    {current_node: 'x3'}
  )
  const {conversations, file} = await read(input)
  assert.deepEqual(texts(conversations[0]!), ['one', 'two', 'three'])
  assert.deepEqual(
    file.messages.map((item) => item.ruleId).filter((rule) => rule !== 'malformed-json'),
    ['dangling-parent', 'mapping-cycle']
  )
})

test('each content type becomes readable parts', async () => {
  const value = await one(
    simple(
      message(
        'u',
        'user',
        {
          content_type: 'multimodal_text',
          parts: [
            {
              content_type: 'image_asset_pointer',
              asset_pointer: 'file-service://file-1',
              size_bytes: 2048,
              width: 4,
              height: 3
            },
            'What is this?'
          ]
        },
        t0,
        {
          metadata: {attachments: [{id: 'file-1', name: 'pic.png', mime_type: 'image/png', size: 2048}]}
        }
      ),
      message(
        'th',
        'assistant',
        {content_type: 'thoughts', thoughts: [{summary: 'Looking', content: 'It is a chart.'}]},
        t0 + 1
      ),
      message('rr', 'assistant', {content_type: 'reasoning_recap', content: 'Thought for 2s'}, t0 + 2),
      message('c', 'assistant', {content_type: 'code', language: 'unknown', text: 'print(1)'}, t0 + 3, {
        recipient: 'python'
      }),
      message('o', 'tool', {content_type: 'execution_output', text: '1'}, t0 + 4, {name: 'python'}),
      message(
        'q',
        'tool',
        {
          content_type: 'tether_quote',
          url: 'https://example.com/a',
          domain: 'example.com',
          title: 'A page',
          text: 'Quoted words.'
        },
        t0 + 5,
        {name: 'browser'}
      ),
      message(
        'v',
        'user',
        {
          content_type: 'multimodal_text',
          parts: [
            {content_type: 'audio_transcription', text: 'spoken words', direction: 'in'},
            {content_type: 'audio_asset_pointer', asset_pointer: 'sediment://file_2', size_bytes: 10}
          ]
        },
        t0 + 6
      ),
      message('e', 'assistant', {content_type: 'system_error', name: 'tool_error', text: 'boom'}, t0 + 7)
    )
  )
  const [image, audio] = partsOf<AttachmentPart>(value, 'attachment')
  assert.deepEqual(image, {
    type: 'attachment',
    text: 'image/png, 4×3, 2.0 KB',
    size: 2048,
    reference: 'file-service://file-1',
    name: 'pic.png',
    mimeType: 'image/png'
  })
  assert.equal(audio?.reference, 'sediment://file_2')
  assert.deepEqual(partsOf<ThinkingPart>(value, 'thinking'), [
    {type: 'thinking', text: 'It is a chart.', subject: 'Looking'}
  ])
  assert.deepEqual(partsOf<CodePart>(value, 'code'), [])
  assert.deepEqual(partsOf<ToolCallPart>(value, 'tool-call')[0], {
    type: 'tool-call',
    text: 'python',
    name: 'python',
    input: 'print(1)',
    inputLanguage: 'python',
    result: {text: '1'}
  })
  assert.deepEqual(partsOf<QuotePart>(value, 'quote'), [
    {type: 'quote', text: 'Quoted words.', title: 'A page', url: 'https://example.com/a'}
  ])
  assert.ok(toNote(value).includes('\n> Quoted words.\n>\n> — [A page](https://example.com/a)\n'))
  assert.ok(texts(value).includes('spoken words'))
  assert.equal(partsOf<TextNotice>(value, 'notice')[0]?.text, 'tool_error: boom')
})

test('an assistant message addressed to a tool becomes a tool call paired with the tool output', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'search', 0),
      say('a', 'assistant', '{"query": "x"}', 1, {recipient: 'browser.search'}),
      message('t', 'tool', {content_type: 'tether_browsing_display', result: 'found x', summary: null}, t0 + 2, {
        name: 'browser.search'
      }),
      say('b', 'assistant', 'Done.', 3)
    )
  )
  const [call] = partsOf<ToolCallPart>(value, 'tool-call')
  assert.deepEqual(call, {
    type: 'tool-call',
    text: 'browser.search',
    name: 'browser.search',
    input: {query: 'x'},
    result: {text: 'found x'}
  })
  assert.equal(value.turns.length, 2, 'the call, its output and the answer are one assistant turn')
})

test('citation markers become links where the metadata gives a URL and are removed cleanly otherwise', async () => {
  const cite = '\uE200cite\uE202turn0search1\uE201'
  const raw = `Sunny.${cite} Warm \uE200cite\uE202turn0search7\uE201.\n\nOld【3†source】 style【4†x】.`
  const value = await one(
    simple(
      say('u', 'user', 'q', 0),
      say('a', 'assistant', raw, 1, {
        metadata: {
          content_references: [
            {
              matched_text: cite,
              type: 'grouped_webpages',
              alt: '',
              items: [{title: 'Page', url: 'https://example.com/p', attribution: 'Example'}]
            },
            {matched_text: ' ', type: 'sources_footnote', sources: []}
          ],
          citations: [
            {
              start_ix: raw.indexOf('【3'),
              end_ix: raw.indexOf('【3') + '【3†source】'.length,
              metadata: {title: 'Atlas', url: 'https://atlas.example'}
            }
          ]
        }
      })
    )
  )
  const answer = texts(value, 'assistant')[0] ?? ''
  assert.match(answer, /^Sunny\. \(\[Example\]\(https:\/\/example\.com\/p\)\) Warm\./)
  assert.match(answer, /Warm\.\n\nOld \[Atlas\]\(https:\/\/atlas\.example\) style\.$/)
  assert.doesNotMatch(answer, /[\uE000-\uF8FF]|【|cite|turn0/)
  assert.equal(value.fidelity['unresolved-citation'], 2)
})

test('hidden messages and custom instructions are not shown and are counted', async () => {
  const value = await one(
    simple(
      message('s', 'system', text(''), null),
      message(
        'ctx',
        'user',
        {content_type: 'user_editable_context', user_profile: 'I am Ada', user_instructions: 'Be brief'},
        null
      ),
      say('h', 'user', 'hidden helper', 1, {metadata: {is_visually_hidden_from_conversation: true}}),
      message('mem', 'assistant', {content_type: 'model_editable_context', model_set_context: 'likes cats'}, t0 + 2),
      say('u', 'user', 'hello', 3),
      say('a', 'assistant', 'hi', 4)
    )
  )
  assert.deepEqual(texts(value), ['hello', 'hi'])
  assert.deepEqual(value.fidelity, {'hidden-message': 2, 'custom-instructions': 1, 'memory-context': 1})
  assert.doesNotMatch(toNote(value), /Ada|Be brief|likes cats/)
})

test('an unknown content type is kept as a notice and counted', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'q', 0),
      message('a', 'assistant', {content_type: 'super_widget', parts: ['widget text']}, t0 + 1)
    )
  )
  assert.deepEqual(partsOf<NoticePart>(value, 'notice'), [
    {
      type: 'notice',
      level: 'warning',
      kind: 'unknown-content',
      text: 'Content of an unknown type, super_widget (its text below)',
      details: 'widget text'
    }
  ])
  assert.equal(value.fidelity['unknown-content-type'], 1)
})

test('times are epoch seconds read as ISO dates, with the title, id and per-turn models', async () => {
  const value = await one(
    simple(
      say('u', 'user', 'q', 0.5),
      say('a', 'assistant', 'a', 1, {metadata: {model_slug: 'gpt-4o'}}),
      say('u2', 'user', 'q2', 2),
      say('b', 'assistant', 'b', 3, {metadata: {model_slug: 'o3'}})
    )
  )
  assert.equal(value.id, 'c-1')
  assert.equal(value.title, 'Test chat')
  assert.equal(value.createdAt, '2026-01-01T10:00:00.000Z')
  assert.equal(value.updatedAt, '2026-01-01T10:01:00.000Z')
  assert.equal(value.turns[0]?.timestamp, '2026-01-01T10:00:00.500Z')
  assert.deepEqual(
    value.turns.map((turn) => turn.model),
    [undefined, 'gpt-4o', undefined, 'o3']
  )
  assert.deepEqual(value.metadata.models, ['gpt-4o', 'o3'])
  assert.deepEqual(value.participants, [
    {id: 'user', name: 'User', kind: 'human'},
    {id: 'chatgpt', name: 'ChatGPT', kind: 'model'}
  ])
  assert.equal(value.turns[1]?.author, 'chatgpt')
})

test('an export array yields one conversation per element, in order, and a single object yields one', async () => {
  const a = simple(say('u', 'user', 'first', 0))
  const b = {...simple(say('u', 'user', 'second', 0)), id: 'c-2', conversation_id: 'c-2'}
  const array = await read([a, b])
  assert.deepEqual(
    array.conversations.map((value) => [value.id, value.source.variant]),
    [
      ['c-1', 'chatgpt-export'],
      ['c-2', 'chatgpt-export']
    ]
  )
  const single = await read(a)
  assert.deepEqual(
    single.conversations.map((value) => [value.id, value.source.variant]),
    [['c-1', 'chatgpt-conversation']]
  )
})

test('a conversation with nothing to show is skipped with a warning, and an export with none fails', async () => {
  const empty = {...simple(message('s', 'system', text(''), null)), title: 'Blank', id: 'c-0'}
  const mixed = await read([empty, simple(say('u', 'user', 'kept', 0))])
  assert.equal(mixed.conversations.length, 1)
  assert.deepEqual(problems(mixed.file), [
    'empty-conversation: Conversation 1 (“Blank”, id c-0) has no message to show: skipped'
  ])

  // A title or id of any length is quoted short: a message never floods a terminal with it.
  const long = {...empty, title: `Long ${'title '.repeat(10_000)}`, id: 'i'.repeat(5_000)}
  const quoted = await read([long, simple(say('u', 'user', 'kept', 0))])
  assert.deepEqual(problems(quoted.file), [
    `empty-conversation: Conversation 1 (“Long ${'title '.repeat(12)}ti…”, id ${'i'.repeat(79)}…) ` +
      'has no message to show: skipped'
  ])

  const none = await read([empty, 'not a conversation'])
  assert.equal(none.conversations.length, 0)
  const fatal = none.file.messages.find((item) => item.fatal)
  assert.match(
    fatal?.reason ?? '',
    /none of the export's 2 items is a readable conversation \(1 with no message to show, 1 not a conversation\)/
  )
  const zero = await read([])
  assert.match(zero.file.messages.find((item) => item.fatal)?.reason ?? '', /the export holds no conversation/)
})
