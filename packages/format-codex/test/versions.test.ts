import assert from 'node:assert/strict'
import {test} from 'vitest'
import {parseUserShellCommand} from '../src/user-shell-command.js'
import {
  assistantItem,
  conversation,
  event,
  item,
  jsonl,
  line,
  meta,
  notices,
  texts,
  thoughts,
  toolCalls,
  usage,
  userItem
} from './helpers.js'

// What older Codex versions write differently (seen in rollouts of 0.34 to 0.150 written for chatmark: the
// fixtures `codex/resume-0.60-count-restarts`, `tui-0.60-user-shell-compact`, `tui-0.150-compaction-reply` and
// `fork-0.150-tokens`).

const tokenCount = (second: number, total: [number, number], last: [number, number]) =>
  event(second, {
    type: 'token_count',
    info: {total_token_usage: usage(...total), last_token_usage: usage(...last)}
  })
const turn = (second: number, id: string) => line(second, 'turn_context', {turn_id: id, model: 'gpt-5'})

test('a running total that restarts (a process resumed before 0.8x) adds up; a repeated count does not', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'One'),
      turn(1, 't1'),
      assistantItem(2, 'A'),
      tokenCount(2, [100, 10], [100, 10]),
      // `codex exec resume`: a new process, its count from zero; its first call's total is its own usage.
      userItem(3, 'Two'),
      turn(3, 't2'),
      tokenCount(4, [200, 20], [200, 20]),
      tokenCount(4, [200, 20], [200, 20]),
      assistantItem(5, 'B'),
      tokenCount(5, [500, 50], [300, 30]),
      // Another process, whose first count is already below the last one.
      userItem(6, 'Three'),
      turn(6, 't3'),
      assistantItem(7, 'C'),
      tokenCount(7, [90, 9], [60, 6])
    )
  )
  assert.deepEqual(
    value.turns.filter((each) => each.role === 'assistant').map((each) => each.tokens?.total),
    [110, 550, 99]
  )
  assert.equal(value.metadata.tokens?.total, 110 + 550 + 99)
  assert.equal(value.metadata.tokens?.input, 100 + 500 + 90)
})

test('a fork’s turn counts its own usage: the total it carries from its parent is left out', async () => {
  const value = await conversation(
    jsonl(
      meta({forked_from_id: 'parent-1'}),
      userItem(1, 'Forked question'),
      turn(1, 't1'),
      assistantItem(2, 'Answer'),
      tokenCount(2, [17_000, 600], [3000, 90]),
      userItem(3, 'Again'),
      turn(3, 't2'),
      assistantItem(4, 'Answer again'),
      tokenCount(4, [20_100, 700], [3100, 100])
    )
  )
  assert.deepEqual(
    value.turns.filter((each) => each.role === 'assistant').map((each) => each.tokens?.total),
    [3090, 3200]
  )
  assert.equal(value.metadata.tokens?.total, 3090 + 3200)
})

const shellRecord = (command: string, exitCode: number, output: string): string =>
  `<user_shell_command>\n<command>\n${command}\n</command>\n<result>\nExit code: ${exitCode}\n` +
  `Duration: 0.0070 seconds\nOutput:\n${output}\n</result>\n</user_shell_command>`

test('a `!command` known only from its <user_shell_command> record (0.5x-0.12x) is the user’s tool call', async () => {
  assert.deepEqual(parseUserShellCommand(shellRecord('ls -1', 0, 'README.md\nnotes.txt\n')), {
    command: 'ls -1',
    output: 'README.md\nnotes.txt\n',
    failed: false
  })
  assert.equal(parseUserShellCommand(shellRecord('false', 1, ''))?.failed, true)
  assert.equal(parseUserShellCommand('<user_shell_command>ls</user_shell_command>'), undefined)
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Hi'),
      assistantItem(2, 'Hello'),
      userItem(3, shellRecord('cat missing', 1, 'No such file'))
    )
  )
  const [call] = toolCalls(value)
  assert.equal(call?.displayName, 'user shell command')
  assert.deepEqual(call?.input, {command: 'cat missing'})
  assert.deepEqual(call?.result, {text: 'No such file', isError: true})
  assert.equal(value.turns.at(-1)?.role, 'user')
  assert.equal(value.fidelity['injected-context'], undefined)
})

test('a `!command` shown from its item_completed event (0.15x on) is not shown again from its record', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      event(1, {type: 'task_started', turn_id: 't1'}),
      event(1, {
        type: 'item_completed',
        item: {
          type: 'CommandExecution',
          id: 'c1',
          command: ['/bin/bash', '-lc', 'ls -1'],
          source: 'user_shell',
          aggregated_output: 'README.md\n',
          exit_code: 0
        }
      }),
      userItem(1, shellRecord('ls -1', 0, 'README.md\n'))
    ),
    {keepMeta: true}
  )
  assert.equal(toolCalls(value).length, 1)
  assert.deepEqual(notices(value), [])
})

test('a compaction summary written as a reply (0.150, no compaction_output) is shown once, in its notice', async () => {
  const summary = 'The user asked for a listing; it was given.'
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'List the files'),
      turn(1, 't1'),
      assistantItem(2, 'Two files.'),
      event(3, {type: 'task_started', turn_id: 't2'}),
      item(3, {type: 'reasoning', summary: [{type: 'summary_text', text: 'Summarising the chat'}]}),
      assistantItem(3, summary),
      line(4, 'compacted', {message: summary})
    )
  )
  assert.deepEqual(texts(value, 'assistant'), ['Two files.'])
  assert.deepEqual(thoughts(value), [])
  const [compaction] = notices(value)
  assert.ok(compaction?.kind === 'compaction')
  assert.equal(compaction.summary, summary)
  assert.equal(value.fidelity['compaction-request'], 1)
  // An answer that differs from the summary stays an answer.
  const kept = await conversation(
    jsonl(meta(), userItem(1, 'Hi'), turn(1, 't1'), assistantItem(2, 'Hello'), line(3, 'compacted', {message: 'x'}))
  )
  assert.deepEqual(texts(kept, 'assistant'), ['Hello'])
})

test('"Compact task completed" (0.3x-0.6x) is the compaction’s status; later, the same words are a reply', async () => {
  const status = (second: number) => event(second, {type: 'agent_message', message: 'Compact task completed'})
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Hi'),
      assistantItem(2, 'Hello'),
      line(3, 'compacted', {message: 'Summary'}),
      status(3),
      userItem(4, 'Say it'),
      status(5)
    )
  )
  assert.deepEqual(texts(value, 'assistant'), ['Hello', 'Compact task completed'])
  assert.equal(value.fidelity['compaction-status'], 1)
})
