import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import type {FormatPlugin} from '@chatmark/core'
import {createNormalizer, inputFromBytes, inputFromPath, zipExports, zipMemberInput} from '@chatmark/core'
import {zipOfMembers} from '../../../test/util/zip-of.js'
import {fakeFormat} from './helpers.js'

// export.zip: user.json, nested/conversations.json, conversations.json (made with `python3 -m zipfile`).
const exportZip = fileURLToPath(new URL('fixtures/export.zip', import.meta.url))
const otherZip = fileURLToPath(new URL('fixtures/other.zip', import.meta.url))
// split-export.zip, made with `zip -X -D` (Info-ZIP), members listed in this order: conversations-010.json
// `[{"id": "d"}]`, conversations-002.json (a BOM, then `[\n  {"id": "c"}\n]\n`), user.json, conversations-000.json
// `[{"id": "a"},\n {"id": "b"}]\n`, nested/conversations.json `[{"id": "x"}]`, conversations-001.json `[]`.
const splitZip = fileURLToPath(new URL('fixtures/split-export.zip', import.meta.url))
const exportMembers = ['conversations.json', /^conversations-\d+\.json$/]

async function text(input: {open(): AsyncIterable<Uint8Array>}): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of input.open()) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

test('the shallowest conversations.json of an archive is the input, read from disk or memory', async () => {
  for (const archive of [await inputFromPath(exportZip), inputFromBytes(await readFile(exportZip), 'upload.zip')]) {
    const member = await zipMemberInput(archive, ['conversations.json'])
    assert.ok(member)
    assert.equal(member.name, `${archive.name}!conversations.json`)
    assert.equal(member.size, 26)
    assert.equal(await text(member), '[{"id": "a"}, {"id": "b"}]')
    assert.equal(Buffer.from(await member.head(6)).toString(), '[{"id"')
  }
})

test('an archive without an export member is a container of files, which formats may claim', async () => {
  assert.equal(await zipMemberInput(await inputFromPath(otherZip), ['conversations.json']), undefined)
  // Core names no member itself: an archive is a container unless some format declares one.
  assert.equal(await zipMemberInput(await inputFromPath(exportZip), []), undefined)
  const normalizer = createNormalizer({builtins: [fakeFormat('any', {confidence: 'none', reason: 'no'})]})
  const {file} = await normalizer.normalize(await inputFromPath(otherZip))
  assert.match(
    file.messages[0]?.reason ?? '',
    /^The input is a folder \(or an archive\) of files, but no registered format claimed it/
  )
})

test('formats see the member of an export archive, and messages name it', async () => {
  const seen: string[] = []
  const format = {
    ...fakeFormat('export', {confidence: 'certain', reason: 'x'}),
    archiveMembers: ['conversations.json'],
    detect: (sample: {kind: string}) =>
      sample.kind === 'jsonl'
        ? ({confidence: 'certain', reason: 'JSON array'} as const)
        : ({confidence: 'none', reason: sample.kind} as const),
    async *parse(input: {name: string; open(): AsyncIterable<Uint8Array>}) {
      seen.push(await text(input))
      yield {id: input.name, source: {format: 'export'}, participants: [], metadata: {}, turns: [], fidelity: {}}
    }
  }
  const {detection, file} = await createNormalizer({builtins: [format]}).normalize(await inputFromPath(exportZip))
  assert.equal(detection.format, 'export')
  assert.deepEqual(seen, ['[{"id": "a"}, {"id": "b"}]'])
  assert.equal(file.path, `${exportZip}!conversations.json`)
})

test('a member split over numbered files is read whole, in natural order, as one JSON array', async () => {
  for (const archive of [await inputFromPath(splitZip), inputFromBytes(await readFile(splitZip), 'upload.zip')]) {
    const member = await zipMemberInput(archive, exportMembers)
    assert.ok(member)
    // The shallowest folder's parts: nested/conversations.json is deeper, user.json matches nothing.
    assert.equal(member.name, `${archive.name}!conversations-000.json..conversations-010.json`)
    // Each part's elements are kept byte for byte, with what lies between them; only the outer brackets go, and
    // the bytes dropped (brackets, BOM, whitespace at the parts' ends) are spaces before the last bracket: the
    // joined array is exactly as long as the input's size says, so a head that holds it all is the whole input.
    const joined = `[{"id": "a"},\n {"id": "b"},{"id": "c"}\n,{"id": "d"}${' '.repeat(12)}]`
    assert.equal(await text(member), joined)
    assert.equal(Buffer.byteLength(joined), member.size)
    assert.deepEqual(
      JSON.parse(joined).map((item: {id: string}) => item.id),
      ['a', 'b', 'c', 'd']
    )
    assert.equal(Buffer.from(await member.head(7)).toString(), '[{"id":')
  }
})

test(
  'the registered formats name the members: a format that declares none leaves the archive a ' + 'container',
  async () => {
    const ids = (format: FormatPlugin) => async () => {
      const {conversations, file} = await createNormalizer({builtins: [format]}).normalize(
        await inputFromPath(splitZip)
      )
      return {ids: conversations.map((conversation) => conversation.id), file}
    }
    const reader: FormatPlugin = {
      ...fakeFormat('reader', {confidence: 'certain', reason: 'x'}),
      archiveMembers: exportMembers,
      detect: (sample) =>
        sample.kind === 'folder' ? {confidence: 'none', reason: 'a folder'} : {confidence: 'certain', reason: 'JSON'},
      async *parse(input) {
        for (const item of JSON.parse(await text(input)) as Array<{id: string}>)
          yield {id: item.id, source: {format: 'reader'}, participants: [], metadata: {}, turns: [], fidelity: {}}
      }
    }
    const read = await ids(reader)()
    assert.deepEqual(read.ids, ['a', 'b', 'c', 'd'])
    assert.equal(read.file.path, `${splitZip}!conversations-000.json..conversations-010.json`)
    const {file} = await ids({...reader, archiveMembers: []})()
    assert.match(file.messages[0]?.reason ?? '', /^The input is a folder \(or an archive\) of files/)
  }
)

test(
  'parts that are not JSON arrays are concatenated, a line break between them; mixed parts are ' + 'refused',
  async () => {
    // parts.zip, made with `zip -X -D`: lines-1.jsonl `{"n":1}\n{"n":2}`, lines-2.jsonl (a BOM, then `{"n":3}\n`),
    // lines-10.jsonl `{"n":4}\n`, mixed-1.json `[1]` and mixed-2.json `{"a": 1}`, cut-1.json `[1, 2` and
    // cut-2.json `[3]`, blank-1.json (only whitespace) and blank-2.json `[5]`.
    const archive = await inputFromPath(fileURLToPath(new URL('fixtures/parts.zip', import.meta.url)))
    const read = async (pattern: RegExp): Promise<string> => {
      const member = await zipMemberInput(archive, [pattern])
      assert.ok(member)
      return text(member)
    }
    assert.equal(await read(/^lines-\d+\.jsonl$/), '{"n":1}\n{"n":2}\n{"n":3}\n{"n":4}\n')
    assert.equal(await read(/^blank-\d+\.json$/), '[5   ]')
    await assert.rejects(read(/^mixed-\d+\.json$/), /^Error: mixed-2\.json is not a JSON array, as mixed-1\.json is/)
    await assert.rejects(read(/^cut-\d+\.json$/), /^Error: cut-1\.json does not end as a JSON array does/)
  }
)

test('each folder of export members is a data export of its own; the first is read unless one is chosen', async () => {
  const archive = inputFromBytes(
    zipOfMembers([
      {name: 'b/conversations-1.json', content: '[{"id": "b1"}]'},
      {name: 'a/conversations.json', content: '[{"id": "a"}]'},
      {name: 'b/conversations-0.json', content: '[{"id": "b0"}]'},
      {name: 'conversations.json', content: '[{"id": "top"}]'},
      // Two exports zipped into one, both at the top: the second of a name is a second export.
      {name: 'conversations.json', content: '[{"id": "top2"}]'},
      {name: 'deep/er/conversations.json', content: '[{"id": "deep"}]'}
    ]),
    'exports.zip'
  )
  assert.deepEqual(await zipExports(archive, exportMembers), [
    'conversations.json',
    'conversations.json (2)',
    'a/conversations.json',
    'b/conversations-0.json..b/conversations-1.json',
    'deep/er/conversations.json'
  ])
  const read = async (choice: number): Promise<[string, string]> => {
    const member = await zipMemberInput(archive, exportMembers, undefined, undefined, choice)
    assert.ok(member)
    return [member.name, await text(member)]
  }
  assert.deepEqual(await read(1), ['exports.zip!conversations.json (2)', '[{"id": "top2"}]'])
  assert.deepEqual(await read(3), [
    'exports.zip!b/conversations-0.json..b/conversations-1.json',
    '[{"id": "b0"},{"id": "b1"} ]'
  ])
  await assert.rejects(read(5), /exports\.zip holds 5 data exports, not 6/)
  // Not chosen: the first, and a fatal warning that names the others (their conversations are not read).
  const warnings: [string, boolean | undefined][] = []
  const first = await zipMemberInput(archive, exportMembers, undefined, (reason, fatal) =>
    warnings.push([reason, fatal])
  )
  assert.equal(await text(first ?? {async *open() {}}), '[{"id": "top"}]')
  assert.deepEqual(warnings, [
    [
      'The archive holds 5 data exports (conversations.json, conversations.json (2), a/conversations.json, ' +
        'b/conversations-0.json..b/conversations-1.json, deep/er/conversations.json): only conversations.json is ' +
        'read here; each is an input of its own when the archive is read from a file',
      true
    ]
  ])
  // One export, or none: nothing to choose.
  assert.deepEqual(await zipExports(await inputFromPath(otherZip), exportMembers), [])
  assert.deepEqual(
    await zipExports(inputFromBytes(zipOfMembers([{name: 'x/conversations.json', content: '[]'}])), exportMembers),
    ['x/conversations.json']
  )
})

test('the normalizer lists an archive’s exports and reads the one asked for, each with its own format', async () => {
  const reader = (name: string, key: string): FormatPlugin => ({
    ...fakeFormat(name, {confidence: 'certain', reason: 'x'}),
    archiveMembers: exportMembers,
    detect: (sample) =>
      sample.text.includes(key) ? {confidence: 'certain', reason: key} : {confidence: 'none', reason: 'no'},
    async *parse(input) {
      for (const item of JSON.parse(await text(input)) as Array<{id: string}>)
        yield {id: item.id, source: {format: name}, participants: [], metadata: {}, turns: [], fidelity: {}}
    }
  })
  const normalizer = createNormalizer({builtins: [reader('one', 'mapping'), reader('two', 'chat_messages')]})
  const archive = inputFromBytes(
    zipOfMembers([
      {name: 'chatgpt/conversations.json', content: '[{"id": "c", "mapping": {}}]'},
      {name: 'claude/conversations.json', content: '[{"id": "d", "chat_messages": []}]'}
    ]),
    'both.zip'
  )
  assert.deepEqual(await normalizer.exports(archive), ['chatgpt/conversations.json', 'claude/conversations.json'])
  assert.deepEqual(await normalizer.exports(inputFromBytes(Buffer.from('[]'), 'x.json')), [])
  const formats: string[] = []
  for (const archiveExport of [0, 1]) {
    const {detection, conversations, file} = await normalizer.normalize(archive, {archiveExport})
    formats.push(`${file.path}: ${detection.format} ${conversations.map((conversation) => conversation.id)}`)
    assert.deepEqual(file.messages, [])
  }
  assert.deepEqual(formats, ['both.zip!chatgpt/conversations.json: one c', 'both.zip!claude/conversations.json: two d'])
  // Read without a choice, the archive's other export is named in a fatal message: its conversations are not read.
  const {file} = await normalizer.normalize(archive)
  assert.equal(file.messages[0]?.fatal, true)
  assert.match(file.messages[0]?.reason ?? '', /^The archive holds 2 data exports/)
})
