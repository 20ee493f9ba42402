import assert from 'node:assert/strict'
import {mkdtemp} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative, sep} from 'node:path'
import {sourceFiles, toolFolders} from '@chatmark/vault'
import {builtinFormats} from 'chatmark'
import {test} from 'vitest'
import {layOut} from '../util/tool-home.js'

// A format that reads two tools (pi: Pi and OpenClaw) names the variant a folder holds (`SessionFolder.variant`):
// the sessions found there are listed, and their notes filed, under that tool, not the format's own.

const formats = builtinFormats()

test('sessions in OpenClaw’s folder are OpenClaw’s, those in Pi’s are Pi’s, though one format reads both', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-variant-folders-'))
  await layOut(home, {
    '.pi/agent/sessions/--home-me--/2026-12-06T14-48-43-667Z_a.jsonl': {
      fixture: 'packages/format-pi/fixtures/tree-compaction/input.jsonl'
    },
    '.openclaw/agents/main/sessions/s-1.jsonl': {fixture: 'packages/format-pi/fixtures/openclaw-jsonl/input.jsonl'},
    '.openclaw/agents/main/sessions/s-1.jsonl.deleted.2026-12-06': 'deleted',
    '.openclaw/agents/main/agent/openclaw-agent.sqlite': {
      fixture: 'packages/format-pi/fixtures/openclaw-db/input.sqlite'
    }
  })
  const {folders} = toolFolders(formats, {home, env: {}, platform: 'linux'})
  const ours = folders.filter((folder) => folder.format === 'pi').map((folder) => [folder.tool, folder.slug])
  assert.deepEqual(ours, [
    ['Pi', 'pi'],
    ['OpenClaw', 'openclaw']
  ])
  const found = (await sourceFiles(folders, formats)).map((file) => [
    relative(home, file.path).split(sep).join('/'),
    file.tool
  ])
  assert.deepEqual(found, [
    ['.openclaw/agents/main/agent/openclaw-agent.sqlite', 'openclaw'],
    ['.openclaw/agents/main/sessions/s-1.jsonl', 'openclaw'],
    ['.pi/agent/sessions/--home-me--/2026-12-06T14-48-43-667Z_a.jsonl', 'pi']
  ])
})
