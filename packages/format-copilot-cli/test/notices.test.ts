import assert from 'node:assert/strict'
import {mkdtemp, mkdir, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {createNormalizer, inputFromPath} from '@chatmark/core'
import {copilotCli} from '@chatmark/format-copilot-cli'
import {conversation, event, jsonl, parts, prompt, reply, start, toolCalls} from './helpers.js'

test('the CLI’s timeline events are notices in its words, typed where chatmark has a kind for them', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('Plan it'),
      event('session.mode_changed', {previousMode: 'interactive', newMode: 'plan'}),
      event('subagent.selected', {agentName: 'reviewer', agentDisplayName: 'Reviewer', tools: null}),
      event('skill.invoked', {name: 'pdf', path: '/s/SKILL.md', content: 'long', description: 'Reads PDFs'}),
      event('session.warning', {warningType: 'policy', message: 'A policy applies'}),
      event('session.truncation', {
        preTruncationTokensInMessages: 900,
        postTruncationTokensInMessages: 300,
        messagesRemovedDuringTruncation: 4
      }),
      event('session.context_cleared', {messagesCleared: 3}),
      event('session.task_complete', {success: true, summary: 'All done'}),
      event('session.task_complete', {success: false}),
      event('session.info', {infoType: 'fork', message: 'Forked this session into "x" (a)'}),
      event('session.info', {infoType: 'timing', message: ''})
    )
  )
  assert.deepEqual(parts(value).slice(1), [
    {type: 'notice', level: 'info', kind: 'system', text: 'Mode: plan'},
    {type: 'notice', level: 'info', kind: 'agent', name: 'Reviewer'},
    {type: 'notice', level: 'info', kind: 'system', text: 'Skill `pdf` invoked', details: 'Reads PDFs'},
    {type: 'notice', level: 'warning', kind: 'system', text: 'A policy applies'},
    {type: 'notice', level: 'info', kind: 'compaction', trigger: 'auto', tokensBefore: 900, tokensAfter: 300},
    {type: 'notice', level: 'info', kind: 'command', name: '/clear'},
    {type: 'notice', level: 'info', kind: 'system', text: 'Task complete', details: 'All done'},
    {type: 'notice', level: 'warning', kind: 'system', text: 'The task is not complete'},
    {type: 'notice', level: 'info', kind: 'system', text: 'Forked this session into "x" (a)'}
  ])
})

test('a call no message named joins the open turn; a start after the message adds its arguments', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('Go'),
      reply('Looking', {toolRequests: [{toolCallId: 'c1', name: 'view'}]}),
      event('tool.execution_start', {toolCallId: 'c1', toolName: 'view', arguments: {path: '/a'}}),
      event('tool.execution_start', {
        toolCallId: 'c2',
        toolName: 'grep',
        arguments: {pattern: 'x'},
        toolTitle: 'Searching'
      }),
      event('tool.execution_complete', {toolCallId: 'c2', success: true, result: {content: 'hit'}}),
      event('tool.execution_complete', {toolCallId: 'c3', toolName: 'bash', success: false, error: 'denied'}),
      event('subagent.completed', {toolCallId: 'c1', agentName: 'a', agentDisplayName: 'A', cancelled: true}),
      event('subagent.failed', {toolCallId: 'unknown', agentName: 'a', agentDisplayName: 'A', error: 'x'})
    )
  )
  assert.deepEqual(
    toolCalls(value).map((call) => [call.name, call.input, call.status, call.result]),
    [
      ['view', {path: '/a'}, 'cancelled', undefined],
      ['grep', {pattern: 'x'}, 'success', {text: 'hit'}],
      ['bash', undefined, 'error', {text: 'denied', isError: true}]
    ]
  )
  assert.equal(value.turns.length, 2, 'one prompt, one answer')
})

test('a sub-agent whose call is not in the file is shown at the end, under a call of its own name', async () => {
  const value = await conversation(
    jsonl(
      start(),
      prompt('Go'),
      event('subagent.started', {
        toolCallId: 'lost',
        agentName: 'explore',
        agentDisplayName: 'Explore',
        agentDescription: ''
      }),
      reply('From the sub-agent', {}, {agentId: 'lost'})
    )
  )
  const last = value.turns.at(-1)?.parts[0]
  assert.equal(last?.type === 'tool-call' && last.text, 'Explore')
  assert.equal(last?.type === 'tool-call' && last.subagent?.length, 1)
})

test('workspace.yaml beside the events names the session; a transcript’s workspace.json gives its folder', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-copilot-sidecar-'))
  try {
    const session = join(home, 's-1')
    await mkdir(session)
    await writeFile(join(session, 'events.jsonl'), jsonl(start(), prompt('Hello'), reply('Hi')))
    await writeFile(join(session, 'workspace.yaml'), "id: s-1\nname: 'It''s named'\ncwd: \"/w/p\"\n")
    const transcripts = join(home, 'ws', 'h1', 'GitHub.copilot-chat', 'transcripts')
    await mkdir(transcripts, {recursive: true})
    await writeFile(join(home, 'ws', 'h1', 'workspace.json'), '{"folder":"file:///c%3A/Users/Ada/My%20App"}')
    await writeFile(
      join(transcripts, 't.jsonl'),
      jsonl(start({sessionId: 't', vscodeVersion: '1.137.0', context: undefined}), prompt('Hello'), reply('Hi'))
    )
    const read = async (path: string) =>
      (await createNormalizer({formats: [copilotCli()]}).normalize(await inputFromPath(path))).conversations[0]
    const named = await read(join(session, 'events.jsonl'))
    assert.equal(named?.title, "It's named")
    const transcript = await read(join(transcripts, 't.jsonl'))
    assert.equal(transcript?.metadata.project, 'c:/Users/Ada/My App')
    await writeFile(join(session, 'workspace.yaml'), 'id: another\nname: Not this one\n')
    assert.equal((await read(join(session, 'events.jsonl')))?.title, undefined)
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})
