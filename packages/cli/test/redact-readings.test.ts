import assert from 'node:assert/strict'
import {test} from 'vitest'
import {readableText, sourcePosition} from '../src/redact/readable-text.js'
import {redactMessage} from '../src/redact/redact-message.js'
import {redactSecrets} from '../src/redact/redact-secrets.js'
import {redactString} from '../src/redact/redact-string.js'

// Made-up secrets of the shapes the rules read.
const token = `ghp_${'aB3dE5fG7h'.repeat(3)}J9kL1m`
const escaped = token.replace('_', '\\_')

test('a secret spelled with Markdown escapes or character references is replaced where it stands', async () => {
  for (const spelled of [
    escaped,
    token.replace('_', '&#95;'),
    token.replace('_', '&lowbar;'),
    token.replace('_', '&#x5F;')
  ]) {
    const {text, count} = await redactString(`before *${spelled}* after \\* kept`)
    assert.equal(text, 'before *[redacted: GitHub token]* after \\* kept', spelled)
    assert.equal(count, 1)
  }
  // Slack's mrkdwn through mdast-util-to-markdown: `:` and `@` escaped in a URL's userinfo.
  assert.equal(
    (await redactString('redis\\://:s3cr3tPassw0rd\\@cache:6379')).text,
    'redis\\://:[redacted: password in a URL]\\@cache:6379'
  )
})

test('positions in the text as read map back to the text as written, escapes and all', () => {
  const source = 'a\\_b&amp;c&#x1F600;d'
  const readable = readableText(source)
  assert.ok(readable)
  assert.equal(readable.text, 'a_b&c😀d')
  const positions = [...Array(readable.text.length + 1).keys()].map((at) => sourcePosition(readable, at))
  assert.deepEqual(positions, [0, 1, 3, 4, 9, 10, 11, 19, 20])
  assert.equal(readableText('plain text, & no escape'), undefined)
})

test('a `secretlint-disable` comment in a transcript does not turn redaction off', async () => {
  const text = `// secretlint-disable\nconst key = "${token}"\n// secretlint-enable`
  assert.equal((await redactString(text)).count, 1)
})

test('a token in base64 is replaced whole; base64 of ordinary text is kept', async () => {
  const wrapped = Buffer.from(token).toString('base64')
  assert.equal(
    (await redactString(`echo ${wrapped} | base64 -d`)).text,
    'echo [redacted: GitHub token in base64] | base64 -d'
  )
  const greeting = Buffer.from('Hello, world! Hello, world!').toString('base64')
  assert.equal((await redactString(greeting)).count, 0)
})

test("an object's keys are redacted in their places; two keys that become one name are both kept", async () => {
  const other = token.replace('aB3', 'zZ9')
  const input = {before: 1, [token]: 'x', [other]: 'y', after: {[`${token} nested`]: true}}
  const conversation = {
    id: 'c',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    fidelity: {},
    turns: [{role: 'assistant' as const, parts: [{type: 'tool-call' as const, text: 'Run', name: 'Run', input}]}]
  }
  await redactSecrets(conversation)
  assert.deepEqual(Object.keys(input), ['before', '[redacted: GitHub token]', '[redacted: GitHub token] (2)', 'after'])
  assert.deepEqual(Object.values(input), [1, 'x', 'y', {'[redacted: GitHub token] nested': true}])
  assert.deepEqual(conversation.fidelity, {'redacted-secret': 3})
})

test('a warning that quotes a title cut short by `…` keeps no part of the token it cut', async () => {
  const cut = `Conversation 3 (“deploy with ${token.slice(0, 25)}…”, id c-3) has no message to show: skipped`
  assert.equal(
    await redactMessage(cut),
    'Conversation 3 (“deploy with [redacted: GitHub token]…”, id c-3) has no message to show: skipped'
  )
  const url = 'Conversation 4 (“clone https://ada:s3cr…”, id c-4)'
  assert.equal(await redactMessage(url), 'Conversation 4 (“clone https://[redacted: password in a URL]…”, id c-4)')
  assert.equal(await redactMessage('a title about secretaries and token…'), 'a title about secretaries and token…')
})
