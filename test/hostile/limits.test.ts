import assert from 'node:assert/strict'
import {closeSync, openSync} from 'node:fs'
import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {crc32, deflateRawSync, gzipSync} from 'node:zlib'
import {test} from 'vitest'
import {limitedChatmark as chatmark, limitsScratch, megabyte} from './limited-run.js'

// Small inputs that once cost gigabytes (issue 11, items 2 to 5), run through the installed command in a child
// process whose peak memory (/usr/bin/time's maximum resident set) and time are bounded. The bounds are far
// under what the unbounded code took on the same inputs, and far over what the bounded code needs. The heaviest
// are in ../stress/limits.stress.test.ts.

const scratch = limitsScratch()

test('a line nested millions deep is skipped before it is parsed, naming the line; the rest is kept', async () => {
  const path = join(scratch.folder, 'deep.jsonl')
  const depth = 20_000_000
  const [first = '', ...rest] = scratch.session.trimEnd().split('\n')
  await writeFile(path, `${first}\n${'['.repeat(depth)}\n${rest.join('\n')}\n`)
  const run = chatmark([path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stderr, /:2: warning: Line 2 nests arrays or objects deeper than 1000 levels \(maxJsonDepth\)/)
  // The turns after the deep line are in the note.
  assert.match(run.stdout, /decorator/i)
  // JSON.parse held about 47 bytes a level: 900 MB for this line.
  assert.ok(run.peakMb < 350, `peak ${run.peakMb} MiB`)
})

test('stdin is read up to maxInputBytes, then fails naming the limit', () => {
  const zero = openSync('/dev/zero', 'r')
  try {
    const run = chatmark(['-'], zero)
    assert.equal(run.status, 1)
    assert.match(run.stderr, /<stdin>.* over the 512\.0 MB limit for input read into memory \(maxInputBytes\)/)
    // Unbounded, it grew past 6 GB within 16 s.
    assert.ok(run.peakMb < 1200, `peak ${run.peakMb} MiB`)
  } finally {
    closeSync(zero)
  }
})
test('a gzip bomb fails at maxExpansionRatio in flat memory', async () => {
  const path = join(scratch.folder, 'scratch.session.jsonl.gz')
  // Gzip members may follow one another: 64 of 16 MiB of line feeds are 1 GiB from 1 MB.
  const member = gzipSync(Buffer.alloc(16 * megabyte, '\n'), {level: 9})
  await writeFile(path, Buffer.concat([gzipSync(scratch.session), ...Array.from({length: 64}, () => member)]))
  const run = chatmark([path])
  assert.equal(run.status, 1)
  assert.match(run.stderr, /expands to over 200 times its compressed size \(maxExpansionRatio\)/)
  assert.ok(run.peakMb < 300, `peak ${run.peakMb} MiB`)
})

/** A zip archive of one deflated member (PKWARE APPNOTE: local header, data, central directory, end record). */
function zipOf(name: string, content: Buffer): Buffer {
  const data = deflateRawSync(content, {level: 9})
  const fileName = Buffer.from(name)
  const sizes = (buffer: Buffer, at: number): void => {
    buffer.writeUInt32LE(crc32(content), at)
    buffer.writeUInt32LE(data.length, at + 4)
    buffer.writeUInt32LE(content.length, at + 8)
  }
  const local = Buffer.alloc(30)
  local.writeUInt32LE(0x04034b50, 0)
  local.writeUInt16LE(20, 4)
  local.writeUInt16LE(8, 8)
  sizes(local, 14)
  local.writeUInt16LE(fileName.length, 26)
  const central = Buffer.alloc(46)
  central.writeUInt32LE(0x02014b50, 0)
  central.writeUInt16LE(20, 4)
  central.writeUInt16LE(20, 6)
  central.writeUInt16LE(8, 10)
  sizes(central, 16)
  central.writeUInt16LE(fileName.length, 28)
  const directoryAt = local.length + fileName.length + data.length
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(1, 8)
  end.writeUInt16LE(1, 10)
  end.writeUInt32LE(central.length + fileName.length, 12)
  end.writeUInt32LE(directoryAt, 16)
  return Buffer.concat([local, fileName, data, central, fileName, end])
}

test('a zip member of nested brackets fails at maxExpansionRatio before it is read', async () => {
  const path = join(scratch.folder, 'export.zip')
  // 100 KB: once 4.9 GB.
  await writeFile(path, zipOf('conversations.json', Buffer.alloc(100 * megabyte, '[')))
  const run = chatmark([path])
  assert.equal(run.status, 1)
  assert.match(run.stderr, /member conversations\.json expands to over 200 times .*\(maxExpansionRatio\)/)
  assert.ok(run.peakMb < 300, `peak ${run.peakMb} MiB`)
})
