import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {AttachmentPart, ToolCallPart} from '@chatmark/core'
import {
  attachmentBytes,
  attachmentsOf,
  createNormalizer,
  inputFromPath,
  inputFromString,
  sampleFromBytes,
  toNote,
  validateConversation
} from '@chatmark/core'
import {claude} from '@chatmark/format-claude'
import {assistant, conversation, jsonl, user} from './helpers.js'

// A 1×1 PNG (70 bytes), as Claude Code stores a pasted screenshot or an image the Read tool returned.
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
const pdf = Buffer.from('%PDF-1.4\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n', 'latin1')
const sha256 = (bytes: Uint8Array | undefined): string | undefined =>
  bytes && createHash('sha256').update(bytes).digest('hex')
const image = (bytes: Buffer, mediaType = 'image/png') => ({
  type: 'image',
  source: {type: 'base64', media_type: mediaType, data: bytes.toString('base64')}
})

test('a pasted image, a PDF and an image a tool read carry their bytes; attachmentBytes returns exactly', async () => {
  const session = jsonl(
    user('u1', null, [
      {type: 'text', text: 'Here is the failing screenshot and the spec'},
      image(png),
      {type: 'document', source: {type: 'base64', media_type: 'application/pdf', data: pdf.toString('base64')}}
    ]),
    assistant('a1', 'u1', 'msg_1', [
      {type: 'tool_use', id: 'toolu_r', name: 'Read', input: {file_path: '/repo/shot.png'}}
    ]),
    user('r1', 'a1', [{type: 'tool_result', tool_use_id: 'toolu_r', content: [image(png)]}], {
      toolUseResult: {type: 'image', file: {base64: png.toString('base64'), type: 'image/png', originalSize: 70}}
    })
  )
  const value = await conversation(session)
  assert.equal(validateConversation(value), undefined)
  const [screenshot, spec] = value.turns[0]!.parts.filter((part): part is AttachmentPart => part.type === 'attachment')
  assert.deepEqual(screenshot, {
    type: 'attachment',
    text: 'image/png, 70 B',
    mimeType: 'image/png',
    size: 70,
    data: png.toString('base64')
  })
  assert.equal(spec?.mimeType, 'application/pdf')
  assert.equal(spec?.size, pdf.length)

  const read = value.turns[1]!.parts.find((part): part is ToolCallPart => part.type === 'tool-call')
  // The result's text still describes the image where it was; its file is in `attachments`.
  assert.equal(read?.result?.text, '[image/png, 70 B]')
  assert.deepEqual(read?.result?.attachments, [screenshot])

  const all = [...attachmentsOf(value)]
  assert.equal(all.length, 3)
  const input = inputFromString(session, 'session.jsonl')
  for (const [part, bytes] of [
    [all[0], png],
    [all[1], pdf],
    [all[2], png]
  ] as const) {
    const got = await attachmentBytes(part!, input)
    assert.equal(got?.length, part!.size)
    assert.equal(sha256(got), sha256(bytes))
  }
})

test('without an attachmentLink, a note shows no byte of an image, and the JSON model keeps them', async () => {
  const data = Buffer.alloc(300_000, 7).toString('base64')
  const value = await conversation(
    jsonl(user('u1', null, [{type: 'text', text: 'look'}, image(Buffer.from(data, 'base64'))]))
  )
  const note = toNote(value)
  assert.ok(!note.includes(data.slice(0, 64)))
  assert.match(note, /\*\*Attachment\*\* \(image\/png, 293\.0 KB\)/)
  assert.ok(JSON.stringify(value).includes(data))
})

test('base64 with line breaks, or a source by URL, gives no data; its size and reference stay', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, [
        {type: 'text', text: 'two'},
        {type: 'image', source: {type: 'base64', media_type: 'image/png', data: 'AAAA\nAAAA'}},
        {type: 'image', source: {type: 'url', url: 'https://example.com/a.png'}}
      ])
    )
  )
  const [wrapped, linked] = value.turns[0]!.parts.filter((part): part is AttachmentPart => part.type === 'attachment')
  assert.equal(wrapped?.data, undefined)
  assert.equal(wrapped?.size, 6)
  assert.deepEqual(linked, {type: 'attachment', text: 'image', reference: 'https://example.com/a.png'})
  assert.equal(await attachmentBytes(linked!, inputFromString('', 'x')), undefined)
})

test('a Claude.ai export lists its files by name only: they have neither data nor entry, and no bytes', async () => {
  const path = fileURLToPath(new URL('../fixtures/claude-ai/single-object-attachments/input.json', import.meta.url))
  const input = await inputFromPath(path)
  const {conversations} = await createNormalizer({formats: [claude()]}).normalize(input)
  const files = conversations.flatMap((item) => [...attachmentsOf(item)])
  const image = files.find((part) => part.name === 'grafana-pool.png')
  assert.ok(image)
  assert.equal(image.data, undefined)
  assert.equal(image.entry, undefined)
  assert.equal(await attachmentBytes(image, input), undefined)
})

test('a session whose first line, a pasted screenshot, is longer than the sample is detected by its head', () => {
  const big = Buffer.alloc(200_000, 1)
  const first = jsonl(user('u1', null, [{type: 'text', text: 'look'}, image(big)]))
  const head = (text: string) =>
    sampleFromBytes(Buffer.from(text).subarray(0, 64 * 1024), {name: 'x.jsonl', complete: false})
  assert.deepEqual(claude().detect(head(first)), {
    confidence: 'likely',
    reason:
      'a first line longer than the sample, a user/assistant record with parentUuid, camelCase sessionId and ' +
      'message.role',
    variant: 'claude-code-jsonl'
  })
  // Qwen Code's chain, with Gemini-shaped parts, is not taken.
  const qwen = JSON.stringify({
    uuid: 'q1',
    parentUuid: null,
    sessionId: 's',
    type: 'user',
    message: {role: 'user', parts: [{inlineData: {mimeType: 'image/png', data: big.toString('base64')}}]}
  })
  assert.equal(claude().detect(head(qwen)).confidence, 'none')
})
