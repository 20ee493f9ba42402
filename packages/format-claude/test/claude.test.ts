import assert from 'node:assert/strict'
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import {fileURLToPath} from 'node:url'
import type {ToolCallPart, Turn} from '@chatmark/core'
import {createNormalizer, inputFromPath, inputFromString} from '@chatmark/core'
import * as api from '@chatmark/format-claude'
import {claude} from '@chatmark/format-claude'
import {
  assistant,
  conversation,
  envelope,
  jsonl,
  notices,
  noticeTexts,
  outline,
  read,
  sample,
  session,
  texts,
  time,
  user
} from './helpers.js'

const root = fileURLToPath(new URL('../../../', import.meta.url))
const corpus = join(root, 'fixtures/corpus/claude-code')
const plugin = claude()
const toolCalls = (turns: Turn[]): Array<ToolCallPart & {subagent?: Turn[]}> =>
  turns.flatMap((turn) => turn.parts.filter((part): part is ToolCallPart => part.type === 'tool-call'))

test('the package exports exactly the claude factory and the subagent file helpers', () => {
  assert.deepEqual(Object.keys(api).sort(), ['claude', 'subagentFiles', 'subagentParent'])
})

test('the plugin names itself claude, reads .jsonl and .json, and describes itself in one line', () => {
  assert.equal(plugin.name, 'claude')
  assert.deepEqual(plugin.extensions, ['.jsonl', '.json'])
  assert.match(plugin.description, /^[^\n]+$/)
})

test('detection is certain for chain lines with a strong tell and names the evidence', () => {
  const verdict = plugin.detect(sample(jsonl(user('u1', null, 'hi'))))
  assert.deepEqual(verdict, {
    confidence: 'certain',
    reason: 'JSONL user/assistant lines with uuid, camelCase sessionId and message.role, plus parentUuid',
    variant: 'claude-code-jsonl'
  })
})

test('detection is likely without a strong tell, or with only bookkeeping lines first', () => {
  const bare = {type: 'user', uuid: 'u1', sessionId: 's', timestamp: 'x', message: {role: 'user', content: 'hi'}}
  assert.equal(plugin.detect(sample(jsonl(bare))).confidence, 'likely')
  const snapshot = {
    type: 'file-history-snapshot',
    messageId: 'm1',
    snapshot: {messageId: 'm1', trackedFileBackups: {}, timestamp: 'x'},
    isSnapshotUpdate: false
  }
  assert.equal(
    plugin.detect(
      sample(jsonl(snapshot, {type: 'queue-operation', operation: 'enqueue', sessionId: 's', timestamp: 'x'}))
    ).confidence,
    'likely'
  )
})

test('detection is certain for the loglines wrapper', () => {
  const text = JSON.stringify(
    {loglines: [{type: 'user', timestamp: 'x', message: {role: 'user', content: 'hi'}}]},
    null,
    2
  )
  assert.deepEqual(plugin.detect(sample(text, 'session.json')), {
    confidence: 'certain',
    reason: 'top-level loglines[] of user/assistant entries with message.role',
    variant: 'claude-code-loglines'
  })
})

test('detection answers none for Gemini, Codex, Agent SDK stream-json, other JSON and text', () => {
  const cases = [
    jsonl(
      {sessionId: 's', projectHash: 'p', startTime: 'x', lastUpdated: 'x', kind: 'main'},
      {id: 'm1', timestamp: 'x', type: 'user', content: [{text: 'hi'}]}
    ),
    jsonl({id: 'm1', timestamp: 'x', type: 'user', content: 'hi'}, {$set: {lastUpdated: 'x'}}),
    jsonl(
      {timestamp: 'x', type: 'session_meta', payload: {id: 'abc', cwd: '/'}},
      {timestamp: 'x', type: 'response_item', payload: {type: 'message', role: 'user', content: []}}
    ),
    jsonl(
      {type: 'system', subtype: 'init', session_id: 's', tools: []},
      {type: 'assistant', session_id: 's', parent_tool_use_id: null, message: {role: 'assistant', content: []}},
      {type: 'result', subtype: 'success', session_id: 's'}
    ),
    JSON.stringify([{mapping: {}, current_node: 'x'}]),
    JSON.stringify({sessionId: 's', projectHash: 'p', messages: []}),
    'Just some notes.\nNothing to see.'
  ]
  for (const text of cases) assert.equal(plugin.detect(sample(text)).confidence, 'none', text.slice(0, 80))
})

test('threading follows the newest leaf and drops the branch a rewind abandoned', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'first'),
      assistant('a1', 'u1', 'msg_1', [{type: 'text', text: 'one'}]),
      user('u2', 'a1', 'abandoned prompt'),
      assistant('a2', 'u2', 'msg_2', [{type: 'text', text: 'abandoned answer'}]),
      user('u3', 'a1', 'kept prompt'),
      assistant('a3', 'u3', 'msg_3', [{type: 'text', text: 'kept answer'}])
    )
  )
  assert.deepEqual(texts(value), ['first', 'one', 'kept prompt', 'kept answer'])
  assert.equal(value.fidelity['abandoned-branch-turn'], 2)
})

test('branches all shows abandoned branches as branch parts at their fork point', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'first'),
      assistant('a1', 'u1', 'msg_1', [{type: 'text', text: 'one'}]),
      user('u2', 'a1', 'abandoned prompt'),
      user('u3', 'a1', 'kept prompt')
    ),
    {branches: 'all'}
  )
  assert.deepEqual(outline(value.turns), [
    'first',
    'one',
    {branch: 1, origin: 'edited-prompt', turns: ['abandoned prompt']},
    'kept prompt'
  ])
  assert.deepEqual(notices(value), [])
})

test('a branch holds the branches forking off it, but not the split records of its own messages', async () => {
  const readCall = (id: string) => ({type: 'tool_use', id, name: 'Read', input: {file_path: `${id}.ts`}})
  const result = (id: string) => [{type: 'tool_result', tool_use_id: id, content: `${id} text`}]
  const value = await conversation(
    jsonl(
      user('u1', null, 'first'),
      assistant('a1', 'u1', 'msg_1', [{type: 'text', text: 'one'}]),
      user('u2', 'a1', 'abandoned prompt'),
      assistant('b1', 'u2', 'msg_b', [{type: 'text', text: 'regenerated answer'}]),
      assistant('c1', 'u2', 'msg_c', [readCall('t1')]),
      assistant('c2', 'c1', 'msg_c', [readCall('t2')]),
      user('r1', 'c1', result('t1')),
      user('r2', 'r1', result('t2')),
      assistant('d1', 'r2', 'msg_d', [{type: 'text', text: 'abandoned answer'}]),
      user('u3', 'a1', 'kept prompt')
    ),
    {branches: 'all'}
  )
  const branch = value.turns[2]?.parts[0]
  assert(branch?.type === 'branch')
  assert.deepEqual(outline(branch.turns), [
    'abandoned prompt',
    {branch: 2, origin: 'regenerated-answer', turns: ['regenerated answer']},
    'Read'
  ])
  const calls = branch.turns[2]!.parts.map((part) =>
    part.type === 'tool-call' ? part.result?.text : part.type === 'text' ? part.text : part.type
  )
  assert.deepEqual(calls, ['t1 text', 't2 text', 'abandoned answer'])
})

test('a compact boundary keeps the turns before it and shows the summary as a compaction notice', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'before compaction'),
      assistant('a1', 'u1', 'msg_1', [{type: 'text', text: 'answer before'}]),
      {
        ...envelope,
        type: 'system',
        subtype: 'compact_boundary',
        content: 'Conversation compacted',
        parentUuid: null,
        logicalParentUuid: 'a1',
        uuid: 'b1',
        timestamp: time(),
        compactMetadata: {trigger: 'manual', preTokens: 1234}
      },
      user(
        's1',
        'b1',
        'This session is being continued from a previous conversation that ran out of context. Summary: things.',
        {isCompactSummary: true}
      ),
      user('u2', 's1', 'after compaction')
    )
  )
  assert.deepEqual(texts(value), ['before compaction', 'answer before', 'after compaction'])
  const [notice] = notices(value)
  assert.ok(notice?.kind === 'compaction')
  assert.deepEqual([notice.trigger, notice.tokensBefore], ['manual', 1234])
  assert.match(notice.summary ?? '', /Summary: things/)
  assert.deepEqual(noticeTexts(value), ['Conversation compacted (manual, 1,234 tokens before)'])
})

test('parents that are attachments, system lines or progress records do not cut the chain', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'hello'),
      {
        ...envelope,
        type: 'attachment',
        uuid: 'at1',
        parentUuid: 'u1',
        timestamp: time(),
        attachment: {type: 'date', date: 'x'},
        rendered: [{content: '<system-reminder>date</system-reminder>'}]
      },
      {...envelope, type: 'progress', uuid: 'p1', parentUuid: 'at1', timestamp: time(), data: {type: 'hook_progress'}},
      {...envelope, type: 'system', subtype: 'turn_duration', uuid: 'sy1', parentUuid: 'p1', timestamp: time()},
      assistant('a1', 'sy1', 'msg_1', [{type: 'text', text: 'hi'}])
    )
  )
  assert.deepEqual(texts(value), ['hello', 'hi'])
  assert.equal(value.fidelity['injected-context'], 1)
})

test('split assistant records are one turn and their usage is counted once', async () => {
  const usage = (output: number) => ({
    input_tokens: 100,
    cache_read_input_tokens: 50,
    cache_creation_input_tokens: 7,
    output_tokens: output
  })
  const split = (uuid: string, parent: string, block: unknown, output: number) => {
    const record = assistant(uuid, parent, 'msg_S', [block])
    ;(record['message'] as Record<string, unknown>)['usage'] = usage(output)
    return record
  }
  const value = await conversation(
    jsonl(
      user('u1', null, 'go'),
      split('a1', 'u1', {type: 'thinking', thinking: 'plan', signature: 'x'}, 1),
      split('a2', 'a1', {type: 'text', text: 'doing it'}, 2),
      split('a3', 'a2', {type: 'tool_use', id: 'toolu_1', name: 'Bash', input: {command: 'ls'}}, 30),
      user('r1', 'a3', [{type: 'tool_result', tool_use_id: 'toolu_1', content: 'a.txt'}])
    )
  )
  assert.equal(value.turns.length, 2)
  assert.deepEqual(
    value.turns[1]!.parts.map((part) => part.type),
    ['thinking', 'text', 'tool-call']
  )
  // Cache writes are a count of their own, in the total too.
  assert.deepEqual(value.metadata.tokens, {input: 100, output: 30, cached: 50, cacheCreation: 7, total: 187})
  assert.equal(value.metadata.extra?.['cacheCreationTokens'], undefined)
})

test('tool calls are paired with results by id, errors are marked and Edit patches become diffs', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, 'edit'),
      assistant('a1', 'u1', 'msg_1', [
        {type: 'tool_use', id: 'toolu_e', name: 'Edit', input: {file_path: '/r/a.py'}},
        {type: 'tool_use', id: 'toolu_b', name: 'Bash', input: {command: 'false', description: 'Fail on purpose'}}
      ]),
      user('r1', 'a1', [{type: 'tool_result', tool_use_id: 'toolu_e', content: 'updated'}], {
        toolUseResult: {
          filePath: '/r/a.py',
          structuredPatch: [{oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-a', '+b']}]
        }
      }),
      user('r2', 'r1', [{type: 'tool_result', tool_use_id: 'toolu_b', content: 'exit 1', is_error: true}])
    )
  )
  const [edit, bash] = toolCalls(value.turns)
  assert.deepEqual(edit?.result, {text: '@@ -1,1 +1,1 @@\n-a\n+b', language: 'diff', fileName: '/r/a.py'})
  assert.deepEqual(bash?.result, {text: 'exit 1', isError: true})
  assert.equal(bash?.status, 'error')
  assert.equal(bash?.text, 'Fail on purpose')
})

test('images become attachments with their type, decoded size and bytes', async () => {
  const value = await conversation(
    jsonl(
      user('u1', null, [
        {type: 'text', text: 'look'},
        {type: 'image', source: {type: 'base64', media_type: 'image/png', data: 'AAAA'}}
      ])
    )
  )
  const part = value.turns[0]!.parts[1]
  assert.deepEqual(part, {type: 'attachment', text: 'image/png, 3 B', mimeType: 'image/png', size: 3, data: 'AAAA'})
})

test('meta lines, reminders and command output are counted, and keepMeta shows them as notices', async () => {
  const lines = jsonl(
    user('m1', null, 'Caveat: The messages below were generated by the user while running local commands.', {
      isMeta: true
    }),
    user(
      'c1',
      'm1',
      '<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args>opus</command-args>'
    ),
    user('c2', 'c1', '<local-command-stdout>Set model to opus</local-command-stdout>'),
    user('u1', 'c2', 'real question<system-reminder>secret context</system-reminder>')
  )
  const hidden = await conversation(lines)
  assert.deepEqual(texts(hidden), ['real question'])
  assert.deepEqual(noticeTexts(hidden), ['Command: /model opus'])
  assert.deepEqual(hidden.fidelity, {'meta-message': 1, 'command-output': 1, 'system-reminder': 1})
  const shown = await conversation(lines, {keepMeta: true})
  assert.deepEqual(noticeTexts(shown), [
    'Injected context (meta message)',
    'Command: /model opus',
    'Command output',
    'System reminder'
  ])
})

test('sidechain records stay out of the thread and the subagents option nests them under the Task call', async () => {
  const lines = jsonl(
    user('u1', null, 'research'),
    assistant('a1', 'u1', 'msg_1', [
      {type: 'tool_use', id: 'toolu_t', name: 'Task', input: {description: 'Look', prompt: 'Find the thing.'}}
    ]),
    {...user('s1', null, 'Find the thing.'), isSidechain: true},
    {...assistant('s2', 's1', 'msg_s', [{type: 'text', text: 'Found it.'}]), isSidechain: true},
    user('r1', 'a1', [{type: 'tool_result', tool_use_id: 'toolu_t', content: 'Found it.'}])
  )
  const plain = await conversation(lines)
  assert.deepEqual(texts(plain), ['research'])
  assert.equal(plain.fidelity['sidechain-record'], 2)
  assert.equal(toolCalls(plain.turns)[0]?.subagent, undefined)
  const nested = await conversation(lines, {subagents: true})
  const subagent = toolCalls(nested.turns)[0]?.subagent ?? []
  assert.deepEqual(
    subagent.map((turn) => turn.role),
    ['user', 'assistant']
  )
  assert.equal(nested.fidelity['sidechain-record'], undefined)
})

test('titles come from custom-title before ai-title before summary', async () => {
  const lines = [
    user('u1', null, 'hi'),
    {type: 'summary', summary: 'Summary title', leafUuid: 'u1'},
    {type: 'ai-title', aiTitle: 'AI title', sessionId: session}
  ]
  assert.equal((await conversation(jsonl(...lines))).title, 'AI title')
  assert.equal(
    (await conversation(jsonl(...lines, {type: 'custom-title', customTitle: 'Mine', sessionId: session}))).title,
    'Mine'
  )
  assert.equal((await conversation(jsonl(lines[0], lines[1]))).title, 'Summary title')
})

test('the loglines wrapper is read as one document in file order', async () => {
  const text = JSON.stringify({
    loglines: [
      {type: 'user', timestamp: time(), message: {role: 'user', content: 'q'}},
      {type: 'assistant', timestamp: time(), message: {role: 'assistant', content: [{type: 'text', text: 'a'}]}}
    ]
  })
  const {conversations} = await read(text, {}, 'session.json')
  assert.equal(conversations[0]?.source.variant, 'claude-code-loglines')
  assert.deepEqual(texts(conversations[0]!), ['q', 'a'])
})

test('the loglines wrapper over maxInputBytes fails with the limit named', async () => {
  const normalizer = createNormalizer({formats: [claude()], limits: {maxInputBytes: 10}})
  const {file} = await normalizer.normalize(
    inputFromString(JSON.stringify({loglines: [{type: 'user', message: {role: 'user', content: 'q'}}]}), 'x.json')
  )
  assert.match(String(file.messages.find((message) => message.fatal)), /maxInputBytes/)
})

test('malformed and oversized lines are skipped with a warning naming the line and counted', async () => {
  const normalizer = createNormalizer({formats: [claude()], limits: {maxLineBytes: 400}})
  const text = jsonl(user('u1', null, 'hi'), '{"broken', user('u2', 'u1', 'x'.repeat(600)), user('u3', 'u1', 'after'))
  const {conversations, file} = await normalizer.normalize(inputFromString(text, 's.jsonl'))
  assert.deepEqual(file.messages.map((message) => `${message.line}:${message.ruleId}`).sort(), [
    '2:malformed-line',
    '3:oversized-line'
  ])
  assert.deepEqual(texts(conversations[0]!), ['hi', 'after'])
  assert.equal(conversations[0]?.fidelity['malformed-line'], 1)
  assert.equal(conversations[0]?.fidelity['oversized-line'], 1)
})

test('a file of recognised records from which no conversation can be assembled fails with a reason', async () => {
  const snapshot = {
    type: 'file-history-snapshot',
    messageId: 'm1',
    snapshot: {messageId: 'm1', trackedFileBackups: {}, timestamp: 'x'},
    isSnapshotUpdate: false
  }
  const {conversations, file} = await read(jsonl(snapshot, snapshot), {}, 's.jsonl')
  assert.equal(conversations.length, 0)
  assert.match(
    String(file.messages.find((message) => message.fatal)),
    /no conversation could be assembled.*only bookkeeping records/
  )
})

test('unknown record types are counted and reported, never fatal', async () => {
  const {conversations, file} = await read(jsonl(user('u1', null, 'hi'), {type: 'hologram', sessionId: session}))
  assert.equal(conversations[0]?.fidelity['unknown-record'], 1)
  assert.match(String(file.messages[0]), /unknown type: hologram/)
})

test('metadata gives session id, project, branch, version, models and times', async () => {
  const value = await conversation(
    jsonl(user('u1', null, 'hi'), assistant('a1', 'u1', 'msg_1', [{type: 'text', text: 'yo'}]))
  )
  assert.equal(value.id, session)
  assert.equal(value.metadata.project, '/repo')
  assert.equal(value.metadata.gitBranch, 'main')
  assert.equal(value.metadata.extra?.['cliVersion'], '2.1.332')
  assert.deepEqual(value.metadata.models, ['claude-sonnet-4-5'])
  assert.ok(value.createdAt && value.updatedAt && value.createdAt < value.updatedAt)
  assert.deepEqual(
    value.participants.map((participant) => participant.name),
    ['User', 'Claude']
  )
  assert.equal(value.turns[1]?.author, 'claude')
})

const corpusFiles = (await readdir(corpus)).filter((name) => name.endsWith('.jsonl') || name.endsWith('.json')).sort()
for (const name of corpusFiles) {
  test(`corpus ${name} is detected as certain and reads into a non-empty note without fatal messages`, async () => {
    const input = await inputFromPath(join(corpus, name))
    const normalizer = createNormalizer({formats: [claude()]})
    const {conversations, file, detection} = await normalizer.normalize(input)
    assert.equal(detection.format, 'claude')
    assert.equal(detection.verdicts.find((verdict) => verdict.format === 'claude')?.confidence, 'certain')
    assert.deepEqual(file.messages.filter((message) => message.fatal).map(String), [])
    assert.ok(conversations.length > 0 && conversations.every((value) => value.turns.length > 0))
  })
}

test(
  'a subagent transcript file (first record a sidechain) is read as its own conversation with its own ' + 'id',
  async () => {
    const lines = [
      {
        parentUuid: null,
        isSidechain: true,
        sessionId: 's1',
        agentId: 'abc',
        type: 'user',
        uuid: 'u1',
        timestamp: '2026-01-01T10:00:00.000Z',
        message: {role: 'user', content: 'Find it.'}
      },
      {
        parentUuid: 'u1',
        isSidechain: true,
        sessionId: 's1',
        agentId: 'abc',
        type: 'assistant',
        uuid: 'a1',
        timestamp: '2026-01-01T10:00:01.000Z',
        message: {id: 'msg_1', role: 'assistant', model: 'm', content: [{type: 'text', text: 'Found.'}]}
      }
    ]
    const {conversations} = await createNormalizer({builtins: [claude()]}).normalize(
      inputFromString(lines.map((line) => JSON.stringify(line)).join('\n'), 'agent-abc.jsonl')
    )
    assert.equal(conversations.length, 1)
    assert.equal(conversations[0]?.id, 's1:agent-abc')
    assert.equal(conversations[0]?.metadata.extra?.['kind'], 'subagent')
    assert.deepEqual(
      conversations[0]?.turns.map((turn) => turn.role),
      ['user', 'assistant']
    )
  }
)

test('a slash command with arguments is the user turn that titles the note; a CLI command stays a notice', async () => {
  const lines = jsonl(
    user('c1', null, '<command-name>/orchestrator</command-name>\n<command-args>build  the thing</command-args>'),
    user('c2', 'c1', '<command-name>/model</command-name>\n<command-args>opus</command-args>'),
    user('u1', 'c2', 'a later prompt')
  )
  const value = await conversation(lines)
  assert.deepEqual(texts(value), ['/orchestrator build  the thing', 'a later prompt'])
  assert.deepEqual(noticeTexts(value), ['Command: /model opus'])
})

test('the prompt a command expanded to goes folded with the command; other isMeta text is harness text', async () => {
  const lines = jsonl(
    user('c1', null, '<command-name>/orchestrator</command-name>\n<command-args>build the thing</command-args>'),
    user('m1', 'c1', 'Plan and carry out this task: build the thing\n', {isMeta: true}),
    assistant('a1', 'm1', 'msg_1', [{type: 'text', text: 'Planned.'}]),
    user('m2', 'a1', 'Caveat: injected by a hook', {isMeta: true}),
    user('u1', 'm2', 'a later prompt')
  )
  const value = await conversation(lines)
  const first = value.turns[0]
  assert.equal(first?.role, 'user')
  assert.deepEqual(
    first?.parts.map((part) => (part.type === 'notice' && 'text' in part ? [part.text, part.details] : [part.type])),
    [['text'], ['The prompt /orchestrator sent', 'Plan and carry out this task: build the thing']]
  )
  assert.equal(value.fidelity['meta-message'], 1)
  assert.deepEqual(texts(value), ['/orchestrator build the thing', 'Planned.', 'a later prompt'])
})

test('a command without arguments is a request once its expanded prompt follows it, else a notice', async () => {
  const lines = jsonl(
    user('c1', null, '<command-name>/review</command-name>\n<command-args></command-args>'),
    user('m1', 'c1', 'Review the open pull request.', {isMeta: true}),
    assistant('a1', 'm1', 'msg_1', [{type: 'text', text: 'Reviewed.'}]),
    user('c2', 'a1', '<command-name>/doctor</command-name>\n<command-args></command-args>'),
    user('c3', 'c2', '<command-name>/model</command-name>\n<command-args></command-args>'),
    user('m2', 'c3', 'Set model to opus', {isMeta: true})
  )
  const value = await conversation(lines)
  assert.deepEqual(texts(value), ['/review', 'Reviewed.'])
  assert.deepEqual(noticeTexts(value), ['The prompt /review sent', 'Command: /doctor', 'Command: /model'])
  assert.equal(value.fidelity['meta-message'], 1)
})

test('a summary of an abandoned branch does not title the session; one of its own path does', async () => {
  const records = [
    user('u1', null, 'first'),
    assistant('a1', 'u1', 'msg_1', [{type: 'text', text: 'one'}]),
    user('u2', 'a1', 'abandoned prompt'),
    assistant('a2', 'u2', 'msg_2', [{type: 'text', text: 'abandoned answer'}]),
    user('u3', 'a1', 'kept prompt'),
    assistant('a3', 'u3', 'msg_3', [{type: 'text', text: 'kept answer'}])
  ]
  const branch = {type: 'summary', summary: 'The abandoned branch', leafUuid: 'a2'}
  assert.equal((await conversation(jsonl(branch, ...records))).title, undefined)
  const own = {type: 'summary', summary: 'The kept path', leafUuid: 'a3'}
  assert.equal((await conversation(jsonl(branch, own, ...records))).title, 'The kept path')
})

test('a line whose sessionId is empty names no session: every conversation of the file stays valid', async () => {
  // Found by the damaged-inputs stress run: a session "" was yielded with id "", which the normalizer dropped.
  const fixture = join(root, 'packages/format-claude/fixtures/claude-code/interleaved-sessions/input.jsonl')
  const lines = await readFile(fixture, 'utf8')
  const text = lines.replace(
    '"uuid":"other-a1","parentUuid":"other-u1","sessionId":"claude-normalization-other"',
    '"uuid":"other-a1","parentUuid":"other-u1","sessionId":""'
  )
  assert.notEqual(text, lines)
  const result = await createNormalizer({builtins: [claude()]}).normalize(inputFromString(text, 'damaged.jsonl'))
  assert.deepEqual(result.file.messages.filter((message) => message.fatal).map(String), [])
  assert.ok(result.conversations.length >= 2)
  for (const conversation of result.conversations) assert.notEqual(conversation.id, '')
})
