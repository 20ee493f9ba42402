import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {SessionFolder} from '@chatmark/core'
import {pi} from '@chatmark/format-pi'

const tool = pi().tool
const folders = (home: string, env: Record<string, string> = {}, platform = 'linux'): SessionFolder[] =>
  tool?.sessionFolders?.({home, env, platform}) ?? []
const openclaw = {
  patterns: ['*/agent/openclaw-agent.sqlite', '*/sessions/*.jsonl'],
  ignore: ['*/sessions/*.bak-*', '*/sessions/*.deleted.*'],
  variant: 'openclaw'
}

test('the pi plugin names its tool Pi, and OpenClaw as the variant it reads', () => {
  assert.equal(tool?.name, 'Pi')
  assert.equal(tool?.slug, 'pi')
  assert.deepEqual(tool?.variants, {openclaw: {name: 'OpenClaw', slug: 'openclaw'}})
})

test('Pi keeps its sessions under ~/.pi/agent/sessions, OpenClaw under ~/.openclaw/agents, on every platform', () => {
  assert.deepEqual(folders('/home/ada'), [
    {path: '/home/ada/.pi/agent/sessions', patterns: ['*/*.jsonl']},
    {path: '/home/ada/.openclaw/agents', ...openclaw}
  ])
  assert.deepEqual(folders('/Users/ada', {}, 'darwin')[0]?.path, '/Users/ada/.pi/agent/sessions')
  assert.deepEqual(folders('C:\\Users\\Ada', {}, 'win32'), [
    {path: 'C:\\Users\\Ada\\.pi\\agent\\sessions', patterns: ['*/*.jsonl']},
    {path: 'C:\\Users\\Ada\\.openclaw\\agents', ...openclaw}
  ])
})

test('PI_CODING_AGENT_DIR, OPENCLAW_STATE_DIR and the older CLAWDBOT_STATE_DIR move the folders', () => {
  assert.deepEqual(folders('/home/ada', {PI_CODING_AGENT_DIR: '/srv/pi', OPENCLAW_STATE_DIR: '/srv/claw'}), [
    {path: '/srv/pi/sessions', patterns: ['*/*.jsonl'], setBy: 'PI_CODING_AGENT_DIR'},
    {path: '/srv/claw/agents', ...openclaw, setBy: 'OPENCLAW_STATE_DIR'}
  ])
  assert.deepEqual(folders('/home/ada', {CLAWDBOT_STATE_DIR: '/srv/clawd'})[1], {
    path: '/srv/clawd/agents',
    ...openclaw,
    setBy: 'CLAWDBOT_STATE_DIR'
  })
  assert.deepEqual(
    folders('/home/ada', {OPENCLAW_STATE_DIR: '/a', CLAWDBOT_STATE_DIR: '/b'})[1]?.setBy,
    'OPENCLAW_STATE_DIR'
  )
  // A relative value depends on where the tool started: left out.
  assert.equal(folders('/home/ada', {PI_CODING_AGENT_DIR: 'rel'})[0]?.path, '/home/ada/.pi/agent/sessions')
})

test("the database's write-ahead log is its companion; a session file has none", async () => {
  assert.deepEqual(await tool?.companions?.('/nowhere/openclaw-agent.sqlite'), [])
  assert.deepEqual(await tool?.companions?.('/nowhere/x.jsonl'), [])
})
