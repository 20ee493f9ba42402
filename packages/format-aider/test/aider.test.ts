import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {Conversation, Sample} from '@chatmark/core'
import {createNormalizer, inputFromString, noticeWords, sampleFromBytes, validateConversation} from '@chatmark/core'
import * as api from '@chatmark/format-aider'
import {aider} from '@chatmark/format-aider'

const fixture = (name: string): Promise<string> =>
  readFile(fileURLToPath(new URL(`../fixtures/${name}/input.md`, import.meta.url)), 'utf8')
const plugin = aider()
const sample = (text: string): Sample => sampleFromBytes(Buffer.from(text), {name: 'history.md', complete: true})
const start = '# aider chat started at 2026-11-30 09:15:04\n\n'

async function read(text: string) {
  const result = await createNormalizer({formats: [aider()], limits: {maxLineBytes: 1_000_000}}).normalize(
    inputFromString(text, '.aider.chat.history.md'),
    {format: 'aider'}
  )
  for (const conversation of result.conversations) assert.equal(validateConversation(conversation), undefined)
  return result
}

async function conversations(text: string): Promise<Conversation[]> {
  const {conversations: list, file} = await read(text)
  assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
  return list
}

const shape = (value: Conversation | undefined): string[] =>
  (value?.turns ?? []).map((turn) => {
    const part = turn.parts[0]
    const kind = part?.type === 'notice' ? `notice:${part.kind}` : part?.type
    const words = part?.type === 'notice' ? noticeWords(part).text : part && 'text' in part ? part.text : ''
    const text = words.split('\n')[0]
    return `${turn.role} ${kind} ${text}`
  })

test('the package exports exactly the aider factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['aider'])
})

test('the plugin names itself aider, takes .aider.chat.history.md in folder walks, and describes itself', () => {
  assert.equal(plugin.name, 'aider')
  assert.deepEqual(plugin.fileNames, ['.aider.chat.history.md'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain on a session start line, likely on aider-marked lines alone, none otherwise', () => {
  assert.equal(plugin.detect(sample(`\n${start}#### hi  \n`)).confidence, 'certain')
  assert.equal(plugin.detect(sample('#### a  \n> b  \n\n#### c  \n')).confidence, 'likely')
  for (const text of [
    '',
    '{"a": 1}',
    '> What is this?\n\nAn answer.\n\n> And this?\n\nAnother.\n',
    'User: hi\nAssistant: hello\n',
    '# Notes\n\n#### Heading\n\n> a quote\n',
    '# aider chat started at yesterday\n'
  ]) {
    const verdict = plugin.detect(sample(text))
    assert.equal(verdict.confidence, 'none', text)
    assert.ok(verdict.reason.length > 5)
  }
})

test('written from aider’s source: requests, answers, commands, shell output, notices, a note a session', async () => {
  const [first, second, ...rest] = await conversations(await fixture('from-source'))
  assert.equal(rest.length, 0)
  assert.equal(first?.createdAt, '2026-11-30')
  assert.deepEqual(first?.metadata.models, ['anthropic/claude-sonnet-4-20250514'])
  assert.deepEqual(first?.metadata.extra, {
    startedAt: '2026-11-30 09:15:04',
    aiderVersion: '0.86.1',
    commandLine: 'aider --model sonnet'
  })
  assert.deepEqual(shape(first), [
    'system notice:system aider --model sonnet',
    'user notice:command Command: /add notes.txt',
    'system notice:system Added notes.txt to the chat',
    'user text Sort the shopping list in notes.txt',
    'assistant text #### Plan',
    'system notice:system Tokens: 2.1k sent, 120 received. Cost: $0.0081 message, $0.0081 session.',
    'user text /ask What does `wc -l` count?',
    'assistant text It counts newline characters, so a last line without one is not counted.',
    'system notice:system Tokens: 1.2k sent, 30 received. Cost: $0.0040 message, $0.0121 session.',
    'user notice:shell-command The user ran a shell command (!): wc -l notes.txt',
    'tool code 4 notes.txt',
    'user notice:command Command: /run ls',
    'tool code README.md',
    'user notice:command Command: /undo',
    'system notice:system Removed: 3f2a1bc chore: sort the shopping list'
  ])
  assert.equal(first?.fidelity['empty-message'], 1)
  const answer = first?.turns[4]?.parts[0]
  assert.match(
    answer?.type === 'text' ? answer.text : '',
    /> the title stays first\.\n[\s\S]*#### not a prompt\n> not output/
  )
  const request = first?.turns[3]?.parts[0]
  assert.equal(
    request?.type === 'text' && request.text,
    'Sort the shopping list in notes.txt\nalphabetically, and keep the title line.'
  )
  const run = first?.turns[12]?.parts[0]
  assert.equal(run?.type === 'code' && run.text, 'README.md\nnotes.txt')
  assert.equal(second?.title, 'Aider session started at 2026-11-30 09:40:12')
})

test('a history cut at its head: the text before the first start line is its own session, with a warning', async () => {
  const {conversations: list, file} = await read(await fixture('real-head'))
  assert.deepEqual(
    list.map((value) => value.metadata.extra?.['startedAt'] ?? '-'),
    ['-', '2024-08-05 19:33:02', '2024-08-05 19:33:32', '2024-08-05 20:39:59']
  )
  assert.deepEqual(
    file.messages.map((message) => message.ruleId),
    ['missing-header']
  )
  assert.equal(
    list[2]?.turns.find((turn) => turn.role === 'user' && turn.parts[0]?.type === 'text')?.parts[0]?.type,
    'text'
  )
})

test('a multi-line output quoted on its first line only is read whole', async () => {
  const [value] = await conversations(`${start}#### !ls  \n> a\nb\nc  \n\nAnswer.\n`)
  assert.deepEqual(shape(value), [
    'user notice:shell-command The user ran a shell command (!): ls',
    'tool code a',
    'assistant text Answer.'
  ])
  assert.deepEqual(value?.turns[0]?.parts[0], {type: 'notice', level: 'info', kind: 'shell-command', command: 'ls'})
  const code = value?.turns[1]?.parts[0]
  assert.equal(code?.type === 'code' && code.text, 'a\nb\nc')
})

test('same start times get distinct ids; CRLF reads like LF', async () => {
  const text = `${start}#### a  \n\n${start}#### b  \n`
  const list = await conversations(text)
  assert.deepEqual(
    list.map((value) => value.id),
    ['.aider.chat.history-2026-11-30T09:15:04', '.aider.chat.history-2026-11-30T09:15:04-2']
  )
  const crlf = await conversations(text.replaceAll('\n', '\r\n'))
  assert.deepEqual(crlf.map(shape), list.map(shape))
})

test('over-long and binary lines are skipped, reported with their line and counted; empty input fails', async () => {
  const long = 'x'.repeat(2_000_000)
  const {conversations: list, file} = await read(`${start}#### a  \n${long}\nok \0 no\n\nAnswer.\n`)
  assert.deepEqual(
    file.messages.map((message) => [message.ruleId, message.line]),
    [
      ['long-line', 4],
      ['binary-line', 5]
    ]
  )
  assert.deepEqual(list[0]?.fidelity, {'long-line': 1, 'binary-line': 1})
  const empty = await read('\n\n')
  assert.equal(empty.conversations.length, 0)
  assert.ok(empty.file.messages.some((message) => message.fatal))
})
