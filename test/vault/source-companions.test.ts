import assert from 'node:assert/strict'
import {mkdtemp} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative, sep} from 'node:path'
import {sourceFiles, toolFolders} from '@chatmark/vault'
import {builtinFormats} from 'chatmark'
import {test} from 'vitest'
import {layOut} from '../util/tool-home.js'

// What a sync takes from the tools' folders when a tool left one session in two files: the file the tool reads,
// as each format's plugin says (`ToolDescriptor.companionOf`), not a rule of the vault's naming the formats
// (issue 26, item 1).

const formats = builtinFormats()
const session = '{"sessionId":"s-1","type":"user"}\n'

test('a tool’s folder gives each session once: a superseded or compressed copy beside it belongs to it', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-companions-'))
  await layOut(home, {
    '.gemini/tmp/demo/chats/session-1.json': '{}',
    '.gemini/tmp/demo/chats/session-1.jsonl': session,
    '.gemini/tmp/demo/chats/session-2.json': '{}',
    '.codex/sessions/2026/11/30/rollout-a.jsonl': session,
    '.codex/sessions/2026/11/30/rollout-a.jsonl.zst': 'zst',
    '.codex/sessions/2026/11/30/rollout-b.jsonl.zst': 'zst'
  })
  const {folders} = toolFolders(formats, {home, env: {}, platform: 'linux'})
  const found = (await sourceFiles(folders, formats)).map((file) => relative(home, file.path).split(sep).join('/'))
  assert.deepEqual(found, [
    '.codex/sessions/2026/11/30/rollout-a.jsonl',
    '.codex/sessions/2026/11/30/rollout-b.jsonl.zst',
    '.gemini/tmp/demo/chats/session-1.jsonl',
    '.gemini/tmp/demo/chats/session-2.json'
  ])
  // Each found in its tool's folder, and the notes go in that tool's folder of the vault.
  const tools = (await sourceFiles(folders, formats)).map((file) => file.tool)
  assert.deepEqual(tools, ['codex', 'codex', 'gemini-cli', 'gemini-cli'])
})
