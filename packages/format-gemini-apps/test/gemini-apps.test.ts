import assert from 'node:assert/strict'
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import {zipOfMembers} from '../../../test/util/zip-of.js'
import type {AttachmentPart, Conversation, Input, Sample} from '@chatmark/core'
import {
  attachmentBytes,
  attachmentsOf,
  createNormalizer,
  inputFromPath,
  inputFromString,
  sampleFromBytes
} from '@chatmark/core'
import * as api from '@chatmark/format-gemini-apps'
import {geminiApps} from '@chatmark/format-gemini-apps'

const plugin = geminiApps()
const fixture = (path: string): string => fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url))
const sample = (text: string, name = 'MyActivity.json'): Sample =>
  sampleFromBytes(Buffer.from(text), {name, complete: true})
const record = (title: string, time: string, extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  header: 'Gemini Apps',
  title,
  time,
  products: ['Gemini Apps'],
  ...extra
})

async function read(input: Input) {
  const reading = await createNormalizer({formats: [geminiApps()]}).read(input)
  const conversations: Conversation[] = []
  for await (const conversation of reading.conversations) conversations.push(conversation)
  return {conversations, messages: reading.file.messages.map(String), input: reading.input}
}

test('the package exports exactly the geminiApps factory, named gemini-apps, tool Gemini Apps', () => {
  assert.deepEqual(Object.keys(api), ['geminiApps'])
  assert.equal(plugin.name, 'gemini-apps')
  assert.equal(plugin.tool?.name, 'Gemini Apps')
  assert.equal(plugin.tool?.slug, 'gemini-apps')
  // A download, not a folder the app keeps: sync looks nowhere.
  assert.equal(plugin.tool?.sessionFolders, undefined)
})

test('detection is certain on Takeout JSON and HTML of Gemini Apps and Bard, and says why', async () => {
  const json = plugin.detect(sample(await readFile(fixture('takeout-2026/input.json'), 'utf8')))
  assert.equal(json.confidence, 'certain')
  assert.equal(json.variant, 'takeout-json')
  assert.match(json.reason, /Gemini Apps with activity titles \(Prompted/)
  assert.equal(plugin.detect(sample(await readFile(fixture('bard-era/input.json'), 'utf8'))).confidence, 'certain')
  const html = plugin.detect(sample(await readFile(fixture('takeout-html/input.html'), 'utf8'), 'My Activity.html'))
  assert.deepEqual([html.confidence, html.variant], ['certain', 'takeout-html'])
})

test('detection declines other JSON arrays and the My Activity of other Google products', () => {
  const chatgpt = JSON.stringify([{title: 'Trip', create_time: 1, mapping: {}, current_node: 'a'}])
  const claude = JSON.stringify([{uuid: 'u', name: 'Trip', chat_messages: [], created_at: '2026-01-01T00:00:00Z'}])
  const youtube = JSON.stringify([{header: 'YouTube', title: 'Watched a video', time: '2026-01-01T00:00:00Z'}])
  for (const text of [chatgpt, claude, '[]', '{}', 'hello', '<html><body><div>hi</div></body></html>']) {
    const verdict = plugin.detect(sample(text))
    assert.equal(verdict.confidence, 'none', text)
  }
  assert.match(plugin.detect(sample(youtube)).reason, /My Activity of YouTube, not of Gemini Apps/)
  const unknownVerbs = JSON.stringify([{header: 'Gemini Apps', title: 'Hat eine Frage gestellt'}])
  assert.equal(plugin.detect(sample(unknownVerbs)).confidence, 'likely')
})

test('records name their conversation: each URL is one note, the others are cut at 30-minute gaps', async () => {
  const text = JSON.stringify([
    record('Prompted third, an hour later', '2026-02-01T11:00:00Z', {safeHtmlItem: [{html: '<p>3</p>'}]}),
    record('Prompted second', '2026-02-01T10:20:00Z', {safeHtmlItem: [{html: '<p>2</p>'}]}),
    record('Prompted in a named chat', '2026-02-01T10:10:00Z', {
      safeHtmlItem: [{html: '<p>named</p>'}],
      details: [{name: 'Conversation', url: 'https://gemini.google.com/app/abc123'}]
    }),
    record('Prompted first', '2026-02-01T10:00:00Z', {safeHtmlItem: [{html: '<p>1</p>'}]})
  ])
  const {conversations, messages} = await read(inputFromString(text, 'MyActivity.json'))
  assert.deepEqual(messages, [])
  assert.deepEqual(
    conversations.map((conversation) => [
      conversation.id,
      conversation.metadata.extra?.['grouping'],
      conversation.turns.length
    ]),
    [
      ['gemini-apps-2026-02-01T10-00-00Z', 'time-gap', 4],
      ['abc123', 'conversation-url', 2],
      ['gemini-apps-2026-02-01T11-00-00Z', 'time-gap', 2]
    ]
  )
  assert.deepEqual(
    conversations[0]!.turns.map((turn) => turn.role),
    ['user', 'assistant', 'user', 'assistant']
  )
})

test('the answer HTML is sanitised: no script, no event handler, no javascript: link in the note', async () => {
  const html =
    '<p onclick="x()">Hi <a href="javascript:alert(1)">there</a></p><script>alert(2)</script><style>p{}</style>'
  const text = JSON.stringify([record('Prompted hello', '2026-02-01T10:00:00Z', {safeHtmlItem: [{html}]})])
  const {conversations} = await read(inputFromString(text, 'MyActivity.json'))
  const answer = conversations[0]!.turns[1]!.parts[0]
  assert.deepEqual(answer, {type: 'text', text: 'Hi there'})
})

test('a Takeout zip: the Gemini Apps member is read, its attachment found in the archive', async () => {
  const image = await readFile(fixture('takeout-2026/screenshot-terminal.png'))
  const zip = zipOfMembers([
    {
      name: 'Takeout/My Activity/Gemini Apps/MyActivity.json',
      content: await readFile(fixture('takeout-2026/input.json'))
    },
    {name: 'Takeout/My Activity/Gemini Apps/screenshot-terminal.png', content: image},
    {name: 'Takeout/archive_browser.html', content: '<html></html>'}
  ])
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-gemini-apps-'))
  try {
    await writeFile(join(dir, 'takeout-20260314T100000Z-001.zip'), zip)
    const {conversations, input} = await read(await inputFromPath(join(dir, 'takeout-20260314T100000Z-001.zip')))
    assert.equal(conversations.length, 3)
    const attachment = conversations.flatMap((conversation) => [...attachmentsOf(conversation)])[0] as AttachmentPart
    assert.equal(attachment.entry, 'Takeout/My Activity/Gemini Apps/screenshot-terminal.png')
    assert.deepEqual(Buffer.from((await attachmentBytes(attachment, input))!), image)
  } finally {
    await rm(dir, {recursive: true, force: true})
  }
})

test('a cut file keeps every record before the cut and says where it stopped', async () => {
  const whole = await readFile(fixture('bard-era/input.json'), 'utf8')
  const cut = whole.slice(0, whole.indexOf('"Gave feedback'))
  const {conversations, messages} = await read(inputFromString(cut, 'MyActivity.json'))
  assert.equal(
    conversations.flatMap((conversation) => conversation.turns).filter((turn) => turn.role === 'user').length,
    2
  )
  assert.ok(
    messages.some((message) => /breaks off at byte \d+, inside the array: reading stopped there/.test(message)),
    messages.join('\n')
  )
})

test('a record that is no activity is reported by its number, the others kept', async () => {
  const text = JSON.stringify([record('Prompted kept', '2026-02-01T10:00:00Z'), {nothing: true}, 42])
  const {conversations, messages} = await read(inputFromString(text, 'MyActivity.json'))
  assert.equal(conversations.length, 1)
  assert.deepEqual(
    messages.map((message) => message.replace(/^.*?: ?/, '')).filter((message) => /Record \d/.test(message)).length,
    2
  )
  assert.equal(conversations[0]!.fidelity['unanswered-prompt'], 1)
})

test('HTML cards: the time in the export locale, a time zone it does not know leaves the time out', async () => {
  const card = (head: string, time: string): string =>
    `<div class="outer-cell"><div class="mdl-grid"><div class="header-cell"><p>${head}<br></p></div>` +
    `<div class="content-cell">Prompted&nbsp;hello<br>${time}<br><p>answer</p></div></div></div>`
  const cards = [
    card('Gemini Apps', 'Jan 2, 2026, 3:04:05\u202fAM GMT+05:30'),
    card('Gemini Apps', 'Jan 2, 2026, 9:04:05 PM XYZT'),
    card('YouTube', 'Jan 2, 2026, 3:04:05 AM UTC')
  ]
  const page = `<html><body>${cards.join('')}</body></html>`
  const {conversations, messages} = await read(inputFromString(page, 'My Activity.html'))
  const times = conversations.flatMap((conversation) => conversation.turns.map((turn) => turn.timestamp))
  assert.ok(times.includes('2026-01-01T21:34:05.000Z'), JSON.stringify(times))
  assert.ok(times.includes(undefined))
  assert.ok(messages.some((message) => /1 cards of other Google products/.test(message)))
})

test('split rows, answers without html and other subtitles are kept', async () => {
  const text = JSON.stringify([
    record('Gemini said: Paris.', '2026-02-01T10:00:02Z', {safeHtmlItem: [{nohtml: 1}]}),
    record('You said: Capital of France?', '2026-02-01T10:00:01Z', {
      subtitles: [{name: 'Gem', value: 'Geography tutor'}],
      products: ['Gemini Apps']
    }),
    {title: 'Watched a video', header: 'YouTube', time: '2026-02-01T10:00:00Z'}
  ])
  const {conversations, messages} = await read(inputFromString(text, 'MyActivity.json'))
  const turns = conversations[0]!.turns
  assert.deepEqual(
    turns.map((turn) => [turn.role, turn.parts.map((part) => part.type)]),
    [
      ['user', ['text', 'notice']],
      ['assistant', ['text']]
    ]
  )
  assert.ok(messages.some((message) => /Record 1: safeHtmlItem\[0\] has no html/.test(message)))
  assert.ok(messages.some((message) => /1 records of other Google products/.test(message)))
  const notice = turns[0]!.parts[1]
  assert.ok(notice?.type === 'notice' && notice.kind === 'meta')
  assert.equal(notice.details, 'Gem: Geography tutor')
})

test('with --format gemini-apps (no detection) an HTML page is told from JSON by its first byte', async () => {
  const page = await readFile(fixture('takeout-html/input.html'), 'utf8')
  const reading = await createNormalizer({formats: [geminiApps()]}).read(inputFromString(page, 'page.html'), {
    format: 'gemini-apps'
  })
  const conversations: Conversation[] = []
  for await (const conversation of reading.conversations) conversations.push(conversation)
  assert.equal(conversations.length, 2)
  assert.equal(conversations[0]!.source.variant, 'takeout-html')
})
