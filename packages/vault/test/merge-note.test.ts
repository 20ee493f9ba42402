import assert from 'node:assert/strict'
import {mergeNote} from '@chatmark/vault'
import {test} from 'vitest'

const note = (properties: string, body: string): string => `---\n${properties}\n---\n${body}`
const base = note(
  'title: Fix the test\nid: c-1\ntags:\n  - chatmark\nturns: 2',
  '\n# Fix the test\n\n## User\n\nWhy does it fail?\n\n## Assistant\n\nA race.\n'
)
const grown = note(
  'title: Fix the test\nid: c-1\ntags:\n  - chatmark\nturns: 4',
  '\n# Fix the test\n\n## User\n\nWhy does it fail?\n\n## Assistant\n\nA race.\n' +
    '\n## User\n\nFix it.\n\n## Assistant\n\nDone.\n'
)

test('properties the person added or changed are kept; theirs untouched take the new values', () => {
  const mine = base
    .replace('turns: 2', 'turns: 2\nrating: 5\nstatus: done')
    .replace('  - chatmark', '  - chatmark\n  - work')
    .replace('title: Fix the test', 'title: My title')
  const merged = mergeNote(base, mine, grown)
  assert.ok(merged)
  assert.match(merged, /^title: My title$/m)
  assert.match(merged, /^turns: 4$/m)
  assert.match(merged, /^tags:\n {2}- chatmark\n {2}- work$/m)
  assert.match(merged, /^rating: 5\nstatus: done$/m)
})

test('a property or list item the person deleted stays deleted', () => {
  const mine = base.replace('tags:\n  - chatmark\n', 'tags: []\n').replace('turns: 2', '')
  const merged = mergeNote(base, mine, grown)
  assert.ok(merged)
  assert.match(merged, /^tags: \[\]$/m)
  assert.doesNotMatch(merged, /^turns:/m)
})

test('text written under the last turn stays last, below the new turns; edits inside stay in place', () => {
  const mine = `${base.replace('A race.', 'A race (I checked).')}\n## My notes\n\nAsk Ada.\n`
  const merged = mergeNote(base, mine, grown)
  assert.ok(merged)
  assert.match(
    merged,
    /A race \(I checked\)\.\n\n## User\n\nFix it\.\n\n## Assistant\n\nDone\.\n\n## My notes\n\nAsk Ada\.\n$/
  )
})

test('the same lines changed both ways, or a frontmatter that no longer parses, cannot be merged', () => {
  const renamed = grown.replace('# Fix the test', '# Fix the flaky test')
  assert.equal(mergeNote(base, base.replace('# Fix the test', '# Mine'), renamed), undefined)
  assert.equal(mergeNote(base, base.replace('id: c-1', 'id: [c-1'), grown), undefined)
  assert.equal(mergeNote(base, 'no frontmatter at all\n', grown), undefined)
})

test('the person’s frontmatter keeps its comments, order and quoting; only the values that changed are set', () => {
  const mine = base.replace('turns: 2', "# my reading list\nstatus: 'to read'\nturns: 2")
  const merged = mergeNote(base, mine, grown)
  assert.ok(merged)
  assert.match(
    merged,
    /^---\ntitle: Fix the test\nid: c-1\ntags:\n {2}- chatmark\n# my reading list\nstatus: 'to read'\nturns: 4\n---\n/
  )
})

test('values merged in are quoted as chatmark writes them, times plain; the person’s own are left as written', () => {
  const withTime = (text: string, time: string): string => text.replace('id: c-1', `id: c-1\nupdated: ${time}`)
  const old = withTime(base, '2026-03-01T10:00:00.000Z')
  const next = withTime(grown, '2026-03-02T09:30:00.000Z').replace('title: Fix the test', 'title: "yes"')
  const mine = old.replace('turns: 2', 'turns: 2\nmood: on')
  const merged = mergeNote(old, mine, next)
  assert.ok(merged)
  // YAML 1.1 readers (PyYAML) read a plain `yes` as true: the new title is quoted, as in the note chatmark wrote.
  assert.match(merged, /^title: "yes"$/m)
  assert.match(merged, /^updated: 2026-03-02T09:30:00.000Z$/m)
  assert.match(merged, /^mood: on$/m)
})
