import assert from 'node:assert/strict'
import {spawnSync} from 'node:child_process'
import {mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, beforeAll, test} from 'vitest'
import {claudeChainLine} from '../util/claude-chain.js'

// Inputs of a few kilobytes that overflowed the stack and lost the whole input (issue 11, item 11), run
// through the bundled command: each converts, keeps the rest of its conversation, and never says
// "Maximum call stack".

const bin = fileURLToPath(new URL('../../packages/cli/bin/chatmark.js', import.meta.url))

function chatmark(
  args: string[],
  {node = [], timeout = 30_000}: {node?: string[]; timeout?: number} = {}
): {status: number | null; stdout: string; stderr: string} {
  const result = spawnSync(process.execPath, [...node, bin, ...args], {encoding: 'utf8', timeout, maxBuffer: 1 << 28})
  assert.equal(result.error, undefined, `chatmark ${args.join(' ')} did not finish`)
  assert.doesNotMatch(result.stderr, /Maximum call stack/)
  return result
}

let folder: string

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'chatmark-stack-'))
})

afterAll(async () => {
  await rm(folder, {recursive: true, force: true})
})

test('a Codex tool call whose arguments nest 5,000 deep is written, cut with a marker', async () => {
  const depth = 5_000
  const args = `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`
  const item = (time: string, payload: unknown): string =>
    JSON.stringify({timestamp: `2025-10-02T08:00:0${time}.000Z`, type: 'response_item', payload})
  const lines = [
    JSON.stringify({
      timestamp: '2025-10-02T08:00:00.000Z',
      type: 'session_meta',
      payload: {id: '0199a6c1-3b0e-7c52-9a7e-5f3a1b2c4d5e', timestamp: '2025-10-02T08:00:00.000Z', cwd: '/w'}
    }),
    item('1', {type: 'message', role: 'user', content: [{type: 'input_text', text: 'Call it'}]}),
    item('2', {type: 'function_call', name: 'deep', arguments: args, call_id: 'c1'}),
    item('3', {type: 'function_call_output', call_id: 'c1', output: 'done'}),
    item('4', {type: 'message', role: 'assistant', content: [{type: 'output_text', text: 'After the deep call'}]})
  ]
  const path = join(folder, 'deep-arguments.jsonl')
  await writeFile(path, `${lines.join('\n')}\n`)
  const run = chatmark([path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /\[… nested too deep\]/)
  assert.match(run.stdout, /After the deep call/)
})

test('a ChatGPT branch of 150,000 messages is one note', async () => {
  const count = 150_000
  const mapping: Record<string, unknown> = {root: {id: 'root', message: null, parent: null, children: ['m0']}}
  for (let index = 0; index < count; index++) {
    mapping[`m${index}`] = {
      id: `m${index}`,
      parent: index === 0 ? 'root' : `m${index - 1}`,
      children: index + 1 < count ? [`m${index + 1}`] : [],
      message: {
        id: `m${index}`,
        author: {role: index % 2 === 0 ? 'user' : 'assistant'},
        create_time: 1767434400 + index,
        content: {content_type: 'text', parts: [`message ${index}`]},
        metadata: {}
      }
    }
  }
  const path = join(folder, 'conversations.json')
  await writeFile(path, JSON.stringify([{id: 'long', title: 'Long', mapping, current_node: `m${count - 1}`}]))
  const run = chatmark([path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /message 149999\n/)
}, 60_000)

test('--parse-messages keeps 50,000 nested block quotes as written and parses the rest', async () => {
  const path = join(folder, 'quotes.jsonl')
  const quotes = `${'> '.repeat(50_000)}deep quote`
  const lines = [claudeChainLine(0, 'user', 'Hello'), claudeChainLine(1, 'assistant', quotes)]
  await writeFile(path, `${[...lines, claudeChainLine(2, 'user', '# Last')].join('\n')}\n`)
  const run = chatmark(['--parse-messages', path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /deep quote/)
  // The next message is still parsed: its heading is pushed below the turn heading.
  assert.match(run.stdout, /\n### Last\n/)
})
