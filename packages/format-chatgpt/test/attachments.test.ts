import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {readFile} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {AttachmentLink, AttachmentPart, Conversation, Input} from '@chatmark/core'
import {attachmentBytes, attachmentsOf, createNormalizer, inputFromPath, toNote} from '@chatmark/core'
import {chatgpt} from '@chatmark/format-chatgpt'

// export-v1: the layout of exports until 2025 (files named `file-<id>-<name>`, DALL·E images under
// dalle-generations/), unpacked and as its .zip; export-v2.zip: the 2026 layout (conversations-000.json,
// `<id>.dat` files, conversation_asset_file_names.json). Both made by hand, their conversations.json from
// packages/format-chatgpt/fixtures/python-images-uploads (v1) and written for the test (v2).
const fixture = (name: string): string => fileURLToPath(new URL(`fixtures/${name}`, import.meta.url))
const sha256 = (bytes: Uint8Array | undefined): string | undefined =>
  bytes && createHash('sha256').update(bytes).digest('hex')

async function readAll(input: Input): Promise<{input: Input; conversations: Conversation[]}> {
  const reading = await createNormalizer({formats: [chatgpt()]}).read(input)
  const conversations: Conversation[] = []
  for await (const conversation of reading.conversations) conversations.push(conversation)
  assert.deepEqual(reading.file.messages.map(String), [])
  return {input: reading.input, conversations}
}

const placed = (conversations: Conversation[]): Array<[string | undefined, string | undefined]> =>
  conversations.flatMap((item) => [...attachmentsOf(item)]).map((part) => [part.name ?? part.text, part.entry])

const v1Files = {
  chart: 'file-9Yq2Lm3Xb4-chart.png',
  sales: 'file-Ab12Cd34-sales.csv',
  dalle: 'dalle-generations/file-Dalle7Kq1-3f1c2b9e-0000-4000-8000-0000000000aa.webp'
}

test('an export .zip: uploads and DALL·E images are found by id and read exactly, through Reading.input', async () => {
  const {input, conversations} = await readAll(await inputFromPath(fixture('export-v1.zip')))
  assert.ok(input.container, 'the member input keeps the archive as its container')
  assert.deepEqual(placed(conversations), [
    ['chart.png', v1Files.chart],
    ['sales.csv', v1Files.sales],
    ['generated image, 1024×1024, 392.7 KB', v1Files.dalle]
  ])
  for (const part of attachmentsOf(conversations[0]!)) {
    const expected = await readFile(fixture(`export-v1/${part.entry}`))
    assert.equal(sha256(await attachmentBytes(part, input)), sha256(expected))
  }
})

test('the folder an export was unpacked to: conversations.json finds the same files beside it', async () => {
  const input = await inputFromPath(fixture('export-v1/conversations.json'))
  const {conversations} = await readAll(input)
  assert.deepEqual(placed(conversations), [
    ['chart.png', v1Files.chart],
    ['sales.csv', v1Files.sales],
    ['generated image, 1024×1024, 392.7 KB', v1Files.dalle]
  ])
  const [chart] = attachmentsOf(conversations[0]!)
  assert.equal(
    sha256(await attachmentBytes(chart!, input)),
    sha256(await readFile(fixture(`export-v1/${v1Files.chart}`)))
  )
  // A path that is not one of the container's files is never read, even when it would resolve on disk.
  assert.equal(await attachmentBytes({...chart!, entry: '../export-v1.zip'}, input), undefined)
  assert.equal(await attachmentBytes({...chart!, entry: 'export-v1/user.json'}, input), undefined)
})

test('a 2026 export: <id>.dat files, named by its name map; a file it lacks stays unplaced', async () => {
  const {input, conversations} = await readAll(await inputFromPath(fixture('export-v2.zip')))
  const parts = [...attachmentsOf(conversations[0]!)]
  assert.deepEqual(
    parts.map((part) => [part.name, part.mimeType, part.entry]),
    [
      ['whiteboard.png', 'image/png', 'file_00000000a1b2c3d4e5f60718.dat'],
      [undefined, undefined, undefined],
      ['notes.csv', 'text/csv', 'file-Qw3rTy77.dat']
    ]
  )
  const [photo, missing, notes] = parts
  assert.equal((await attachmentBytes(photo!, input))?.length, 70)
  assert.equal(await attachmentBytes(missing!, input), undefined)
  assert.equal(
    Buffer.from((await attachmentBytes(notes!, input)) ?? []).toString('utf8'),
    'region,sales\nNorth,120\nSouth,95\nWest,210\n'
  )
})

test('a conversations.json with no export beside it: attachments keep their references, with no entry', async () => {
  const path = fileURLToPath(new URL('../fixtures/python-images-uploads/input.json', import.meta.url))
  const {conversations} = await readAll(await inputFromPath(path))
  const parts = [...attachmentsOf(conversations[0]!)]
  assert.equal(parts.length, 3)
  assert.ok(parts.every((part) => part.entry === undefined && part.reference !== undefined))
})

test('a note embeds the files a vault wrote (both profiles) and says which one the export lacks', async () => {
  const {input, conversations} = await readAll(await inputFromPath(fixture('export-v2.zip')))
  const conversation = conversations[0]!
  const links = new Map<AttachmentPart, AttachmentLink>()
  for (const part of attachmentsOf(conversation)) {
    const bytes = await attachmentBytes(part, input)
    const extension = part.name?.slice(part.name.lastIndexOf('.')) ?? ''
    links.set(
      part,
      bytes
        ? {path: `attachments/${sha256(bytes)!.slice(0, 12)}${extension}`}
        : {unresolved: 'the export does not include it'}
    )
  }
  const attachmentLink = (part: AttachmentPart) => links.get(part)
  const png = await readFile(fixture('export-v1/file-9Yq2Lm3Xb4-chart.png'))
  const photo = `attachments/${sha256(png)!.slice(0, 12)}.png`
  const gfm = toNote(conversation, {attachmentLink})
  const pointer = (id: string) => `\`sediment://file_${id}\``
  assert.ok(
    gfm.includes(
      `**Attachment** \`whiteboard.png\` (image, 1×1, 70 B) ${pointer('00000000a1b2c3d4e5f60718')}\n\n` +
        `![whiteboard.png](${photo})\n`
    )
  )
  assert.ok(
    gfm.includes(
      `**Attachment** (image, 32×32, 2.0 KB) ${pointer('00000000ffffeeee00001111')}\n\n` +
        '_The file could not be found: the export does not include it_\n'
    )
  )
  assert.match(gfm, /\n\[notes\.csv\]\(attachments\/[0-9a-f]{12}\.csv\)\n/)
  const obsidian = toNote(conversation, {attachmentLink, profile: 'obsidian'})
  assert.ok(obsidian.includes(`\n\n![[${photo}]]\n`))
  assert.match(obsidian, /\n!\[\[attachments\/[0-9a-f]{12}\.csv\]\]\n/)
  // Without a link function, the note is the one a plain run writes.
  assert.equal(toNote(conversation, {attachmentLink: () => undefined}), toNote(conversation))
})
