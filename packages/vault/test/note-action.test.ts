import assert from 'node:assert/strict'
import {test} from 'vitest'
import {sha256Of} from '../src/base-texts.js'
import {noteAction} from '../src/note-action.js'

const note = (turns: string[], extra = ''): string =>
  `---\ntitle: T\nid: c-1\nturns: ${turns.length}\n---\n\n# T\n` +
  `${turns.map((turn) => `\n## User\n\n${turn}\n`).join('')}${extra}`
const base = (text: string) => ({sha256: sha256Of(text), text})

test('a note that is chatmark’s own rendering is replaced; one that already reads as new is left', () => {
  const v1 = note(['one'])
  const v2 = note(['one', 'two'])
  assert.deepEqual(noteAction(v1, v2, base(v1)), {kind: 'write', text: v2})
  assert.deepEqual(noteAction(v2, v2, base(v1)), {kind: 'unchanged'})
})

test('a note holding a merge of the person’s edits is merged again, however many times the session grows', () => {
  const v1 = note(['one'])
  const mine = `${v1.replace('turns: 1', 'turns: 1\nrating: 5')}\n## My notes\n\nmine\n`
  // The first growth merges; the note on disk is then chatmark's writing, but not chatmark's rendering.
  const v2 = note(['one', 'two'])
  const first = noteAction(mine, v2, base(v1))
  assert.equal(first.kind, 'merge')
  const merged = first.kind === 'merge' ? first.text : ''
  assert.match(merged, /rating: 5/)
  // The second growth: the base is the rendering of v2, and the merged note is not it, so it merges again.
  const v3 = note(['one', 'two', 'three'])
  const second = noteAction(merged, v3, base(v2))
  assert.equal(second.kind, 'merge')
  const again = second.kind === 'merge' ? second.text : ''
  assert.match(again, /rating: 5/)
  assert.match(again, /three/)
  assert.match(again, /## My notes\n\nmine\n$/)
})

test('without the base, a note not in chatmark’s rendering is kept; a version 1 note is judged by its text', () => {
  const v1 = note(['one'])
  const v2 = note(['one', 'two'])
  const edited = `${v1}\nmine\n`
  assert.deepEqual(noteAction(edited, v2, {sha256: sha256Of(v1), text: undefined}), {
    kind: 'keep',
    reason: 'chatmark no longer has the version it wrote before your edits, to merge them'
  })
  // Version 1 recorded no base hash: the base text kept under the note's id decides.
  assert.deepEqual(noteAction(v1, v2, {sha256: '', text: v1}), {kind: 'write', text: v2})
  assert.equal(noteAction(edited, v2, {sha256: '', text: v1}).kind, 'merge')
  assert.equal(noteAction(edited, v2, {sha256: '', text: undefined}).kind, 'keep')
})

test('an emptied note, broken properties and one line changed both ways are kept, each with its reason', () => {
  const v1 = note(['one'])
  const v2 = note(['one changed'])
  const reasons = [
    ['', 'you emptied it'],
    [v1.replace('title: T', 'title: [T'), 'its properties (the frontmatter between the --- lines) no longer parse'],
    [v1.replace('one', 'one, and mine'), 'you and the conversation changed the same lines']
  ] as const
  for (const [current, reason] of reasons) assert.deepEqual(noteAction(current, v2, base(v1)), {kind: 'keep', reason})
})

test('a note saved with CRLF, a byte order mark or other final newlines is chatmark’s, kept in its style', () => {
  const v1 = note(['one'])
  const v2 = note(['one', 'two'])
  const crlf = (text: string): string => text.replaceAll('\n', '\r\n')
  // The base's text is not needed to tell: the note's hash, in chatmark's style, is the base's.
  const known = {sha256: sha256Of(v1), text: undefined}
  assert.deepEqual(noteAction(crlf(v1), v2, known), {kind: 'write', text: crlf(v2)})
  assert.deepEqual(noteAction(`\ufeff${v1}`, v2, known), {kind: 'write', text: `\ufeff${v2}`})
  assert.deepEqual(noteAction(v1.trimEnd(), v2, known), {kind: 'write', text: v2.trimEnd()})
  assert.deepEqual(noteAction(`${v1}\n\n`, v2, known), {kind: 'write', text: `${v2}\n\n`})
  // Already the new version but for its style: left as it is.
  assert.deepEqual(noteAction(crlf(v2), v2, known), {kind: 'unchanged'})
  // A version 1 note (no base hash) is judged by its text, the style left out too.
  assert.deepEqual(noteAction(crlf(v1), v2, {sha256: '', text: v1}), {kind: 'write', text: crlf(v2)})
  // An edit in a note saved in CRLF is merged, and the merge written in CRLF.
  const merged = noteAction(crlf(`${v1}\n## My notes\n\nmine\n`), v2, base(v1))
  assert.equal(merged.kind, 'merge')
  assert.equal(merged.kind === 'merge' ? merged.text : '', crlf(`${v2}\n## My notes\n\nmine\n`))
})

test('a note kept for want of its base says why: the reason the base could not be read', () => {
  const v1 = note(['one'])
  const problem = 'its base text .chatmark/base/x.md.gz expands past 16.0 MB, more than this note’s: not read'
  assert.deepEqual(
    noteAction(`${v1}\nmine\n`, note(['one', 'two']), {sha256: sha256Of(v1), text: undefined, problem}),
    {
      kind: 'keep',
      reason: problem
    }
  )
})
