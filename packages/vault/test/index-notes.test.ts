import assert from 'node:assert/strict'
import {test} from 'vitest'
import {indexNotes, projectNames} from '../src/index-notes.js'
import type {NoteRecord} from '../src/vault-state.js'

const record = (path: string, time: string, project?: string): NoteRecord => ({
  path,
  sha256: '',
  base: '',
  title: path.replace(/^.*\//, '').replace(/\.md$/, ''),
  tool: 'codex',
  date: time.slice(0, 10),
  time,
  ...(project ? {project} : {}),
  turns: 2,
  source: ''
})

test('two projects of one folder name are told apart by the folders above them', () => {
  const names = projectNames([
    '/home/ada/work/demo',
    '/home/ada/play/demo',
    '/home/ada/notes',
    '/srv/x/api',
    '/srv/y/api'
  ])
  assert.deepEqual(Object.fromEntries(names), {
    '/home/ada/work/demo': 'demo (work)',
    '/home/ada/play/demo': 'demo (play)',
    '/home/ada/notes': 'notes',
    '/srv/x/api': 'api (x)',
    '/srv/y/api': 'api (y)'
  })
  // Folders one level up alike too: as many levels as it takes.
  const deeper = projectNames(['/a/one/src/app', '/b/two/src/app'])
  assert.deepEqual([...deeper.values()], ['app (one src)', 'app (two src)'])
  // Names that differ only in case would be one file on a case-insensitive disk.
  assert.deepEqual([...projectNames(['/x/Demo', '/y/demo']).values()], ['Demo (x)', 'demo (y)'])
  // A Windows path, and a project that is only a name.
  assert.deepEqual([...projectNames(['C:\\Users\\ada\\demo', 'demo']).values()], ['demo (ada)', 'demo'])
})

test('an index lists its conversations newest first by time, not by day', () => {
  const notes = new Map<string, NoteRecord>([
    ['a', record('codex/2026-11/2026-11-30 Morning.md', '2026-11-30T08:00:00.000Z', '/w/demo')],
    ['b', record('codex/2026-11/2026-11-30 Evening.md', '2026-11-30T21:00:00.000Z', '/w/demo')],
    ['c', record('codex/2026-11/2026-11-29 Yesterday.md', '2026-11-29T23:59:00.000Z', '/v/demo')]
  ])
  const [tool, ...projects] = indexNotes(notes, true)
  const listed = (tool?.text ?? '').split('\n').filter((line) => line.startsWith('- '))
  assert.deepEqual(
    listed.map((line) => /\|([^\]]+)\]\]/.exec(line)?.[1]),
    ['2026-11-30 Evening', '2026-11-30 Morning', '2026-11-29 Yesterday']
  )
  assert.deepEqual(
    projects.map((index) => index.path),
    ['projects/demo (v).md', 'projects/demo (w).md']
  )
})
