import assert from 'node:assert/strict'
import {mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {AttachmentPart, Conversation} from '@chatmark/core'
import {inputFromPath} from '@chatmark/core'
import {test} from 'vitest'
import {noteAttachments} from '../src/vault-attachments.js'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)

function conversationOf(parts: AttachmentPart[]): Conversation {
  return {
    id: 'c-1',
    source: {format: 'test'},
    participants: [],
    metadata: {},
    turns: [{role: 'user', parts}],
    fidelity: {}
  }
}

test('each file is named by its content and type, once per conversation; the others say why not', async () => {
  const vault = await mkdtemp(join(tmpdir(), 'chatmark-attachments-'))
  const data = png.toString('base64')
  const parts: AttachmentPart[] = [
    {type: 'attachment', text: 'image/png', data},
    {type: 'attachment', text: 'the same image again', data, name: 'copy.png'},
    {
      type: 'attachment',
      text: 'a text file',
      data: Buffer.from('plain words').toString('base64'),
      mimeType: 'text/plain'
    },
    {type: 'attachment', text: 'no bytes', name: 'report.pdf'},
    {type: 'attachment', text: 'not base64', data: '***'},
    {type: 'attachment', text: 'gone from the export', entry: 'files/gone.png'}
  ]
  const source = join(vault, 'session.jsonl')
  await writeFile(source, '{}\n')
  const {links, files} = await noteAttachments(conversationOf(parts), await inputFromPath(source), 'a/b/note.md', false)
  const [image, again, text, none, bad, gone] = parts.map((part) => links.get(part))
  assert.match((image as {path: string}).path, /^\.\.\/\.\.\/attachments\/[0-9a-f]{32}\.png$/)
  assert.deepEqual(again, image)
  assert.match((text as {path: string}).path, /\.txt$/)
  assert.deepEqual(none, {unresolved: 'the source holds only its description, not the file'})
  assert.deepEqual(bad, {unresolved: 'its data is not valid base64'})
  assert.deepEqual(gone, {unresolved: 'files/gone.png is not in the export'})
  // Two files for three links: the image once.
  assert.deepEqual(
    files.map((file) => file.path),
    [(image as {path: string}).path.replace('../../', ''), (text as {path: string}).path.replace('../../', '')]
  )
  assert.deepEqual(Buffer.from(files[0]!.bytes), png)
  // Under Obsidian, links are by path from the vault's root.
  const fromRoot = await noteAttachments(conversationOf(parts.slice(0, 1)), undefined, 'a/b/note.md', true)
  assert.match(
    (fromRoot.links.get(parts[0] as AttachmentPart) as {path: string}).path,
    /^attachments\/[0-9a-f]{32}\.png$/
  )
})

test('a referenced file whose text the note shows after it is not said to be missing', async () => {
  const file: AttachmentPart = {type: 'attachment', text: 'referenced file, 2 lines of text', name: 'notes.txt'}
  const alone: AttachmentPart = {type: 'attachment', text: 'referenced file', name: 'gone.txt'}
  const conversation: Conversation = {
    ...conversationOf([]),
    turns: [
      {role: 'user', parts: [{type: 'text', text: 'Sum up @notes.txt'}, file, {type: 'code', text: 'a\nb'}, alone]}
    ]
  }
  const {links} = await noteAttachments(conversation, undefined, 'note.md', false)
  assert.equal(links.get(file), undefined)
  assert.deepEqual(links.get(alone), {unresolved: 'the source holds only its description, not the file'})
})
