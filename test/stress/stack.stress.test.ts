import assert from 'node:assert/strict'
import {writeFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {stackSafeChatmark as chatmark, stackScratch} from '../hostile/stack-run.js'

// The heaviest of ../hostile/stack.test.ts, run by `pnpm test:stress`: a branch of 150,000 messages, through
// the installed command, converts and never says "Maximum call stack".

const scratch = stackScratch()

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
  const path = join(scratch.folder, 'conversations.json')
  await writeFile(path, JSON.stringify([{id: 'long', title: 'Long', mapping, current_node: `m${count - 1}`}]))
  const run = chatmark([path])
  assert.equal(run.status, 0, run.stderr)
  assert.match(run.stdout, /message 149999\n/)
}, 60_000)
