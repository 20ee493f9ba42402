import assert from 'node:assert/strict'
import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {claudeChainLine} from '../util/claude-chain.js'
import {stackSafeChatmark as chatmark, stackScratch} from './stack-run.js'

// Small hostile Markdown that `--to html` and `--parse-messages` parsed in quadratic time or past the stack
// (issue 25, item 7): 31 KB of `a\n-\n` took 118 s, 20 KB of `> - ` took 3 GB then overflowed, `> ` x 4,000
// lost the conversation. Each message is now shown as written under a notice; the others are parsed. The runs
// have a small heap, and a run that does not finish fails (a guard, not the test: the output decides).

const scratch = stackScratch()

const payloads: Record<string, string> = {
  setext: 'a\n-\n'.repeat(8_000),
  references: `${Array.from({length: 2_000}, (_, index) => `[d${index}]: u`).join('\n')}\n\n${'[zz] '.repeat(6_000)}`,
  brackets: '[a] '.repeat(8_000),
  strong: 'a**b '.repeat(6_000),
  strikethrough: '~a '.repeat(10_000),
  'quoted items': '> - '.repeat(5_000),
  quotes: '> '.repeat(4_000)
}

async function session(): Promise<string> {
  const path = join(scratch.folder, 'hostile-markdown.jsonl')
  const lines = [claudeChainLine(0, 'user', 'Hello')]
  for (const text of Object.values(payloads)) lines.push(claudeChainLine(lines.length, 'assistant', text))
  lines.push(claudeChainLine(lines.length, 'user', '# Last'))
  await writeFile(path, `${lines.join('\n')}\n`)
  return path
}

const notice = /This message is shown as written, not parsed: /g
const small = {node: ['--max-old-space-size=192'], timeout: 120_000}

test('--to html shows each hostile message as written under a notice, and the rest of the page parsed', async () => {
  const run = chatmark(['--to', 'html', await session()], small)
  assert.equal(run.status, 0, run.stderr)
  assert.equal(run.stdout.match(notice)?.length, Object.keys(payloads).length)
  assert.match(run.stdout, /<pre><code>a\n-\na\n-\n/)
  assert.match(run.stdout, /<h3>Last<\/h3>/)
})

test('--parse-messages keeps each hostile message as written under a notice, and parses the rest', async () => {
  const run = chatmark(['--parse-messages', await session()], small)
  assert.equal(run.status, 0, run.stderr)
  assert.equal(run.stdout.match(notice)?.length, Object.keys(payloads).length)
  assert.match(run.stdout, /\n### Last\n/)
})
