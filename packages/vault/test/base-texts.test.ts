import assert from 'node:assert/strict'
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {test} from 'vitest'
import {baseBound, baseTexts, noBase, sha256Of} from '../src/base-texts.js'

async function stateFolder(): Promise<string> {
  const folder = join(await mkdtemp(join(tmpdir(), 'chatmark-bases-')), '.chatmark')
  await mkdir(join(folder, 'base'), {recursive: true})
  return folder
}

test('a base text is read back whole, checked against its name; a missing one says so', async () => {
  const folder = await stateFolder()
  const bases = baseTexts(folder, false)
  const text = '---\nid: c-1\n---\n\n# T\n'
  const sha256 = await bases.save(text)
  assert.deepEqual(await bases.load(sha256, Buffer.byteLength(text)), {text})
  assert.deepEqual(await bases.load(sha256Of('another'), 1000), {problem: noBase})
  assert.deepEqual(await bases.load('not a hash', 1000), {problem: noBase})
})

test('a base that expands past its bound is refused as soon as it does, and a damaged one is named', async () => {
  const folder = await stateFolder()
  const bases = baseTexts(folder, false)
  const sha256 = sha256Of('the text it is named after')
  const file = join(folder, 'base', `${sha256}.md.gz`)
  // 64 MiB of zeros in about 64 KB: refused at a bound of 1 MiB, unread past it.
  await writeFile(file, gzipSync(Buffer.alloc(64 * 1024 * 1024), {level: 9}))
  const tooLong = {
    problem: `its base text .chatmark/base/${sha256}.md.gz expands past 1.0 MB, more than this note's: not read`
  }
  const before = process.memoryUsage().arrayBuffers
  assert.deepEqual(await bases.load(sha256, 1024 * 1024), tooLong)
  assert.ok(process.memoryUsage().arrayBuffers - before < 32 * 1024 * 1024, 'not expanded whole')
  // A compressed file larger than any text of the bound is not even read.
  await writeFile(file, Buffer.alloc(2 * 1024 * 1024, 1))
  assert.deepEqual(await bases.load(sha256, 1024 * 1024), tooLong)
  await writeFile(file, Buffer.from('not gzip at all'))
  const damaged = await bases.load(sha256, 1024 * 1024)
  assert.ok('problem' in damaged && /^its base text \.chatmark\/base\/\w+\.md\.gz is damaged \(/.test(damaged.problem))
  await writeFile(file, gzipSync('another text'))
  assert.deepEqual(await bases.load(sha256, 1024), {
    problem: `its base text .chatmark/base/${sha256}.md.gz is damaged (not the text it is named after)`
  })
})

test('a base is bounded by four times the larger of the note and its new version, and at least 16 MiB', () => {
  assert.equal(baseBound(0, 0), 16 * 1024 * 1024)
  assert.equal(baseBound(10 * 1024 * 1024, 1024), 40 * 1024 * 1024)
  assert.equal(baseBound(1024, 20 * 1024 * 1024), 80 * 1024 * 1024)
})
