import assert from 'node:assert/strict'
import {test} from 'vitest'
import {assistantItem, completed, conversation, event, item, jsonl, meta, notices, texts, userItem} from './helpers.js'

const ideContext =
  '# Context from my IDE setup:\n\n## Active file: src/app.ts\n\n## Open tabs:\n- app.ts: src/app.ts\n\n'

test("an IDE-wrapped prompt is the request after Codex's marker; the IDE context is injected", async () => {
  const prompt = `${ideContext}## My request for Codex:\nWhy does the build fail?`
  const text = jsonl(
    meta({source: 'vscode', originator: 'codex_vscode'}),
    userItem(1, prompt),
    event(1, {type: 'user_message', message: prompt, images: []}),
    assistantItem(2, 'A missing import.')
  )
  const value = await conversation(text)
  assert.deepEqual(texts(value, 'user'), ['Why does the build fail?'])
  assert.equal(value.title, 'Why does the build fail?')
  assert.deepEqual(value.fidelity, {'injected-context': 1})
  assert.deepEqual(notices(value), [])

  const kept = await conversation(text, {keepMeta: true})
  assert.deepEqual(notices(kept), [
    {
      type: 'notice',
      level: 'info',
      kind: 'meta',
      text: 'IDE context: Context from my IDE setup:',
      details: ideContext.trim()
    }
  ])
  assert.deepEqual(texts(kept, 'user'), ['Why does the build fail?'])
})

test('the files-mentioned wrapper (extension, Codex Desktop) is read the same way, in item_completed too', async () => {
  const prompt =
    '# Files mentioned by the user:\n\n## notes.txt: /work/app/notes.txt\n\n## My request for Codex:\nSum it up.'
  const value = await conversation(
    jsonl(
      meta(),
      completed(1, {type: 'UserMessage', id: 'u1', content: [{type: 'text', text: prompt}]}),
      userItem(1, prompt),
      assistantItem(2, 'Done.')
    )
  )
  assert.deepEqual(texts(value, 'user'), ['Sum it up.'])
  assert.deepEqual(value.fidelity, {'injected-context': 1})
})

test('IDE context in a content item of its own, before the item with the marker, is IDE context too', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      item(1, {
        type: 'message',
        role: 'user',
        content: [
          {type: 'input_text', text: ideContext},
          {type: 'input_text', text: '## My request for Codex:\nFix it.'}
        ]
      }),
      assistantItem(2, 'Fixed.')
    )
  )
  assert.deepEqual(texts(value, 'user'), ['Fix it.'])
  assert.deepEqual(value.fidelity, {'injected-context': 1})
})

test('0.3x-0.4x user_message events of a kind other than plain are the injected items, counted once', async () => {
  const instructions = '<user_instructions>\n\nUse pnpm.\n\n</user_instructions>'
  const environment = '<environment_context>\n  <cwd>/work/app</cwd>\n</environment_context>'
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, instructions),
      event(1, {type: 'user_message', message: instructions, kind: 'user_instructions'}),
      event(1, {type: 'user_message', message: environment, kind: 'environment_context'}),
      userItem(1, environment),
      userItem(2, 'Hi'),
      event(2, {type: 'user_message', message: 'Hi', kind: 'plain'}),
      assistantItem(3, 'Hello')
    )
  )
  assert.deepEqual(texts(value, 'user'), ['Hi'])
  assert.deepEqual(value.fidelity, {'injected-context': 2})
})

test('every wrapper Codex injects is injected text, whatever the case of its markers', async () => {
  const wrappers = [
    '# AGENTS.md instructions for /work/app\n\n<INSTRUCTIONS>\nUse pnpm.\n</INSTRUCTIONS>',
    '# agents.md instructions for /work/app\n\n<instructions>\nUse pnpm.\n</instructions>',
    '<skill>\n<name>deploy</name>\n<path>/work/app/.codex/skills/deploy/SKILL.md</path>\n</skill>',
    '<user_shell_command>\n<command>ls</command>\n<result>a.txt</result>\n</user_shell_command>',
    '<turn_aborted>\nThe user interrupted the previous turn.\n</turn_aborted>',
    '<SUBAGENT_NOTIFICATION>{}</subagent_notification>',
    '<additional_context>\n<title>Context from my editor</title>\n</additional_context>'
  ]
  const value = await conversation(
    jsonl(meta(), ...wrappers.map((wrapper) => userItem(1, wrapper)), userItem(2, 'Hi'), assistantItem(3, 'Hello'))
  )
  assert.deepEqual(texts(value, 'user'), ['Hi'])
  assert.deepEqual(value.fidelity, {'injected-context': wrappers.length})
})

test('the title is plain text from the first line of the request, never a Markdown marker', async () => {
  const titleOf = async (prompt: string): Promise<string | undefined> =>
    (await conversation(jsonl(meta(), userItem(1, prompt), assistantItem(2, 'OK')))).title
  assert.equal(await titleOf('# Fix the build\nIt fails on main.'), 'Fix the build')
  assert.equal(await titleOf(`${ideContext}## My request for Codex:\n## Plan ##\nsteps`), 'Plan')
  assert.equal(await titleOf('\n\n> - quoted item'), 'quoted item')
  assert.equal(await titleOf('x'.repeat(100)), `${'x'.repeat(79)}…`)
})

test('a name the user gave the thread (thread_name_updated) is its title; the latest wins', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      userItem(1, 'Hi'),
      event(2, {type: 'thread_name_updated', thread_id: 'thread-1', thread_name: 'First name'}),
      assistantItem(3, 'Hello'),
      event(4, {type: 'thread_name_updated', thread_id: 'thread-1', thread_name: ' Greeting work '})
    )
  )
  assert.equal(value.title, 'Greeting work')
})

test('the tags Codex writes around an image are dropped, as Codex drops them; the image stays', async () => {
  const value = await conversation(
    jsonl(
      meta(),
      item(1, {
        type: 'message',
        role: 'user',
        content: [
          {type: 'input_text', text: 'What is in this screenshot?'},
          {type: 'input_text', text: '<image name=[Image #1]>'},
          {type: 'input_image', image_url: 'data:image/png;base64,iVBORw0KGgo='},
          {type: 'input_text', text: '</image>'}
        ]
      }),
      assistantItem(2, 'A chart.')
    )
  )
  const user = value.turns.find((turn) => turn.role === 'user')
  assert.deepEqual(
    user?.parts.map((part) => part.type),
    ['text', 'attachment']
  )
  assert.deepEqual(texts(value, 'user'), ['What is in this screenshot?'])
})
