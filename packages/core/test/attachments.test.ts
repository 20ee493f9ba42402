import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {mkdir, mkdtemp, readFile, rm, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, test} from 'vitest'
import type {AttachmentLink, AttachmentPart, Conversation, FormatPlugin, Turn} from '@chatmark/core'
import {
  attachmentBytes,
  attachmentsOf,
  createNormalizer,
  inputFromBytes,
  inputFromFolder,
  inputFromPath,
  inputFromString,
  toNote,
  validateConversation
} from '@chatmark/core'
import {conversation} from './helpers.js'

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64'
)
const sha256 = (bytes: Uint8Array | undefined): string | undefined =>
  bytes && createHash('sha256').update(bytes).digest('hex')
const shot: AttachmentPart = {
  type: 'attachment',
  text: 'image/png, 70 B',
  name: 'shot.png',
  mimeType: 'image/png',
  size: 70,
  data: png.toString('base64')
}
const withParts = (...parts: Turn['parts']): Conversation => ({
  ...conversation('mine', 'c-1', 'look'),
  turns: [{role: 'user', parts}]
})
const folders: string[] = []
afterAll(async () => {
  for (const folder of folders) await rm(folder, {recursive: true, force: true})
})

test('data and entry are checked: base64 without line breaks, a relative path that cannot climb out', () => {
  const check = (part: object) => validateConversation(withParts(part as never))
  assert.equal(check(shot), undefined)
  assert.equal(check({...shot, data: 'AAAA-_=='}), undefined)
  assert.equal(check({type: 'attachment', text: 'file', entry: 'dalle-generations/file-x.webp'}), undefined)
  assert.equal(
    check({...shot, data: 'AAAA\nAAAA'}),
    'turns[0].parts[0].data is "AAAA\\nAAAA", expected base64 (no line breaks)'
  )
  assert.equal(check({...shot, data: 7}), 'turns[0].parts[0].data is 7, expected base64 (no line breaks)')
  const path = 'expected a relative path with / separators, without . or .. segments'
  for (const entry of ['../x.png', 'a/../../x', '/etc/passwd', 'a//b', './a', 'a\\b', '', 'a\0b'])
    assert.equal(
      check({type: 'attachment', text: 'file', entry}),
      `turns[0].parts[0].entry is ${JSON.stringify(entry)}, ${path}`
    )
  const call = (result: unknown) =>
    validateConversation(withParts({type: 'tool-call', text: 'Read', name: 'Read', input: {}, result} as never))
  assert.equal(call({text: '[image/png, 70 B]', attachments: [shot]}), undefined)
  assert.equal(
    call({text: '', attachments: shot}),
    'turns[0].parts[0].result.attachments is an object, expected an array'
  )
  assert.equal(
    call({text: '', attachments: [{type: 'text', text: 'x'}]}),
    'turns[0].parts[0].result.attachments[0].type is "text", expected attachment'
  )
  assert.equal(
    call({text: '', attachments: [{...shot, entry: '../x'}]}),
    `turns[0].parts[0].result.attachments[0].entry is "../x", ${path}`
  )
})

test('attachmentsOf lists every attachment in note order: parts, tool results, subagents, branches', () => {
  const named = (name: string): AttachmentPart => ({type: 'attachment', text: 'file', name})
  const value = withParts(
    named('a'),
    {
      type: 'tool-call',
      text: 'Task',
      name: 'Task',
      input: {},
      result: {text: '[image]', attachments: [named('b')]},
      subagent: [{role: 'assistant', parts: [named('c')]}]
    },
    {type: 'branch', number: 1, turns: [{role: 'user', parts: [named('d'), {type: 'text', text: 'x'}]}]},
    named('e')
  )
  assert.deepEqual(
    [...attachmentsOf(value)].map((part) => part.name),
    ['a', 'b', 'c', 'd', 'e']
  )
  assert.deepEqual([...attachmentsOf(value.turns)].length, 5)
})

test('attachmentBytes decodes data exactly; data that is not base64 gives nothing', async () => {
  const input = inputFromString('', 'x')
  assert.equal(sha256(await attachmentBytes(shot, input)), sha256(png))
  assert.equal(sha256(await attachmentBytes({...shot, data: png.toString('base64url')}, input)), sha256(png))
  assert.equal(await attachmentBytes({...shot, data: 'AA AA'}, input), undefined)
  assert.equal(await attachmentBytes({type: 'attachment', text: 'image'}, input), undefined)
})

test("a file's folder is its container: a listed entry is read, anything else is not", async () => {
  const folder = await mkdtemp(join(tmpdir(), 'chatmark-attachments-'))
  folders.push(folder)
  await mkdir(join(folder, 'export/dalle-generations'), {recursive: true})
  await writeFile(join(folder, 'export/conversations.json'), '[]')
  await writeFile(join(folder, 'export/dalle-generations/file-x.webp'), png)
  await writeFile(join(folder, 'secret.txt'), 'outside')
  await mkdir(join(folder, 'export/a/b/c'), {recursive: true})
  await writeFile(join(folder, 'export/a/b/c/deep.png'), png)
  await symlink(join(folder, 'secret.txt'), join(folder, 'export/link.png'))
  const input = await inputFromPath(join(folder, 'export/conversations.json'))
  const file = (entry: string): AttachmentPart => ({type: 'attachment', text: 'file', entry})
  assert.equal(sha256(await attachmentBytes(file('dalle-generations/file-x.webp'), input)), sha256(png))
  assert.equal(await attachmentBytes(file('missing.png'), input), undefined)
  assert.equal(await attachmentBytes(file('../secret.txt'), input), undefined)
  // Symbolic links are not listed; the sibling listing goes two folders down only.
  assert.equal(await attachmentBytes(file('link.png'), input), undefined)
  assert.equal(await attachmentBytes(file('a/b/c/deep.png'), input), undefined)
  // A folder input is a container itself, listed whole.
  const whole = await inputFromFolder(join(folder, 'export'))
  assert.equal(sha256(await attachmentBytes(file('a/b/c/deep.png'), whole)), sha256(png))
  await assert.rejects(
    attachmentBytes(file('dalle-generations/file-x.webp'), input, {maxInputBytes: 10}),
    /dalle-generations\/file-x\.webp in .* is over the 10 B limit for a file read into memory \(maxInputBytes\)/
  )
  // No container at all (a buffer, stdin): nothing to read an entry from.
  assert.equal(await attachmentBytes(file('dalle-generations/file-x.webp'), inputFromString('[]')), undefined)
})

test("an export read from a .zip has the archive as its container: Reading.input reads a member's bytes", async () => {
  const archive = fileURLToPath(new URL('fixtures/export.zip', import.meta.url))
  const entries: string[][] = []
  const format: FormatPlugin = {
    name: 'exporter',
    description: 'reads export.zip',
    extensions: ['.json'],
    archiveMembers: ['conversations.json'],
    detect: () => ({confidence: 'certain', reason: 'always'}),
    async *parse(input) {
      const container = input.container
      entries.push(((await container?.entries?.()) ?? []).map((entry) => entry.path))
      yield withParts({type: 'attachment', text: 'file', entry: 'nested/conversations.json'})
    }
  }
  for (const input of [await inputFromPath(archive), inputFromBytes(await readFile(archive), 'upload.zip')]) {
    const reading = await createNormalizer({formats: [format]}).read(input)
    const conversations: Conversation[] = []
    for await (const item of reading.conversations) conversations.push(item)
    const [part] = attachmentsOf(conversations[0]!)
    assert.equal(Buffer.from((await attachmentBytes(part!, reading.input)) ?? []).toString(), '[{"id": "deep"}]')
    // The archive the caller holds is not the container: the input the format read is.
    assert.equal(await attachmentBytes(part!, input), undefined)
  }
  assert.deepEqual(entries, [
    ['conversations.json', 'nested/conversations.json', 'user.json'],
    ['conversations.json', 'nested/conversations.json', 'user.json']
  ])
})

/** A note rendered with links to files a vault wrote, by attachment name. */
function render(value: Conversation, links: Record<string, AttachmentLink>, profile?: 'gfm' | 'obsidian'): string {
  return toNote(value, {
    ...(profile ? {profile} : {}),
    attachmentLink: (part) => (part.name === undefined ? undefined : links[part.name])
  })
}

test('with attachmentLink, a file is embedded after its line: ![[path]] in Obsidian, an image or link in gfm', () => {
  const pdf: AttachmentPart = {
    type: 'attachment',
    text: 'application/pdf, 2.0 KB',
    name: 'spec.pdf',
    mimeType: 'application/pdf'
  }
  const value = withParts(shot, pdf, {type: 'attachment', text: 'image/png', name: 'gone.png'})
  const links: Record<string, AttachmentLink> = {
    'shot.png': {path: 'attachments/3f2a.png'},
    'spec.pdf': {path: 'attachments/9c1d.pdf'},
    'gone.png': {unresolved: 'the session does not hold\nits bytes'}
  }
  const body = (note: string) => note.slice(note.indexOf('## User'))
  assert.equal(
    body(render(value, links)),
    '## User\n\n**Attachment** `shot.png` (image/png, 70 B)\n\n![shot.png](attachments/3f2a.png)\n\n' +
      '**Attachment** `spec.pdf` (application/pdf, 2.0 KB)\n\n[spec.pdf](attachments/9c1d.pdf)\n\n' +
      '**Attachment** `gone.png` (image/png)\n\n_The file could not be found: the session does not hold its bytes_\n'
  )
  assert.equal(
    body(render(value, links, 'obsidian')),
    '## User\n\n**Attachment** `shot.png` (image/png, 70 B)\n\n![[attachments/3f2a.png]]\n\n' +
      '**Attachment** `spec.pdf` (application/pdf, 2.0 KB)\n\n![[attachments/9c1d.pdf]]\n\n' +
      '**Attachment** `gone.png` (image/png)\n\n_The file could not be found: the session does not hold its bytes_\n'
  )
  // Without a link function, or when it gives nothing, the note is the one a plain run writes.
  assert.equal(render(value, {}), toNote(value))
  assert.ok(!toNote(value).includes(shot.data!.slice(0, 20)))
})

test('a path a wikilink cannot hold, or that needs escaping, is still a working embed', () => {
  const value = withParts({...shot, name: 'a ] b.png'})
  const links = {'a ] b.png': {path: 'files/x|y #1.png'}}
  assert.match(render(value, links, 'obsidian'), /\n!\[a \\] b\.png\]\(files\/x%7Cy%20#1\.png\)\n/)
  assert.match(render(value, links), /\n!\[a \\] b\.png\]\(<files\/x\|y #1\.png>\)\n/)
})

test("a tool result's files follow the result, in a branch and a subagent's turns too", () => {
  const call = (name: string): Turn['parts'][number] => ({
    type: 'tool-call',
    text: 'Read',
    name: 'Read',
    input: {file_path: '/r/shot.png'},
    result: {text: '[image/png, 70 B]', attachments: [{...shot, name}]}
  })
  const value: Conversation = {
    ...withParts(call('one.png')),
    turns: [
      {role: 'assistant', parts: [call('one.png')]},
      {role: 'user', parts: [{type: 'branch', number: 1, turns: [{role: 'assistant', parts: [call('two.png')]}]}]}
    ]
  }
  const note = render(value, {'one.png': {path: 'a/1.png'}, 'two.png': {unresolved: 'gone'}}, 'obsidian')
  assert.match(note, /\*\*Result\*\*\n\n```text\n\[image\/png, 70 B\]\n```\n\n!\[\[a\/1\.png\]\]\n/)
  assert.match(note, /```\n\n_The file could not be found: gone_\n/)
  assert.equal(render(value, {}), toNote(value))
})
