import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import {createNormalizer, inputFromBytes, inputFromPath, zipMemberInput} from '@chatmark/core'
import {fakeFormat} from './helpers.js'

// export.zip: user.json, nested/conversations.json, conversations.json (made with `python3 -m zipfile`).
const exportZip = fileURLToPath(new URL('fixtures/export.zip', import.meta.url))
const otherZip = fileURLToPath(new URL('fixtures/other.zip', import.meta.url))

async function text(input: {open(): AsyncIterable<Uint8Array>}): Promise<string> {
  const chunks: Uint8Array[] = []
  for await (const chunk of input.open()) chunks.push(chunk)
  return Buffer.concat(chunks).toString('utf8')
}

test('the shallowest conversations.json of an archive is the input, read from disk or memory', async () => {
  for (const archive of [await inputFromPath(exportZip), inputFromBytes(await readFile(exportZip), 'upload.zip')]) {
    const member = await zipMemberInput(archive)
    assert.ok(member)
    assert.equal(member.name, `${archive.name}!conversations.json`)
    assert.equal(member.size, 26)
    assert.equal(await text(member), '[{"id": "a"}, {"id": "b"}]')
    assert.equal(Buffer.from(await member.head(6)).toString(), '[{"id"')
  }
})

test('an archive without an export member is a container of files, which formats may claim', async () => {
  assert.equal(await zipMemberInput(await inputFromPath(otherZip)), undefined)
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
