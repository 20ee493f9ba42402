import assert from 'node:assert/strict'
import {mkdir, mkdtemp, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import type {NoticePart, Sample} from '@chatmark/core'
import {sampleFromBytes} from '@chatmark/core'
import * as api from '@chatmark/format-copilot-chat'
import {copilotChat} from '@chatmark/format-copilot-chat'
import {at, conversation, jsonl, markdown, parts, read, readPath, request, session, toolCalls} from './helpers.js'

const plugin = copilotChat()
const sample = (text: string, name = 'session.json'): Sample =>
  sampleFromBytes(Buffer.from(text), {name, complete: true})
const notices = (value: Awaited<ReturnType<typeof conversation>>): NoticePart[] =>
  parts(value).filter((part): part is NoticePart => part.type === 'notice')

test('the package exports exactly the copilotChat factory', () => {
  assert.deepEqual(Object.keys(api).sort(), ['copilotChat'])
})

test('the plugin names itself copilot-chat and its tool GitHub Copilot Chat', () => {
  assert.equal(plugin.name, 'copilot-chat')
  assert.deepEqual(plugin.extensions, ['.json', '.jsonl'])
  assert.match(plugin.description, /^[^\n]+$/)
  assert.equal(plugin.tool?.name, 'GitHub Copilot Chat')
  assert.equal(plugin.tool?.slug, 'github-copilot-chat')
})

test('detection is certain for a session, its mutation log and an export, each its own variant', () => {
  const one = session([request('r1', 'hi')])
  assert.deepEqual(plugin.detect(sample(JSON.stringify(one, null, 2))), {
    confidence: 'certain',
    reason: 'a VS Code chat session: requests[] with sessionId and creationDate (version 3)',
    variant: 'vscode-chat-session'
  })
  assert.equal(plugin.detect(sample(jsonl({kind: 0, v: one}), 'x.jsonl')).variant, 'vscode-chat-session-log')
  const exported = {initialLocation: 'panel', requests: [request('r1', 'hi')], responderUsername: 'GitHub Copilot'}
  assert.deepEqual(plugin.detect(sample(JSON.stringify(exported))), {
    confidence: 'certain',
    reason: 'a Chat: Export Chat... file: requests[] and responderUsername',
    variant: 'vscode-chat-export'
  })
  const empty = session([])
  assert.equal(plugin.detect(sample(JSON.stringify(empty))).confidence, 'certain')
})

test('detection declines other requests[] arrays, other {kind: 0} lines, text and empty input', () => {
  const http = {requests: [{method: 'GET', url: 'https://example.com'}], responderUsername: 'x'}
  assert.equal(plugin.detect(sample(JSON.stringify(http))).confidence, 'none')
  assert.equal(plugin.detect(sample(JSON.stringify({requests: [request('r1', 'hi')]}))).confidence, 'none')
  assert.equal(plugin.detect(sample(jsonl({kind: 0, v: {items: []}}), 'x.jsonl')).confidence, 'none')
  assert.equal(plugin.detect(sample(JSON.stringify({requests: []}))).confidence, 'none')
  assert.equal(plugin.detect(sample('hello there\n', 'x.txt')).confidence, 'none')
  assert.equal(plugin.detect(sample('')).confidence, 'none')
})

test('markdown strings and inline references are joined as VS Code joins them, references in code', async () => {
  const reference = {
    kind: 'inlineReference',
    inlineReference: {
      uri: {$mid: 1, path: '/repo/src/app.ts', scheme: 'file'},
      range: {startLineNumber: 3, endLineNumber: 3}
    }
  }
  const symbol = {kind: 'inlineReference', inlineReference: {name: 'loadConfig', kind: 12, location: {}}}
  const read = await conversation(
    JSON.stringify(
      session([
        request('r1', 'where?', [
          markdown('See '),
          reference,
          {kind: 'markdownContent', content: markdown(' and ')},
          symbol,
          markdown('. Also [](file:///repo/README.md).')
        ])
      ])
    )
  )
  assert.equal(
    read.turns[1]?.parts[0]?.type === 'text' && read.turns[1].parts[0].text,
    'See `app.ts:3` and `loadConfig`. Also `README.md`.'
  )
})

test('an empty code block a codeblockUri marks as an edit leaves the text; the edit is the call’s result', async () => {
  const uri = {$mid: 1, fsPath: '/repo/a.py', path: '/repo/a.py', scheme: 'file'}
  const read = await conversation(
    JSON.stringify(
      session([
        request('r1', 'fix it', [
          markdown('Fixing:'),
          {
            kind: 'toolInvocationSerialized',
            presentation: 'hidden',
            invocationMessage: 'Using "Replace String in File"',
            isConfirmed: true,
            isComplete: true,
            toolCallId: 'c1',
            toolId: 'copilot_replaceString'
          },
          markdown('\n```\n'),
          {kind: 'undoStop', id: 'u1'},
          {kind: 'codeblockUri', uri, isEdit: true},
          {kind: 'textEditGroup', uri, edits: [[{text: 'x = 1\n', range: {startLineNumber: 1}}]], done: true},
          markdown('\n```\n'),
          markdown('Done.'),
          markdown('```python\n'),
          {kind: 'codeblockUri', uri},
          markdown('print(1)\n```')
        ])
      ])
    )
  )
  const answer = read.turns[1]!.parts
  assert.deepEqual(
    answer.map((part) => part.type),
    ['text', 'tool-call', 'text']
  )
  assert.equal(answer[2]?.type === 'text' && answer[2].text, 'Done.```python\nprint(1)\n```')
  const [call] = toolCalls(read)
  assert.equal(call?.text, 'Using "Replace String in File": a.py')
  assert.deepEqual(call?.input, {file: '/repo/a.py'})
  assert.deepEqual(call?.result, {text: 'x = 1\n', fileName: 'a.py', language: 'python'})
  assert.deepEqual(read.fidelity, {undoStop: 1, codeblockUri: 2})
})

test('tool calls keep the command line, the output, the MCP input and output, and denials', async () => {
  const read = await conversation(
    JSON.stringify(
      session([
        request('r1', 'run it', [
          {
            kind: 'toolInvocationSerialized',
            toolSpecificData: {kind: 'terminal', command: 'npm test', language: 'sh'},
            invocationMessage: 'Running `npm test`',
            isConfirmed: false,
            isComplete: true,
            toolCallId: 'c1',
            toolId: 'run_in_terminal'
          },
          {
            kind: 'toolInvocationSerialized',
            invocationMessage: 'Running `search`',
            pastTenseMessage: {value: 'Ran `search`'},
            resultDetails: {
              input: 'not json',
              output: [
                {type: 'embed', isText: true, value: 'found'},
                {type: 'embed', mimeType: 'image/png', value: 'iVBORw0KGgo='},
                {type: 'ref', uri: {$mid: 1, path: '/repo/hit.txt', scheme: 'file'}}
              ],
              isError: true
            },
            isConfirmed: {type: 5},
            isComplete: true,
            toolCallId: 'c2',
            toolId: 'mcp_search'
          }
        ])
      ])
    )
  )
  const [terminal, mcp] = toolCalls(read)
  assert.deepEqual(terminal, {
    type: 'tool-call',
    text: 'Running npm test',
    name: 'run_in_terminal',
    id: 'c1',
    input: 'npm test',
    inputLanguage: 'sh',
    status: 'denied'
  })
  assert.equal(mcp?.input, 'not json')
  assert.equal(mcp?.status, 'skipped')
  assert.equal(mcp?.result?.text, 'found\n/repo/hit.txt')
  assert.equal(mcp?.result?.isError, true)
  assert.deepEqual(mcp?.result?.attachments, [
    {type: 'attachment', text: 'tool output (image/png)', data: 'iVBORw0KGgo=', mimeType: 'image/png'}
  ])
})

test('a subagent’s parts are nested under its runSubagent call', async () => {
  const read = await conversation(
    JSON.stringify(
      session([
        request('r1', 'look around', [
          {
            kind: 'toolInvocationSerialized',
            toolSpecificData: {kind: 'subagent', description: 'Explore', prompt: 'List the files'},
            invocationMessage: 'Explore',
            isComplete: true,
            toolCallId: 'sub-1',
            toolId: 'runSubagent'
          },
          {
            kind: 'toolInvocationSerialized',
            invocationMessage: 'Listing',
            isComplete: true,
            subAgentInvocationId: 'sub-1',
            toolCallId: 'c2',
            toolId: 'copilot_listDirectory'
          },
          {
            kind: 'toolInvocationSerialized',
            invocationMessage: 'Orphan',
            isComplete: true,
            subAgentInvocationId: 'missing',
            toolCallId: 'c3',
            toolId: 'copilot_readFile'
          }
        ])
      ])
    )
  )
  const calls = toolCalls(read)
  assert.deepEqual(
    calls.map((call) => call.name),
    ['runSubagent', 'copilot_readFile']
  )
  assert.deepEqual(calls[0]?.input, {description: 'Explore', prompt: 'List the files'})
  assert.deepEqual(
    calls[0]?.subagent?.map((turn) => turn.parts.map((part) => part.type === 'tool-call' && part.name)),
    [['copilot_listDirectory']]
  )
})

test('a failed request is an api-error notice, a cancelled one an interruption, a canceled code no error', async () => {
  const read = await conversation(
    JSON.stringify(
      session([
        request('r1', 'one', [], {result: {errorDetails: {message: 'Sorry.\n\nReason: quota', isQuotaExceeded: true}}}),
        request('r2', 'two', [markdown('partial')], {modelState: {value: 2, completedAt: at(3)}}),
        request('r3', 'three', [], {result: {errorDetails: {message: 'Canceled', code: 'canceled'}}}),
        request('r4', 'four', [], {responseErrorDetails: {message: 'Old failure'}, response: undefined})
      ])
    )
  )
  assert.deepEqual(notices(read), [
    {type: 'notice', level: 'error', kind: 'api-error', message: 'Sorry. Reason: quota', errorType: 'quota-exceeded'},
    {type: 'notice', level: 'warning', kind: 'interrupted'},
    {type: 'notice', level: 'warning', kind: 'interrupted'},
    {type: 'notice', level: 'error', kind: 'api-error', message: 'Old failure'}
  ])
})

test('thinking, warnings, confirmations, progress and unknown kinds each stay visible', async () => {
  const read = await conversation(
    JSON.stringify(
      session([
        request('r1', 'go', [
          {kind: 'thinking', value: ['Plan', 'ning'], generatedTitle: 'Planning the work'},
          {kind: 'thinking', value: ''},
          {kind: 'warning', content: markdown('Slow `model`')},
          {
            kind: 'progressTaskSerialized',
            content: markdown('Indexing'),
            progress: [{kind: 'warning', content: markdown('partial')}]
          },
          {kind: 'confirmation', title: 'Continue?', message: 'Keep going', buttons: ['Yes'], isUsed: true},
          {kind: 'hook', hookType: 'preToolUse', stopReason: 'blocked by policy'},
          {kind: 'pullRequest', title: 'Fix', description: 'Body', author: 'ada', linkTag: '#1', command: {}},
          {kind: 'shinyNewThing', value: 1},
          {kind: 'mcpServersStarting', didStartServerIds: []},
          'a bare string part'
        ])
      ])
    )
  )
  const answer = read.turns[1]!.parts
  assert.deepEqual(answer[0], {type: 'thinking', text: 'Planning', subject: 'Planning the work'})
  assert.deepEqual(
    notices(read).map((notice) => [notice.level, notice.kind, 'text' in notice ? notice.text : '']),
    [
      ['warning', 'system', 'Slow model'],
      ['info', 'system', 'Indexing'],
      ['info', 'system', 'Confirmation: Continue?'],
      ['warning', 'system', 'Hook preToolUse stopped: blocked by policy'],
      ['info', 'system', 'Pull request: Fix'],
      ['warning', 'unknown-content', 'A response part of unknown kind “shinyNewThing” is not shown']
    ]
  )
  assert.equal(answer.at(-1)?.type === 'text' && answer.at(-1)?.type, 'text')
  assert.deepEqual(read.fidelity, {'unknown-response-part': 1, mcpServersStarting: 1})
})

test('attachments, models, tokens, modes, times and the title come from the session', async () => {
  const variables = [
    {
      kind: 'file',
      name: 'app.ts',
      value: {$mid: 1, fsPath: 'c:\\repo\\app.ts', path: '/c:/repo/app.ts', scheme: 'file'}
    },
    {
      kind: 'implicit',
      isSelection: true,
      name: 'file:app.ts',
      value: {uri: {$mid: 1, path: '/c:/repo/app.ts', scheme: 'file'}, range: {startLineNumber: 4, endLineNumber: 9}}
    },
    {kind: 'image', name: 'screenshot.png', mimeType: 'image/png', isPasted: true, value: {}},
    {kind: 'promptFile', name: 'prompt:rules.md', value: 'file:///c%3A/repo/rules.md', automaticallyAdded: true}
  ]
  const read = await conversation(
    JSON.stringify(
      session(
        [
          request('r1', 'explain', [markdown('ok')], {
            variableData: {variables},
            modeInfo: {kind: 'ask'},
            result: {metadata: {promptTokens: 100, outputTokens: 20, resolvedModel: 'gpt-5-mini'}}
          }),
          request('r2', 'again', [markdown('ok')], {
            modelId: 'copilot/claude-sonnet-4',
            modeInfo: {kind: 'agent'},
            usage: {promptTokens: 50, completionTokens: 5, totalTokens: 55}
          }),
          request('r3', 'gone', [], {shouldBeRemovedOnSend: {requestId: 'r3'}}),
          request('r4', 'hidden', [], {hiddenFromTranscript: true}),
          7
        ],
        {customTitle: 'Explaining app.ts', requesterUsername: 'ada', lastMessageDate: at(60)}
      )
    )
  )
  assert.equal(read.title, 'Explaining app.ts')
  assert.deepEqual(read.participants[0], {id: 'user', name: 'ada', kind: 'human'})
  assert.deepEqual(read.metadata.models, ['gpt-5-mini', 'claude-sonnet-4'])
  assert.deepEqual(read.metadata.tokens, {input: 150, output: 25, total: 55})
  assert.equal(read.metadata.extra?.['mode'], 'ask, agent')
  assert.equal(read.createdAt, new Date(at(-30)).toISOString())
  assert.equal(read.updatedAt, new Date(at(9)).toISOString())
  assert.deepEqual(read.fidelity, {'undone-request': 1, 'hidden-request': 1, 'malformed-request': 1})
  assert.deepEqual(
    read.turns[0]?.parts.slice(1).map((part) => part.type === 'attachment' && [part.name, part.text, part.reference]),
    [
      ['app.ts', 'file', 'c:\\repo\\app.ts'],
      ['file:app.ts', 'current selection, lines 4-9', 'c:/repo/app.ts'],
      ['screenshot.png', 'pasted image', undefined],
      ['prompt:rules.md', 'prompt file, added automatically', 'c:/repo/rules.md']
    ]
  )
})

test('a chat that was never used, and JSON that holds no chat, are errors that say so', async () => {
  const empty = await read(JSON.stringify(session([])))
  assert.equal(empty.conversations.length, 0)
  assert.match(
    empty.file.messages.map(String).join('\n'),
    /holds no requests \(a chat that was opened and never used\)/
  )
  const broken = await read(JSON.stringify(session([request('r1', 'hi', [], {hiddenFromTranscript: true}), 7])))
  assert.match(
    broken.file.messages.map(String).join('\n'),
    /none of the chat session’s 2 requests can be shown: each is malformed, undone or hidden from the transcript/
  )
})

test('workspace.json beside chatSessions/ names the project; an export’s markdown baseUri does', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-copilot-chat-'))
  try {
    const folder = join(home, 'workspaceStorage', '0f1e2d3c4b5a69788796a5b4c3d2e1f0')
    await mkdir(join(folder, 'chatSessions'), {recursive: true})
    await writeFile(join(folder, 'workspace.json'), JSON.stringify({folder: 'file:///home/ada/src/my%20app'}))
    const path = join(folder, 'chatSessions', 'session-1.json')
    await writeFile(path, JSON.stringify(session([request('r1', 'hi', [markdown('hello')])])))
    const [found] = (await readPath(path)).conversations
    assert.equal(found?.metadata.project, '/home/ada/src/my app')

    await writeFile(join(folder, 'workspace.json'), '{not json')
    const [unnamed] = (await readPath(path)).conversations
    assert.equal(unnamed?.metadata.project, undefined)

    const exported = {
      requests: [request('r1', 'hi', [{value: 'hello', baseUri: {$mid: 1, path: '/Users/ada/proj/', scheme: 'file'}}])],
      responderUsername: 'GitHub Copilot'
    }
    const loose = join(home, 'export.json')
    await writeFile(loose, JSON.stringify(exported))
    const [fromExport] = (await readPath(loose)).conversations
    assert.equal(fromExport?.metadata.project, '/Users/ada/proj')
    assert.equal(fromExport?.id, 'export')
  } finally {
    await rm(home, {recursive: true, force: true})
  }
})

test('a session file cut short or damaged keeps the requests before the break, and says where', async () => {
  const whole = JSON.stringify(
    session([request('r1', 'first', [markdown('one')]), request('r2', 'second', [markdown('two, cut here')])]),
    null,
    2
  )
  const cut = await read(whole.slice(0, whole.indexOf('cut here')))
  assert.deepEqual(
    cut.file.messages.map((message) => [message.ruleId, message.fatal]),
    [['cut-document', false]]
  )
  const size = whole.indexOf('cut here')
  assert.ok(
    String(cut.file.messages[0]?.reason).startsWith(`The file's ${size} bytes are not whole JSON (Unterminated`)
  )
  assert.deepEqual(
    cut.conversations[0]?.turns.map((turn) => turn.parts.map((part) => (part.type === 'text' ? part.text : part.type))),
    [['first'], ['one']]
  )
  // The second request was cut inside its answer's text, before its prompt: only what it held is counted.
  assert.deepEqual(cut.conversations[0]?.fidelity, {'cut-document': 1, 'malformed-response-part': 1})

  // Past the 64 KiB the detector sees, a stray bracket: the JSON breaks there, and what follows is lost.
  const long = JSON.stringify(session([request('r1', 'x'.repeat(70_000), [markdown('one')]), request('r2', 'second')]))
  const damaged = await read(long.replace('"second"', '"second" ]'))
  assert.match(String(damaged.file.messages[0]?.reason), /not whole JSON \(.* at position \d+\)/)
  assert.deepEqual(
    damaged.conversations[0]?.turns.map((turn) => turn.parts.length),
    [1, 1, 1]
  )
})

test('every other message of VS Code is a notice in words; other tool data is the call’s input', async () => {
  const file = (path: string) => ({$mid: 1, path, scheme: 'file'})
  const read = await conversation(
    JSON.stringify(
      session([
        request('r1', 'go', [
          {kind: 'info', content: markdown('Using 3 tools')},
          {kind: 'systemNotification', content: markdown('')},
          {
            kind: 'elicitationSerialized',
            title: 'Allow access?',
            message: markdown('To [](file:///repo/x.md)'),
            state: 'accepted'
          },
          {kind: 'command', command: {id: 'git.commit', title: 'Commit changes'}},
          {kind: 'extensions', extensions: ['ms-python.python', 3]},
          {kind: 'hook', hookType: 'postToolUse', systemMessage: 'formatted'},
          {kind: 'questionCarousel', questions: [{id: 'q1', title: 'Which?'}, {title: 'Free'}, 7], data: {q1: 'A'}},
          {
            kind: 'multiDiffData',
            multiDiffData: {title: 'Changes', resources: [{modifiedUri: file('/repo/a.ts')}, {}]}
          },
          {
            kind: 'progressTaskSerialized',
            content: markdown('Searching'),
            progress: [{kind: 'reference', reference: file('/repo/b.ts')}, 5]
          },
          {
            kind: 'toolInvocationSerialized',
            toolSpecificData: {kind: 'todoList', todoList: [{id: '1', title: 'Write tests', status: 'completed'}]},
            invocationMessage: 'Updated todo list',
            isComplete: false,
            toolCallId: 'c1',
            toolId: 'manage_todo_list'
          },
          {
            kind: 'toolInvocationSerialized',
            toolSpecificData: {kind: 'simpleToolInvocation', input: 'a query', output: 'an answer'},
            invocationMessage: 'Asked',
            resultDetails: {input: '{"q":1}', output: 'plain output'},
            toolCallId: 'c2',
            toolId: 'ask'
          },
          {
            kind: 'toolInvocationSerialized',
            toolSpecificData: {kind: 'input', rawInput: {url: 'https://example.com'}},
            invocationMessage: 'Fetching [](https://example.com)',
            resultDetails: {output: {type: 'data', mimeType: 'image/png', base64Data: 'iVBORw0KGgo='}},
            toolCallId: 'c3',
            toolId: 'fetch'
          },
          {
            kind: 'notebookEditGroup',
            uri: file('/repo/n.ipynb'),
            edits: [[{uri: file('/repo/n.ipynb'), edit: {text: 'x = 1'}}]]
          },
          {kind: 'textEditGroup', uri: {}, edits: []}
        ])
      ])
    )
  )
  assert.deepEqual(
    notices(read).map((notice) => ('text' in notice ? [notice.level, notice.text, notice.details] : [])),
    [
      ['info', 'Using 3 tools', undefined],
      ['info', 'systemNotification', undefined],
      ['info', 'Asked: Allow access? (accepted)', 'To `x.md`'],
      ['info', 'Command: Commit changes', undefined],
      ['info', 'Extensions: ms-python.python', undefined],
      ['info', 'Hook postToolUse: formatted', undefined],
      ['info', 'Questions', '- Which?: "A"\n- Free'],
      ['info', 'Changes: Changes', '- /repo/a.ts'],
      ['info', 'Searching', '/repo/b.ts']
    ]
  )
  const [todo, ask, fetch, notebook] = toolCalls(read)
  assert.deepEqual(todo?.input, {kind: 'todoList', todoList: [{id: '1', title: 'Write tests', status: 'completed'}]})
  assert.equal(todo?.status, 'incomplete')
  assert.deepEqual([ask?.input, ask?.result?.text], ['a query', 'plain output'])
  assert.equal(fetch?.text, 'Fetching https://example.com')
  assert.deepEqual(fetch?.input, {url: 'https://example.com'})
  assert.equal(fetch?.result?.attachments?.[0]?.mimeType, 'image/png')
  assert.deepEqual(
    [notebook?.name, notebook?.text, notebook?.result?.text],
    ['edit', 'Edited n.ipynb (1 cell edit)', 'x = 1']
  )
  assert.equal(read.fidelity['malformed-response-part'], 1)
})

test('a lone UTF-16 surrogate in any text becomes U+FFFD, so the note reads back as it was made', async () => {
  const read = await conversation(
    JSON.stringify(session([request('r1', 'half \udeaa here', [markdown('pair 😀 and \ud83d alone')])]), null, 2)
  )
  assert.deepEqual(
    read.turns.map((turn) => turn.parts.map((part) => part.type === 'text' && part.text)),
    [['half \ufffd here'], ['pair 😀 and \ufffd alone']]
  )
})
