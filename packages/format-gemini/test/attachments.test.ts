import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {AttachmentPart} from '@chatmark/core'
import {attachmentBytes, attachmentsOf, createNormalizer, inputFromPath, inputFromString, toNote} from '@chatmark/core'
import {gemini} from '@chatmark/format-gemini'
import {at, conversation, header, jsonl, modelLine, toolCalls} from './helpers.js'

// A 1×1 PNG (70 bytes).
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
const sha256 = (bytes: Uint8Array | undefined): string | undefined =>
  bytes && createHash('sha256').update(bytes).digest('hex')
const inline = (bytes: Buffer, mimeType = 'image/png') => ({inlineData: {mimeType, data: bytes.toString('base64')}})

test('inlineData in a prompt and in a tool result carries its bytes; attachmentBytes returns exactly', async () => {
  const session = jsonl(
    header,
    {id: 'u1', timestamp: at(1), type: 'user', content: [{text: 'What is wrong with this form? '}, inline(png)]},
    modelLine('m1', 'Let me read the other one.', [
      {
        id: 'c1',
        name: 'read_file',
        args: {absolute_path: '/repo/form.png'},
        status: 'success',
        timestamp: at(2),
        result: [{functionResponse: {id: 'c1', name: 'read_file', response: {output: 'Binary content'}}}, inline(png)]
      }
    ])
  )
  const value = await conversation(session)
  const prompt = value.turns[0]!.parts.find((part): part is AttachmentPart => part.type === 'attachment')
  assert.deepEqual(prompt, {
    type: 'attachment',
    text: 'image/png, 70 B',
    mimeType: 'image/png',
    size: 70,
    data: png.toString('base64')
  })
  const result = toolCalls(value)[0]?.result
  assert.equal(result?.text, 'Binary content')
  assert.deepEqual(result?.attachments, [prompt])

  const input = inputFromString(session, 'session.jsonl')
  const all = [...attachmentsOf(value)]
  assert.equal(all.length, 2)
  for (const part of all) assert.equal(sha256(await attachmentBytes(part, input)), sha256(png))
  // Nothing of the bytes reaches the note.
  assert.ok(!toNote(value).includes(png.toString('base64').slice(0, 24)))
})

test('the content-shapes fixture: every inlineData part has data, decoded to its size', async () => {
  const path = fileURLToPath(new URL('../fixtures/content-shapes/input.jsonl', import.meta.url))
  const input = await inputFromPath(path)
  const {conversations} = await createNormalizer({formats: [gemini()]}).normalize(input)
  const withData = conversations.flatMap((item) => [...attachmentsOf(item)]).filter((part) => part.data)
  assert.ok(withData.length > 0)
  for (const part of withData) {
    const bytes = await attachmentBytes(part, input)
    assert.equal(bytes?.length, part.size)
    assert.equal(sha256(bytes), sha256(Buffer.from(part.data!, 'base64')))
  }
})

test('a file known only by URI (fileData) has a reference and no bytes', async () => {
  const value = await conversation(
    jsonl(header, {
      id: 'u1',
      timestamp: at(1),
      type: 'user',
      content: [{text: 'Summarise'}, {fileData: {mimeType: 'application/pdf', fileUri: 'gs://b/f.pdf'}}]
    })
  )
  const [file] = [...attachmentsOf(value)]
  assert.equal(file?.reference, 'gs://b/f.pdf')
  assert.equal(file?.data, undefined)
  assert.equal(await attachmentBytes(file!, inputFromString('', 'x')), undefined)
})
