import assert from 'node:assert/strict'
import {spawnSync} from 'node:child_process'
import {closeSync, openSync} from 'node:fs'
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {crc32, deflateRawSync, gzipSync} from 'node:zlib'
import {afterAll, beforeAll, test} from 'vitest'
import type {MeasuredRun} from '../util/measured-run.js'
import {chatmarkBin, measuredChatmark} from '../util/measured-run.js'

// Small inputs that once cost gigabytes (issue 11, items 2 to 5), run through the bundled command in a child
// process whose peak memory (/usr/bin/time's maximum resident set) and time are bounded. The bounds are far
// under what the unbounded code took on the same inputs, and far over what the bounded code needs.

const claudeSession = fileURLToPath(new URL('../../fixtures/claude-code/flat-no-parents/input.jsonl', import.meta.url))
const chatgptExport = fileURLToPath(new URL('../../fixtures/chatgpt/odd-conversations/input.json', import.meta.url))
const megabyte = 1024 * 1024

function chatmark(
  args: string[],
  stdin: number | 'ignore' = 'ignore',
  timeout = 30_000,
  stdout: number | 'pipe' = 'pipe'
): MeasuredRun {
  return measuredChatmark(args, {stdin, stdout, timeout})
}

let folder: string
let session: string

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'chatmark-limits-'))
  session = await readFile(claudeSession, 'utf8')
})

afterAll(async () => {
  await rm(folder, {recursive: true, force: true})
})

test('300,000 malformed lines are twenty warnings and a count, in flat memory', async () => {
  const path = join(folder, 'malformed.jsonl')
  const lines = 300_000
  await writeFile(path, session + '{bad\n'.repeat(lines))
  const run = chatmark([path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /^---\n/)
  const warnings = run.stderr.split('\n')
  assert.equal(warnings.filter((line) => / is not valid JSON /.test(line)).length, 20)
  assert.match(run.stderr, new RegExp(`and ${(lines - 20).toLocaleString('en-US')} more malformed lines`))
  assert.ok(run.stderr.length < 10_000, `${run.stderr.length} characters of warnings`)
  // Unbounded, one message per line held 500 MB here.
  assert.ok(run.peakMb < 250, `peak ${run.peakMb} MiB`)
})

test('a line nested millions deep is skipped before it is parsed, naming the line; the rest is kept', async () => {
  const path = join(folder, 'deep.jsonl')
  const depth = 20_000_000
  const [first = '', ...rest] = session.trimEnd().split('\n')
  await writeFile(path, `${first}\n${'['.repeat(depth)}\n${rest.join('\n')}\n`)
  const run = chatmark([path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stderr, /:2: warning: Line 2 nests arrays or objects deeper than 1000 levels \(maxJsonDepth\)/)
  // The turns after the deep line are in the note.
  assert.match(run.stdout, /decorator/i)
  // JSON.parse held about 47 bytes a level: 900 MB for this line.
  assert.ok(run.peakMb < 350, `peak ${run.peakMb} MiB`)
})

test('an item of an export nested millions deep is skipped, the other conversations kept', async () => {
  const path = join(folder, 'conversations.json')
  const conversations = JSON.parse(await readFile(chatgptExport, 'utf8')) as unknown[]
  const items = conversations.map((conversation) => JSON.stringify(conversation))
  const depth = 10_000_000
  await writeFile(path, `[${items[0]},${'['.repeat(depth)}${']'.repeat(depth)},${items.slice(1).join(',')}]`)
  const run = chatmark(['--list', path])
  assert.match(run.stderr, /Item 1 of the array \(from byte \d+\) nests arrays or objects deeper than 1000 levels/)
  // Every conversation the export lists without the deep item is listed.
  assert.equal(run.stdout, chatmark(['--list', chatgptExport]).stdout)
  assert.ok(run.peakMb < 250, `peak ${run.peakMb} MiB`)
})

test('a Slack channel is read a part at a time: 60,000 messages in a 64 MB heap', async () => {
  const root = join(folder, 'slack')
  await mkdir(join(root, 'general'), {recursive: true})
  await writeFile(join(root, 'users.json'), JSON.stringify([{id: 'U1', name: 'ada'}]))
  await writeFile(join(root, 'channels.json'), JSON.stringify([{id: 'C1', name: 'general'}]))
  const start = Date.UTC(2024, 2, 4) / 1000
  for (let day = 0; day < 60; day++) {
    const messages = Array.from({length: 1000}, (_, index) => ({
      type: 'message',
      ts: `${start + day * 86_400 + index * 60}.000000`,
      user: 'U1',
      text: `message ${day * 1000 + index} of a long channel`
    }))
    const name = new Date((start + day * 86_400) * 1000).toISOString().slice(0, 10)
    await writeFile(join(root, 'general', `${name}.json`), JSON.stringify(messages))
  }
  // Held whole (--slack-part-messages over 60,000), the channel needs more than this heap and Node aborts.
  const result = spawnSync(process.execPath, [chatmarkBin, '--slack-part-messages', '5000', '--list', root], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {...process.env, NODE_OPTIONS: '--max-old-space-size=64'}
  })
  assert.equal(result.status, 0, result.stderr.slice(0, 2000))
  const lines = result.stdout.trimEnd().split('\n')
  assert.equal(lines.length, 12)
  assert.match(lines[11] ?? '', /^C1:part-12\t2024-04-28\t5000 turns\t#general · part 12$/)
  const turns = lines.reduce((sum, line) => sum + Number(/\t(\d+) turns\t/.exec(line)?.[1]), 0)
  assert.equal(turns, 60_000)
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

/**
 * A zstd frame (RFC 8878) of `head`, stored raw, then `size` bytes of line feeds (blank lines: the head still
 * looks like JSON Lines to detection) as 4-byte RLE blocks of 128 KiB.
 */
function zstdBomb(head: Buffer, size: number): Buffer {
  const block = 128 * 1024
  const header = (last: boolean, type: number, size: number): Buffer => {
    const value = (last ? 1 : 0) | (type << 1) | (size << 3)
    return Buffer.from([value & 0xff, (value >> 8) & 0xff, (value >> 16) & 0xff])
  }
  // Magic, a frame header descriptor with no content size, a window of 2 MiB.
  const parts = [Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 0x00, 0x58]), header(false, 0, head.length), head]
  const rle = Buffer.concat([header(false, 1, block), Buffer.of(0x0a)])
  const blocks = Math.ceil(size / block)
  for (let index = 0; index < blocks - 1; index++) parts.push(rle)
  parts.push(header(true, 1, block), Buffer.of(0x0a))
  return Buffer.concat(parts)
}

test('a zstd bomb is detected from its head alone and fails at maxExpansionRatio', async () => {
  const path = join(folder, 'rollout.jsonl.zst')
  // 66 KB that expand to 2 GB: once 2 GB just to detect.
  await writeFile(path, zstdBomb(Buffer.from(session), 2048 * megabyte))
  const explained = chatmark(['--explain', path])
  assert.match(explained.stdout, /→ claude/)
  assert.ok(explained.peakMb < 200, `detection peak ${explained.peakMb} MiB`)
  const run = chatmark([path])
  assert.equal(run.status, 1)
  assert.match(run.stderr, /expands to over 200 times its compressed size \(maxExpansionRatio\)/)
  assert.ok(run.peakMb < 300, `peak ${run.peakMb} MiB`)
})

test('a gzip bomb fails at maxExpansionRatio in flat memory', async () => {
  const path = join(folder, 'session.jsonl.gz')
  // Gzip members may follow one another: 64 of 16 MiB of line feeds are 1 GiB from 1 MB.
  const member = gzipSync(Buffer.alloc(16 * megabyte, '\n'), {level: 9})
  await writeFile(path, Buffer.concat([gzipSync(session), ...Array.from({length: 64}, () => member)]))
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
  const path = join(folder, 'export.zip')
  // 100 KB: once 4.9 GB.
  await writeFile(path, zipOf('conversations.json', Buffer.alloc(100 * megabyte, '[')))
  const run = chatmark([path])
  assert.equal(run.status, 1)
  assert.match(run.stderr, /member conversations\.json expands to over 200 times .*\(maxExpansionRatio\)/)
  assert.ok(run.peakMb < 300, `peak ${run.peakMb} MiB`)
})
