import assert from 'node:assert/strict'
import {test} from 'vitest'
import {canonicalText, inStyle, noteStyle, plainText} from '../src/note-style.js'

test('a note’s style: its byte order mark, its line endings (CRLF when most are), the line breaks that end it', () => {
  assert.deepEqual(noteStyle('a\nb\n'), {bom: false, crlf: false, finalNewlines: 1})
  assert.deepEqual(noteStyle('\ufeffa\r\nb\r\n\r\n'), {bom: true, crlf: true, finalNewlines: 2})
  assert.deepEqual(noteStyle('a\r\nb\r\nc\nd'), {bom: false, crlf: true, finalNewlines: 0})
  assert.deepEqual(noteStyle('a\r\nb\nc\nd\n'), {bom: false, crlf: false, finalNewlines: 1})
  assert.deepEqual(noteStyle(''), {bom: false, crlf: false, finalNewlines: 0})
})

test('a text of chatmark’s written in a note’s style, and any style back to chatmark’s', () => {
  const text = '---\nid: x\n---\n\n# T\n'
  for (const styled of [text, `\ufeff${text}`, text.replaceAll('\n', '\r\n'), text.trimEnd(), `${text}\n\n`]) {
    assert.equal(inStyle(text, noteStyle(styled)), styled)
    assert.equal(canonicalText(styled), text)
  }
  assert.equal(plainText('\ufeffa\r\nb\r\n'), 'a\nb\n')
  assert.equal(canonicalText('\n\n'), '')
  assert.equal(canonicalText('a\r\n\r\n\r\n'), 'a\n')
})

test('the line breaks that end a long text are found in linear time', () => {
  // A regular expression anchored at the end would try every run of line breaks to its end: quadratic.
  const text = `${'\n'.repeat(200_000)}x${'\n'.repeat(3)}`
  assert.equal(noteStyle(text).finalNewlines, 3)
  assert.equal(canonicalText(text).length, 200_002)
})
