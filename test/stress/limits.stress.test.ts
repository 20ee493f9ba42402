import assert from 'node:assert/strict'
import {spawnSync} from 'node:child_process'
import {mkdir, readFile, writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {userEnvironment} from '../util/installed.js'
import {chatmarkBin} from '../util/measured-run.js'
import {chatgptExport, limitedChatmark as chatmark, limitsScratch, megabyte} from '../hostile/limited-run.js'

// The heaviest of ../hostile/limits.test.ts (big inputs, deep nesting, a bomb), run by `pnpm test:stress`: small
// inputs that once cost gigabytes (issue 11, items 2 to 5), through the installed command in a child process
// whose peak memory is bounded far under what the unbounded code took and far over what the bounded code needs.

const scratch = limitsScratch()

test('300,000 malformed lines are twenty warnings and a count, in flat memory', async () => {
  const path = join(scratch.folder, 'malformed.jsonl')
  const lines = 300_000
  await writeFile(path, scratch.session + '{bad\n'.repeat(lines))
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

test('an item of an export nested millions deep is skipped, the other conversations kept', async () => {
  const path = join(scratch.folder, 'conversations.json')
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
  const root = join(scratch.folder, 'slack')
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
  const result = spawnSync(process.execPath, [chatmarkBin(), '--slack-part-messages', '5000', '--list', root], {
    encoding: 'utf8',
    timeout: 60_000,
    env: {...userEnvironment(), NODE_OPTIONS: '--max-old-space-size=64'}
  })
  assert.equal(result.status, 0, result.stderr.slice(0, 2000))
  const lines = result.stdout.trimEnd().split('\n')
  assert.equal(lines.length, 12)
  assert.match(lines[11] ?? '', /^C1:part-12\t2024-04-28\t5000 turns\t#general · part 12$/)
  const turns = lines.reduce((sum, line) => sum + Number(/\t(\d+) turns\t/.exec(line)?.[1]), 0)
  assert.equal(turns, 60_000)
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
  const path = join(scratch.folder, 'rollout.jsonl.zst')
  // 66 KB that expand to 2 GB: once 2 GB just to detect.
  await writeFile(path, zstdBomb(Buffer.from(scratch.session), 2048 * megabyte))
  const explained = chatmark(['--explain', path])
  assert.match(explained.stdout, /→ claude/)
  assert.ok(explained.peakMb < 200, `detection peak ${explained.peakMb} MiB`)
  const run = chatmark([path])
  assert.equal(run.status, 1)
  assert.match(run.stderr, /expands to over 200 times its compressed size \(maxExpansionRatio\)/)
  assert.ok(run.peakMb < 300, `peak ${run.peakMb} MiB`)
})
