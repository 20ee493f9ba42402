import assert from 'node:assert/strict'
import {test} from 'vitest'
import {assistantItem, completed, conversation, event, item, jsonl, meta, toolCalls, userItem} from './helpers.js'

const patch =
  "*** Begin Patch\n*** Update File: src/greet.ts\n@@\n-  return greeting\n+  return greeting + '!'\n*** End Patch\n"
const functionCall = (second: number, callId: string, name: string, args: unknown): Record<string, unknown> =>
  item(second, {type: 'function_call', name, arguments: JSON.stringify(args), call_id: callId})
const functionOutput = (second: number, callId: string, output: unknown): Record<string, unknown> =>
  item(second, {type: 'function_call_output', call_id: callId, output})

test('an apply_patch patch passed as a function argument or through the shell tool shows as a diff', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Add the exclamation mark.'),
      functionCall(2, 'c1', 'apply_patch', {input: patch}),
      functionOutput(3, 'c1', 'Success. Updated the following files:\nM src/greet.ts\n'),
      functionCall(4, 'c2', 'shell', {command: ['apply_patch', patch], workdir: '/work/app'}),
      functionOutput(5, 'c2', '{"output":"Done!\\n","metadata":{"exit_code":0,"duration_seconds":0.0}}')
    )
  )
  assert.deepEqual(toolCalls(value), [
    {
      type: 'tool-call',
      text: 'Update src/greet.ts',
      name: 'apply_patch',
      input: undefined,
      id: 'c1',
      result: {text: patch.trim(), language: 'diff'}
    },
    {
      type: 'tool-call',
      text: 'Update src/greet.ts',
      name: 'shell',
      input: undefined,
      id: 'c2',
      result: {text: patch.trim(), language: 'diff'}
    }
  ])
})

test('a patch_apply_end failure marks the patch call as failed even when no output follows', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Add the exclamation mark.'),
      item(2, {type: 'custom_tool_call', status: 'completed', call_id: 'c1', name: 'apply_patch', input: patch}),
      event(3, {
        type: 'patch_apply_end',
        call_id: 'c1',
        stdout: '',
        stderr: 'Failed to find expected lines in src/greet.ts',
        success: false
      }),
      event(4, {type: 'turn_aborted', reason: 'interrupted'})
    )
  )
  assert.deepEqual(toolCalls(value)[0]?.result, {text: patch.trim(), language: 'diff', isError: true})
})

test(
  'exec_command_end gives a call without output its aggregated output, and a non-zero exit code marks an ' + 'error',
  async () => {
    const value = await conversation(
      jsonl(
        meta(),
        userItem(1, 'Run the tests.'),
        functionCall(2, 'c1', 'shell', {command: ['bash', '-lc', 'pytest -q'], workdir: '/work/app'}),
        event(3, {
          type: 'exec_command_end',
          call_id: 'c1',
          stdout: '1 failed\n',
          stderr: '',
          aggregated_output: '1 failed\n',
          exit_code: 1,
          duration: {secs: 1, nanos: 0},
          formatted_output: '1 failed\n'
        }),
        event(4, {type: 'turn_aborted', reason: 'interrupted'})
      )
    )
    assert.deepEqual(toolCalls(value), [
      {
        type: 'tool-call',
        text: 'pytest -q',
        name: 'shell',
        input: {command: ['bash', '-lc', 'pytest -q'], workdir: '/work/app'},
        id: 'c1',
        result: {text: '1 failed\n', isError: true}
      }
    ])
  }
)

test(
  'a CommandExecution item written before its function call pairs with it: the call keeps the output and takes ' +
    "the function's name and arguments",
  async () => {
    const value = await conversation(
      jsonl(
        meta(),
        event(1, {type: 'task_started', turn_id: 't1'}),
        userItem(1, 'List the files.'),
        completed(2, {
          type: 'CommandExecution',
          id: 'c1',
          command: ['/bin/bash', '-lc', 'ls'],
          source: 'agent',
          status: 'completed',
          aggregated_output: 'a.txt\n',
          exit_code: 0
        }),
        functionCall(2, 'c1', 'shell_command', {command: 'ls', workdir: '/work/app'}),
        assistantItem(3, 'One file: a.txt.')
      )
    )
    assert.deepEqual(toolCalls(value), [
      {
        type: 'tool-call',
        text: 'ls',
        name: 'shell_command',
        input: {command: 'ls', workdir: '/work/app'},
        result: {text: 'a.txt\n'},
        id: 'c1'
      }
    ])
  }
)

test(
  'a CommandExecution item with no recorded call shows as an exec_command call, failed by its exit ' + 'code',
  async () => {
    const value = await conversation(
      jsonl(
        meta(),
        event(1, {type: 'task_started', turn_id: 't1'}),
        userItem(1, 'Build it.'),
        completed(2, {
          type: 'CommandExecution',
          id: 'c9',
          command: 'make',
          source: 'agent',
          status: 'completed',
          aggregated_output: 'make: *** No targets.  Stop.\n',
          exit_code: 2
        })
      )
    )
    assert.deepEqual(toolCalls(value), [
      {
        type: 'tool-call',
        text: 'make',
        name: 'exec_command',
        input: {cmd: 'make'},
        result: {text: 'make: *** No targets.  Stop.\n', isError: true},
        id: 'c9'
      }
    ])
  }
)

test('a user shell command that fails is a user turn with its result marked as an error', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Hi'),
      assistantItem(2, 'Hello'),
      event(3, {type: 'task_started', turn_id: 't2'}),
      completed(3, {
        type: 'CommandExecution',
        id: 'u1',
        command: ['/bin/bash', '-lc', 'foo'],
        source: 'user_shell',
        status: 'failed',
        aggregated_output: 'bash: foo: command not found\n',
        exit_code: 127
      })
    )
  )
  const last = value.turns.at(-1)
  assert.equal(last?.role, 'user')
  assert.deepEqual(last?.parts, [
    {
      type: 'tool-call',
      text: 'foo',
      name: 'shell',
      displayName: 'user shell command',
      input: {command: 'foo'},
      result: {text: 'bash: foo: command not found\n', isError: true},
      id: 'u1'
    }
  ])
})

test('an MCP tool output of content items reads as their text, images described, their bytes attached', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Screenshot the page.'),
      functionCall(2, 'c1', 'mcp__browser__screenshot', {}),
      functionOutput(3, 'c1', [
        {type: 'input_text', text: 'Captured the page.'},
        {type: 'input_image', image_url: 'data:image/png;base64,AAAA'}
      ])
    )
  )
  assert.deepEqual(toolCalls(value), [
    {
      type: 'tool-call',
      text: 'mcp__browser__screenshot',
      name: 'mcp__browser__screenshot',
      input: {},
      id: 'c1',
      result: {
        text: 'Captured the page.\n[image: image/png, 3 B]',
        attachments: [{type: 'attachment', text: 'image/png, 3 B', mimeType: 'image/png', size: 3, data: 'AAAA'}]
      }
    }
  ])
})

test('an older failed output object {content, success: false} is the result, marked as an error', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Show the notes.'),
      functionCall(2, 'c1', 'shell', {command: ['cat', 'missing.txt']}),
      functionOutput(3, 'c1', {content: 'cat: missing.txt: No such file or directory', success: false})
    )
  )
  const [call] = toolCalls(value)
  assert.equal(call?.text, 'cat missing.txt')
  assert.deepEqual(call?.result, {text: 'cat: missing.txt: No such file or directory', isError: true})
})

test('function arguments that are not JSON are kept as written, and the call is summarised by its name', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'List the files.'),
      item(2, {type: 'function_call', name: 'shell', arguments: '{"command": ["ls"', call_id: 'c1'}),
      functionOutput(3, 'c1', 'failed to parse function arguments: EOF while parsing a list at line 1 column 17')
    )
  )
  const [call] = toolCalls(value)
  assert.equal(call?.text, 'shell')
  assert.equal(call?.input, '{"command": ["ls"')
})
