import assert from 'node:assert/strict'
import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {claudeChainLine} from '../util/claude-chain.js'
import {stackSafeChatmark as chatmark, stackScratch} from './stack-run.js'

// Inputs of a few kilobytes that overflowed the stack and lost the whole input (issue 11, item 11), run
// through the installed command: each converts, keeps the rest of its conversation, and never says
// "Maximum call stack". The largest is in ../stress/stack.stress.test.ts.

const scratch = stackScratch()

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
  const path = join(scratch.folder, 'deep-arguments.jsonl')
  await writeFile(path, `${lines.join('\n')}\n`)
  const run = chatmark([path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /\[… nested too deep\]/)
  assert.match(run.stdout, /After the deep call/)
})

test('--parse-messages keeps 50,000 nested block quotes as written and parses the rest', async () => {
  const path = join(scratch.folder, 'quotes.jsonl')
  const quotes = `${'> '.repeat(50_000)}deep quote`
  const lines = [claudeChainLine(0, 'user', 'Hello'), claudeChainLine(1, 'assistant', quotes)]
  await writeFile(path, `${[...lines, claudeChainLine(2, 'user', '# Last')].join('\n')}\n`)
  const run = chatmark(['--parse-messages', path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /deep quote/)
  // The next message is still parsed: its heading is pushed below the turn heading.
  assert.match(run.stdout, /\n### Last\n/)
})
