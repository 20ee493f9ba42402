import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createNormalizer, inputFromString, sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-plaintext'
import {plaintext} from '@chatmark/format-plaintext'
import {read, verdictOf} from './helpers.js'

test('the public API is exactly the expected list of exports', () => {
  assert.deepEqual(Object.keys(api).sort(), ['plaintext'])
})

test('the plugin is named plaintext, describes itself in one line and hints at text extensions', () => {
  const plugin = plaintext()
  assert.equal(plugin.name, 'plaintext')
  assert.ok(plugin.description.length > 0 && !plugin.description.includes('\n'))
  assert.deepEqual(plugin.extensions, ['.txt', '.md', '.markdown', '.log'])
})

// `>`-marker transcripts (MemPalace).

const mempalace =
  '> What is a monad?\nA monoid in the category of endofunctors.\n\n> Say it simpler.\nA way to chain steps.\n\n'

test('a MemPalace transcript is read as user prompts and replies, at likely', async () => {
  assert.deepEqual(verdictOf(mempalace), {
    confidence: 'likely',
    reason: '`> ` user prompts followed by replies, 4 turns in the sample',
    variant: 'marker'
  })
  const {turns, conversations} = await read(mempalace)
  assert.deepEqual(turns, [
    ['User', 'What is a monad?'],
    ['Assistant', 'A monoid in the category of endofunctors.'],
    ['User', 'Say it simpler.'],
    ['Assistant', 'A way to chain steps.']
  ])
  assert.deepEqual(conversations[0]?.source, {format: 'plaintext', variant: 'marker'})
})

test('multi-line prompts and multi-line replies stay whole turns', async () => {
  const {turns} = await read('> first line\n>\n> third line\nReply one.\n\nReply two,\n  indented.\n\n> next\nok\n')
  assert.deepEqual(turns, [
    ['User', 'first line\n\nthird line'],
    ['Assistant', 'Reply one.\n\nReply two,\n  indented.'],
    ['User', 'next'],
    ['Assistant', 'ok']
  ])
})

test('a block quote right after reply text, with no blank line, stays in the reply', async () => {
  const {turns} = await read('> quote Hamlet\nHere it is:\n> To be, or not to be\n\n> thanks\nwelcome\n')
  assert.deepEqual(
    turns.map(([speaker]) => speaker),
    ['User', 'Assistant', 'User', 'Assistant']
  )
  assert.equal(turns[1]?.[1], 'Here it is:\n> To be, or not to be')
})

test(
  'when replies start right after their prompt, a block quote followed by more reply text stays in the ' + 'reply',
  async () => {
    const {turns} = await read(
      '> quote Hamlet\nHere it is:\n\n> To be, or not to be\n\nThat is the question.\n\n> thanks\nwelcome\n'
    )
    assert.deepEqual(turns, [
      ['User', 'quote Hamlet'],
      ['Assistant', 'Here it is:\n\n> To be, or not to be\n\nThat is the question.'],
      ['User', 'thanks'],
      ['Assistant', 'welcome']
    ])
  }
)

test('when replies start after a blank line, every `>` block after a blank line is a prompt', async () => {
  const {turns} = await read('> one\n\nreply one\n\n> two\n\nreply two\n')
  assert.deepEqual(turns, [
    ['User', 'one'],
    ['Assistant', 'reply one'],
    ['User', 'two'],
    ['Assistant', 'reply two']
  ])
})

test('consecutive prompts and a final unanswered prompt are user turns', async () => {
  const {turns} = await read('> one\n\n> two\nreply\n\n> three\n')
  assert.deepEqual(turns, [
    ['User', 'one'],
    ['User', 'two'],
    ['Assistant', 'reply'],
    ['User', 'three']
  ])
})

test('`>` lines inside a fenced code block in a reply are code', async () => {
  const {turns} = await read('> show a prompt\nLike this:\n\n```\n> ls\nfile\n```\n\n> ok\nyes\n')
  assert.equal(turns.length, 4)
  assert.equal(turns[1]?.[1], 'Like this:\n\n```\n> ls\nfile\n```')
})

test('a Markdown note that does not start with a `>` prompt is prose, not a marker transcript', () => {
  const verdict = verdictOf('Some thoughts.\n\n> a quotation\n\nMore thoughts.\n\n> another\n\nEnd.\n')
  assert.equal(verdict.variant, 'prose')
  assert.equal(verdict.confidence, 'possible')
})

// Labelled transcripts.

test('User and Assistant labels start turns, with text on the label line or after it, at likely', async () => {
  const text = 'User: What is 2 + 2?\nAssistant:\nFour.\n\nAnything else?\nUser: no\n'
  assert.deepEqual(verdictOf(text), {
    confidence: 'likely',
    reason: 'speaker labels at line start, 3 turns in the sample',
    variant: 'labels'
  })
  const {turns, conversations} = await read(text)
  assert.deepEqual(turns, [
    ['User', 'What is 2 + 2?'],
    ['Assistant', 'Four.\n\nAnything else?'],
    ['User', 'no']
  ])
  assert.deepEqual(conversations[0]?.source, {format: 'plaintext', variant: 'labels'})
})

test('every built-in label is recognised, case-insensitively, with its role', async () => {
  const labels: Array<[string, string, string]> = [
    ['User', 'user', 'User'],
    ['human', 'user', 'User'],
    ['YOU', 'user', 'User'],
    ['Me', 'user', 'User'],
    ['Assistant', 'assistant', 'Assistant'],
    ['AI', 'assistant', 'Assistant'],
    ['Bot', 'assistant', 'Assistant'],
    ['chatgpt', 'assistant', 'ChatGPT'],
    ['Claude', 'assistant', 'Claude'],
    ['GEMINI', 'assistant', 'Gemini']
  ]
  for (const [label, role, speaker] of labels) {
    const other = role === 'user' ? 'Assistant' : 'User'
    const {conversations, turns} = await read(`${label}: hello\n${other}: hi\n`)
    assert.equal(conversations[0]?.turns[0]?.role, role, label)
    assert.equal(turns[0]?.[0], speaker, label)
  }
  const {turns} = await read('System: be brief\nUser: hi\nAssistant: hello\n')
  assert.deepEqual(
    turns.map(([speaker]) => speaker),
    ['System', 'User', 'Assistant']
  )
})

test('named models become participants under their own name; generic labels are User and Assistant', async () => {
  const {conversations, turns} = await read('Human: hi\n\nClaude: hello\n\nHuman: bye\n')
  assert.deepEqual(conversations[0]?.participants, [
    {id: 'user', name: 'User', kind: 'human'},
    {id: 'claude', name: 'Claude', kind: 'model'}
  ])
  assert.deepEqual(
    conversations[0]?.turns.map((turn) => turn.author),
    ['user', 'claude', 'user']
  )
  const generic = await read('User: hi\n\nAI: hello\n')
  assert.deepEqual(
    generic.conversations[0]?.participants.map((participant) => participant.name),
    ['User', 'Assistant']
  )
  assert.deepEqual(
    turns.map(([speaker]) => speaker),
    ['User', 'Claude', 'User']
  )
})

test('bold labels, inside or before the colon, or alone on their line, start turns', async () => {
  const {turns} = await read('**User:** hi there\n\n**Assistant**: hello\n\n**User**\n\nbye\n')
  assert.deepEqual(turns, [
    ['User', 'hi there'],
    ['Assistant', 'hello'],
    ['User', 'bye']
  ])
})

test('a bold word that is not a label is emphasis, not a turn', async () => {
  const {turns} = await read('**User:** hi\n\n**Assistant:** answer\n\n**Claude** is a name.\n')
  assert.equal(turns.length, 2)
  assert.equal(turns[1]?.[1], 'answer\n\n**Claude** is a name.')
})

test('heading labels start turns; headings with more text are content', async () => {
  const {turns} = await read('### User\n\nhi\n\n### Assistant:\n\n### Assistant answers\n\ntext\n')
  assert.deepEqual(turns, [
    ['User', 'hi'],
    ['Assistant', '### Assistant answers\n\ntext']
  ])
})

test('"You said:" and "ChatGPT said:", as ChatGPT copies a conversation, start turns', async () => {
  const {turns} = await read('You said:\nhi\nChatGPT said:\nhello\n')
  assert.deepEqual(turns, [
    ['User', 'hi'],
    ['ChatGPT', 'hello']
  ])
})

test('only labels in the style of the first label start turns', async () => {
  const {turns} = await read('User: show me a transcript\nAssistant: Here:\n\n## User\n\n**Claude:** quoted\n\nDone.\n')
  assert.deepEqual(turns, [
    ['User', 'show me a transcript'],
    ['Assistant', 'Here:\n\n## User\n\n**Claude:** quoted\n\nDone.']
  ])
})

test('labels inside fenced code blocks are code', async () => {
  const {turns} = await read(
    'User: format this\nAssistant: Sure:\n```text\nUser: inside\nAssistant: code\n```\nUser: thanks\n'
  )
  assert.deepEqual(
    turns.map(([speaker]) => speaker),
    ['User', 'Assistant', 'User']
  )
  assert.equal(turns[1]?.[1], 'Sure:\n```text\nUser: inside\nAssistant: code\n```')
})

test('a code fence that is never closed does not swallow the turns after it', async () => {
  const {turns} = await read('User: broken\nAssistant: ```js\nlet a = 1\nUser: still there?\nAssistant: yes\n')
  assert.deepEqual(turns, [
    ['User', 'broken'],
    ['Assistant', '```js\nlet a = 1'],
    ['User', 'still there?'],
    ['Assistant', 'yes']
  ])
  const marker = await read('> code?\nHere:\n\n```\nx\n\n> next\nreply\n')
  assert.deepEqual(
    marker.turns.map(([speaker]) => speaker),
    ['User', 'Assistant', 'User', 'Assistant']
  )
})

test('text before the first label is kept as a preamble turn of role other', async () => {
  const {conversations} = await read('Exported from my chat app.\n\nUser: hi\nAssistant: hello\n')
  assert.deepEqual(
    conversations[0]?.turns.map((turn) => turn.role),
    ['other', 'user', 'assistant']
  )
})

test('a label with nothing after it is dropped and counted as an empty turn', async () => {
  const {conversations} = await read('User: hi\nAssistant:\n\nUser: anyone?\nAssistant: yes\n')
  assert.deepEqual(
    conversations[0]?.turns.map((turn) => turn.role),
    ['user', 'user', 'assistant']
  )
  assert.deepEqual(conversations[0]?.fidelity, {'empty-turn': 1})
})

test('the speakers option adds labels', async () => {
  const options = {speakers: {Copilot: {role: 'assistant', name: 'Copilot'}}} as const
  const {turns} = await read('User: hi\nCopilot: hello\n', options)
  assert.deepEqual(turns, [
    ['User', 'hi'],
    ['Copilot', 'hello']
  ])
})

test('labels whose speakers never alternate are possible, not likely', () => {
  assert.deepEqual(verdictOf('User: one\nUser: two\n'), {
    confidence: 'possible',
    reason: 'speaker labels at line start, but the speakers never alternate in the sample',
    variant: 'labels'
  })
})

test('a single label line is prose, not a transcript', () => {
  assert.equal(verdictOf('Me: a note to self\nabout things\n').variant, 'prose')
})

test('detection judges a long transcript by the sample alone, ignoring a line cut by its bound', () => {
  const text = Buffer.from(mempalace.repeat(50))
  const head = text.subarray(0, 300)
  const verdict = plaintext().detect(sampleFromBytes(head, {name: 'long.txt', complete: false, size: text.byteLength}))
  assert.equal(verdict.confidence, 'likely')
  assert.equal(verdict.variant, 'marker')
})

// Prose.

test('prose becomes a single user turn at possible', async () => {
  const text = 'Meeting notes\n\nWe agreed on the plan.\nNext steps: ship it.\n'
  assert.deepEqual(verdictOf(text), {
    confidence: 'possible',
    reason: 'text without speaker labels or `> ` prompts: read as a single note',
    variant: 'prose'
  })
  const {conversations} = await read(text)
  assert.deepEqual(conversations[0]?.turns, [
    {
      role: 'user',
      author: 'user',
      parts: [{type: 'text', text: 'Meeting notes\n\nWe agreed on the plan.\nNext steps: ship it.'}]
    }
  ])
  // The person who wrote it.
  assert.deepEqual(conversations[0]?.participants, [{id: 'user', name: 'User', kind: 'human'}])
  assert.deepEqual(conversations[0]?.source, {format: 'plaintext', variant: 'prose'})
})

test('a Markdown note starting with a link is prose', () => {
  assert.equal(verdictOf('[Home](index.md) / notes\n\nSome text here.\n').confidence, 'possible')
})

test('with prose: false, prose is declined but transcripts are still read', () => {
  assert.equal(verdictOf('just some text\n', {prose: false}).confidence, 'none')
  assert.equal(verdictOf(mempalace, {prose: false}).confidence, 'likely')
})

// What plain text never claims.

test('plain text never claims JSON, JSON Lines, broken JSON, empty or binary input', () => {
  const declined: Array<[string, string | Uint8Array, RegExp]> = [
    ['JSON', '{"messages": []}', /input is JSON/],
    ['a JSON array', '[1, 2, 3]', /input is JSON/],
    ['JSON Lines', '{"a": 1}\n{"b": 2}\n', /input is JSON Lines/],
    ['broken JSON', '{"messages": [', /input is JSON/],
    ['text that starts with a brace', '{ not json', /starts with `\{`/],
    ['empty input', '', /empty/],
    ['blank input', ' \n\t\n', /empty/],
    ['binary with NUL bytes', new Uint8Array([0x48, 0x69, 0x00, 0x01]), /binary/],
    ['a gzip archive', new Uint8Array([0x1f, 0x8b, 0x08, 0x00]), /gzip archive/],
    ['invalid UTF-8', new Uint8Array([0x48, 0x69, 0x20, 0xc3, 0x28, 0x21]), /not valid UTF-8/],
    ['text full of control characters', 'ab\u0001cd\u0002ef\u0003gh\u0004', /control characters/]
  ]
  for (const [what, input, reason] of declined) {
    const verdict = verdictOf(input)
    assert.equal(verdict.confidence, 'none', what)
    assert.match(verdict.reason, reason, what)
  }
})

test('plain text never claims text that looks like data or code', () => {
  const xssi = ')]}\'\n[["wrb.fr",null,"[[1,2]]"]]\n[["di",123]]\n'
  assert.match(verdictOf(xssi).reason, /data or code/)
  const javascript = 'const config = {\n  a: {b: 1},\n  c: [{d: 2}]\n}\n'
  assert.equal(verdictOf(javascript).confidence, 'none')
})

test('plain text never claims a log of one record per line', () => {
  const irc = '[09:14] <alice> has anyone tried it?\n[09:15] <bob> yes\n[09:16] <alice> nice\n'
  assert.match(verdictOf(irc).reason, /log of one record per line/)
  const whatsapp = '[01/05/24, 10:00:01] Alice: hi\n[01/05/24, 10:00:09] Bob: hello\n'
  assert.equal(verdictOf(whatsapp).confidence, 'none')
})

test('an input that is not claimed fails dispatch instead of becoming a note', async () => {
  const {detection, file, conversations} = await read('{"x": 1}')
  assert.equal(detection.format, undefined)
  assert.equal(conversations.length, 0)
  assert.equal(file.messages[0]?.fatal, true)
})

// Encodings, line endings, layout.

test('CRLF input reads exactly like LF input', async () => {
  const lf = 'User: one\ntwo\n\nAssistant: three\n'
  const crlf = lf.replaceAll('\n', '\r\n')
  assert.deepEqual(verdictOf(crlf), verdictOf(lf))
  assert.deepEqual((await read(crlf)).turns, (await read(lf)).turns)
  assert.deepEqual((await read(mempalace.replaceAll('\n', '\r\n'))).turns, (await read(mempalace)).turns)
})

test('a UTF-8 byte order mark is dropped and does not hide a title or a prompt', async () => {
  const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(`# Monads\n\n${mempalace}`)])
  assert.equal(verdictOf(bom).confidence, 'likely')
  const {conversations, turns} = await read(bom)
  assert.equal(conversations[0]?.title, 'Monads')
  assert.deepEqual(turns[0], ['User', 'What is a monad?'])
})

test('a leading `# ` heading is the title and leaves the body', async () => {
  const {conversations, turns} = await read('# Pasta night\n\nUser: recipe?\nAssistant: boil water\n')
  assert.equal(conversations[0]?.title, 'Pasta night')
  assert.equal(turns[0]?.[1], 'recipe?')
  const untitled = await read('User: hi\nAssistant: # not a title\n')
  assert.equal(untitled.conversations[0]?.title, undefined)
})

test('a file that is only a heading is a note of that line', async () => {
  const {conversations} = await read('# Just a title\n')
  assert.equal(conversations[0]?.title, 'Just a title')
  assert.deepEqual(conversations[0]?.turns, [
    {role: 'user', author: 'user', parts: [{type: 'text', text: '# Just a title'}]}
  ])
})

test('YAML front matter is skipped and counted, and its title is kept', async () => {
  const {conversations, turns} = await read(
    '---\ntitle: "Trip plan"\ntags: [travel]\n---\n\n# Heading\n\nUser: where?\nAssistant: Lisbon\n'
  )
  assert.equal(conversations[0]?.title, 'Trip plan')
  assert.deepEqual(conversations[0]?.fidelity, {'front-matter': 1})
  assert.deepEqual(turns[0], ['Other', '# Heading'])
  const rule = await read('---\nNot front matter, just a rule.\n---\n')
  assert.equal(rule.turns[0]?.[1], '---\nNot front matter, just a rule.\n---')
})

test('message text is kept verbatim; only surrounding blank lines are trimmed', async () => {
  const {turns} = await read('User:\n\n\n  indented *emphasis*  \n\ttab\n\n\nAssistant: 1) a\n1) b  \n\n')
  assert.deepEqual(turns, [
    ['User', '  indented *emphasis*  \n\ttab'],
    ['Assistant', '1) a\n1) b  ']
  ])
})

// Ids, limits and the format option.

test(
  'the conversation id is the file name with a hash of its head, or a hash of the content for unnamed ' + 'input',
  async () => {
    const file = (text: string, path: string) => ({...inputFromString(text, path), path})
    const named = file('User: hi\nAssistant: yo\n', '/tmp/chats/chat-2024-05-01.txt')
    const {conversations} = await read(named)
    assert.match(conversations[0]?.id ?? '', /^chat-2024-05-01-[\da-f]{8}$/)
    // Same name elsewhere, other content: another conversation. Grown at its end: the same one.
    const elsewhere = await read(file('User: other\nAssistant: yo\n', '/tmp/old/chat-2024-05-01.txt'))
    assert.notEqual(elsewhere.conversations[0]?.id, conversations[0]?.id)
    const grown = await read(
      file(`User: hi\nAssistant: yo\n${'User: more\n'.repeat(1000)}`, '/tmp/chats/chat-2024-05-01.txt')
    )
    const head = await read(
      file(`User: hi\nAssistant: yo\n${'User: more\n'.repeat(2000)}`, '/tmp/chats/chat-2024-05-01.txt')
    )
    assert.equal(grown.conversations[0]?.id, head.conversations[0]?.id)
    assert.deepEqual(conversations[0]?.source, {
      format: 'plaintext',
      variant: 'labels',
      path: '/tmp/chats/chat-2024-05-01.txt'
    })
    const first = await read('User: hi\nAssistant: yo\n')
    const again = await read('User: hi\nAssistant: yo\n')
    const other = await read('User: hi\nAssistant: hey\n')
    assert.match(first.conversations[0]?.id ?? '', /^[\da-f]{16}$/)
    assert.equal(first.conversations[0]?.id, again.conversations[0]?.id)
    assert.notEqual(first.conversations[0]?.id, other.conversations[0]?.id)
  }
)

test('over-long lines and lines with NUL bytes are skipped, reported with their line and counted', async () => {
  const normalizer = createNormalizer({builtins: [plaintext()], limits: {maxLineBytes: 40}})
  const text = `User: hi\nAssistant: ok\n${'x'.repeat(60)}\nsecond line\nUser: a\u0000b\nUser: bye\n`
  // The NUL makes the sample binary; past the sample it would only cost its line.
  const {file, conversations} = await normalizer.normalize(inputFromString(text), {format: 'plaintext'})
  assert.deepEqual(conversations[0]?.fidelity, {'long-line': 1, 'binary-line': 1})
  assert.deepEqual(
    file.messages.map((message) => [message.line, message.ruleId]),
    [
      [3, 'long-line'],
      [5, 'binary-line']
    ]
  )
  assert.deepEqual(
    conversations[0]?.turns.map((turn) => (turn.parts[0]?.type === 'text' ? turn.parts[0].text : undefined)),
    ['hi', 'ok\nsecond line', 'bye']
  )
})

test('with the format named explicitly, the transcript style is still chosen from the input', async () => {
  const {detection, conversations} = await read(mempalace, {}, {format: 'plaintext'})
  assert.equal(detection.decidedBy, 'option')
  assert.equal(conversations[0]?.source.variant, 'marker')
  assert.equal(conversations[0]?.turns.length, 4)
})
