import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {test} from 'vitest'
import {createSample, inputFromString} from '@chatmark/core'
import {copilotCli} from '@chatmark/format-copilot-cli'
import {jsonl, prompt, reply, start} from './helpers.js'

const {detect} = copilotCli()
const verdict = async (text: string) => detect(await createSample(inputFromString(text, 'x.jsonl'), 64 * 1024))
const fixture = (name: string) => readFile(new URL(`../fixtures/${name}/input.jsonl`, import.meta.url), 'utf8')

test('each real shape is certain, with its variant, or likely for the streamed output', async () => {
  const cli = await verdict(await fixture('tui-1.0.102-shell-compact'))
  assert.deepEqual([cli.confidence, cli.variant], ['certain', 'cli-events'])
  assert.match(cli.reason, /copilot-agent 1\.0\.102/)
  const vscode = await verdict(await fixture('vscode-transcript-0.62'))
  assert.deepEqual([vscode.confidence, vscode.variant], ['certain', 'vscode-transcript'])
  assert.match(vscode.reason, /VS Code 1\.137\.0/)
  const stream = await verdict(await fixture('output-stream-1.0.102'))
  assert.deepEqual([stream.confidence, stream.variant], ['likely', 'output-stream'])
})

test('a file whose head lost its session.start is still likely; other tools’ JSONL is none', async () => {
  assert.equal((await verdict(jsonl(prompt('Hello'), reply('Hi')))).confidence, 'likely')
  const claude = jsonl({type: 'user', uuid: 'u', sessionId: 's', message: {role: 'user', content: 'hi'}})
  assert.equal((await verdict(claude)).confidence, 'none')
  const codex = jsonl({timestamp: 't', type: 'event_msg', payload: {type: 'user_message', message: 'hi'}})
  assert.equal((await verdict(codex)).confidence, 'none')
  assert.equal((await verdict(jsonl(start()))).variant, 'cli-events')
  assert.equal((await verdict('')).confidence, 'none')
  assert.equal((await verdict('plain words\n')).confidence, 'none')
})
