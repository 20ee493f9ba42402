import assert from 'node:assert/strict'
import {mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {AttachmentPart, Conversation} from '@chatmark/core'
import {inputFromPath} from '@chatmark/core'
import {test} from 'vitest'
import {saveAttachments} from '../src/vault-attachments.js'

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

test('each file is written once by its content, named by what its bytes are; the others say why not', async () => {
  const vault = await mkdtemp(join(tmpdir(), 'chatmark-attachments-'))
  const written: string[] = []
  const store = {
    inside: (path: string) => join(vault, path),
    async write(path: string, bytes: Uint8Array) {
      written.push(path)
      const {mkdir} = await import('node:fs/promises')
      await mkdir(join(vault, 'attachments'), {recursive: true})
      await writeFile(join(vault, path), bytes)
    }
  }
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
  const links = await saveAttachments(conversationOf(parts), await inputFromPath(source), 'a/b/note.md', store, false)
  const [image, again, text, none, bad, gone] = parts.map((part) => links.get(part))
  assert.match((image as {path: string}).path, /^\.\.\/\.\.\/attachments\/[0-9a-f]{32}\.png$/)
  assert.deepEqual(again, image)
  assert.match((text as {path: string}).path, /\.txt$/)
  assert.deepEqual(none, {unresolved: 'the source holds only its description, not the file'})
  assert.deepEqual(bad, {unresolved: 'its data is not valid base64'})
  assert.deepEqual(gone, {unresolved: 'files/gone.png is not in the export'})
  assert.equal(written.length, 2)
  const stored = (await readdir(join(vault, 'attachments'))).find((name) => name.endsWith('.png')) ?? ''
  assert.deepEqual(await readFile(join(vault, 'attachments', stored)), png)
  // Under Obsidian, links are by path from the vault's root; a file already there is not written again.
  const fromRoot = await saveAttachments(conversationOf(parts.slice(0, 1)), undefined, 'a/b/note.md', store, true)
  assert.match((fromRoot.get(parts[0] as AttachmentPart) as {path: string}).path, /^attachments\/[0-9a-f]{32}\.png$/)
  assert.equal(written.length, 2)
})
