import assert from 'node:assert/strict'
import {closeSync, openSync} from 'node:fs'
import {mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, beforeAll, test} from 'vitest'
import {claudeChainLine} from '../util/claude-chain.js'
import {measuredChatmark} from '../util/measured-run.js'

// Inputs of hundreds of megabytes that once ran out of memory (issue 11), run through the bundled command with its
// memory bounded: the long half of test/hostile/limits.test.ts and stack.test.ts. How fast they run is measured by
// the benchmarks (bench/), not here.

const chatgptExport = fileURLToPath(
  new URL('../../packages/format-chatgpt/fixtures/odd-conversations/input.json', import.meta.url)
)

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'chatmark-large-'))
})

afterAll(async () => {
  await rm(folder, {recursive: true, force: true})
})

test('--json streams the line of an export: memory stays flat however many conversations it holds', async () => {
  const path = join(folder, 'large-export.json')
  const [first] = JSON.parse(await readFile(chatgptExport, 'utf8')) as {mapping: Record<string, unknown>}[]
  const text = 'lorem ipsum dolor sit amet '.repeat(4000)
  const count = 600
  const items: string[] = []
  for (let index = 0; index < count; index++) {
    const item = {...first, id: `conv-${index}`, conversation_id: `conv-${index}`, title: `Conversation ${index}`}
    items.push(JSON.stringify(item).replaceAll('"parts":[', `"parts":[${JSON.stringify(text)},`))
  }
  await writeFile(path, `[${items.join(',')}]`)
  const output = join(folder, 'large-export.jsonl')
  const fd = openSync(output, 'w')
  let run: ReturnType<typeof measuredChatmark>
  try {
    run = measuredChatmark(['--json', path], {stdout: fd, timeout: 300_000})
  } finally {
    closeSync(fd)
  }
  assert.equal(run.status, 0, run.stderr)
  const lines = (await readFile(output, 'utf8')).split('\n')
  assert.equal(lines.pop(), '')
  assert.equal(lines.length, 1)
  const report = JSON.parse(lines[0] ?? '') as {conversations: {id: string}[]; messages: unknown[]}
  assert.equal(report.conversations.length, count)
  assert.equal(report.conversations.at(-1)?.id, `conv-${count - 1}`)
  // The whole line as one string held over 800 MiB for this 195 MB export, and failed at 1.4 GB.
  assert.ok(run.peakMb < 250, `peak ${run.peakMb} MiB`)
}, 600_000)

test('--parse-messages parses 200,000 paragraphs on a 512 MB heap', async () => {
  // Parsed as one document, micromark held every event of it (2.6 GB for 200,000 paragraphs): on a 2 GB heap it
  // took 40 s, mostly collecting garbage, and on 512 MB it ran out of memory. In pieces it takes the tree's memory.
  const count = 200_000
  const path = join(folder, `paragraphs-${count}.jsonl`)
  const text = 'para\n\n'.repeat(count)
  const lines = [claudeChainLine(0, 'user', 'Hello'), claudeChainLine(1, 'assistant', text)]
  await writeFile(path, `${[...lines, claudeChainLine(2, 'user', '# Last')].join('\n')}\n`)
  const run = measuredChatmark(['--parse-messages', path], {node: ['--max-old-space-size=512'], timeout: 600_000})
  assert.equal(run.status, 0, run.stderr)
  assert.equal(run.stdout.split('\npara\n').length, count + 1)
  assert.match(run.stdout, /\n### Last\n/)
}, 900_000)
