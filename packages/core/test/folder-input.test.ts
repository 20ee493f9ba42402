import assert from 'node:assert/strict'
import {mkdir, mkdtemp, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import {
  createNormalizer,
  createSample,
  entryInput,
  inputFromFolder,
  inputFromPath,
  readJsonDocument,
  defaultLimits,
  zipContainerInput
} from '@chatmark/core'

async function text(stream: AsyncIterable<Uint8Array>): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of stream) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

test('a folder is a container of its regular files, sorted, without hidden files or links', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-folder-'))
  await mkdir(join(dir, 'general'))
  await writeFile(join(dir, 'users.json'), '[{"id": "U1", "name": "ana"}]')
  await writeFile(join(dir, 'general', '2024-01-02.json'), '[{"type": "message", "ts": "1.2"}]')
  await writeFile(join(dir, '.hidden'), 'x')
  await symlink(join(dir, 'users.json'), join(dir, 'link.json'))
  const folder = await inputFromFolder(dir)
  assert.deepEqual(await folder.entries?.(), [
    {path: 'general/2024-01-02.json', size: 34},
    {path: 'users.json', size: 29}
  ])
  const sample = await createSample(folder, defaultLimits.sampleBytes)
  assert.equal(sample.kind, 'folder')
  assert.deepEqual(sample.entries, ['general/2024-01-02.json', 'users.json'])
  assert.deepEqual([...sample.heads], [['users.json', [{id: 'U1', name: 'ana'}]]])
  const day = entryInput(folder, 'general/2024-01-02.json')
  assert.equal(day.name, `${dir}/general/2024-01-02.json`)
  assert.deepEqual(await readJsonDocument(day, defaultLimits, 'a day file'), [{type: 'message', ts: '1.2'}])
})

test('a zip without an export member is a container of its files', async () => {
  const archive = await inputFromPath(fileURLToPath(new URL('fixtures/export.zip', import.meta.url)))
  const container = zipContainerInput(archive)
  assert.deepEqual(
    (await container.entries?.())?.map((entry) => entry.path),
    ['conversations.json', 'nested/conversations.json', 'user.json']
  )
  assert.ok(container.openEntry)
  assert.equal(await text(container.openEntry('nested/conversations.json')), '[{"id": "deep"}]')
  assert.equal(await text(container.open()), '', 'a container has no bytes of its own, only entries')
  assert.equal((await container.head(64)).byteLength, 0)
})

test('formats can claim a folder; others say why not', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-claim-'))
  await writeFile(join(dir, 'channels.json'), '[]')
  const folderFormat = {
    name: 'folders',
    description: 'x',
    extensions: [],
    detect: (sample: {kind: string; entries: readonly string[]}) =>
      sample.kind === 'folder' && sample.entries.includes('channels.json')
        ? ({confidence: 'certain', reason: 'channels.json'} as const)
        : ({confidence: 'none', reason: 'no'} as const),
    async *parse() {}
  }
  const detection = await createNormalizer({builtins: [folderFormat]}).detect(await inputFromFolder(dir))
  assert.equal(detection.format, 'folders')
  const other = await createNormalizer({
    builtins: [{...folderFormat, detect: () => ({confidence: 'none', reason: 'no'}) as const}]
  }).detect(await inputFromFolder(dir))
  assert.match(
    other.explanation,
    /^The input is a folder \(or an archive\) of files, but no registered format claimed it/
  )
})

test('a file read with blocking calls gives the bytes the streamed read gives, head and whole', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-blocking-'))
  const path = join(dir, 'session.jsonl')
  // Over one read's chunk (1 MB), not a multiple of it, with a character split across chunks somewhere.
  const body = Array.from({length: 30_000}, (_, index) => `{"n":${index},"text":"é ${'x'.repeat(index % 50)}"}`)
  await writeFile(path, `${body.join('\n')}\n`)
  const streamed = await inputFromPath(path)
  const blocking = await inputFromPath(path, {blocking: true})
  assert.equal(blocking.size, streamed.size)
  assert.ok((blocking.size ?? 0) > 1024 * 1024)
  assert.equal(await text(blocking.open()), await text(streamed.open()))
  assert.deepEqual(await blocking.head(100), await streamed.head(100))
  assert.deepEqual(await blocking.head(10 * 1024 * 1024), await streamed.head(10 * 1024 * 1024))
  // Read twice, from the start each time.
  assert.equal(await text(blocking.open()), `${body.join('\n')}\n`)
  const empty = join(dir, 'empty.jsonl')
  await writeFile(empty, '')
  const none = await inputFromPath(empty, {blocking: true})
  assert.equal(await text(none.open()), '')
  assert.equal((await none.head(64)).byteLength, 0)
  await assert.rejects(inputFromPath(join(dir, 'missing'), {blocking: true}), /ENOENT/)
})
