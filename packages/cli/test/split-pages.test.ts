import assert from 'node:assert/strict'
import {test} from 'vitest'
import {pageBreak} from 'chatmark'
import {splitPages} from '../src/output/split-pages.js'

test('a note’s pieces split into its pages at the writer’s page breaks, read as each page is asked for', () => {
  let read = 0
  const pieces = function* (): Generator<string> {
    for (const piece of ['a', 'b', pageBreak, 'c', pageBreak, 'd', 'e']) {
      read++
      yield piece
    }
  }
  const pages = splitPages(pieces())
  const first = pages.next()
  assert.equal(read, 1, 'the first page starts with its first piece, nothing more')
  assert.deepEqual([...(first.value ?? [])], ['a', 'b'])
  const rest: string[][] = []
  for (const page of pages) rest.push([...page])
  assert.deepEqual(rest, [['c'], ['d', 'e']])
  assert.deepEqual([...splitPages([])], [], 'no pieces, no page')
})

test('a page left unread is read past; once reading fails, no page follows', () => {
  const pages = splitPages(['a', pageBreak, 'b', pageBreak, 'c'])
  pages.next()
  assert.deepEqual([...(pages.next().value ?? [])], ['b'])
  const failing = function* (): Generator<string> {
    yield 'a'
    throw new Error('stopped after 60 s')
  }
  const stopped = splitPages(failing())
  const page = stopped.next().value ?? []
  assert.throws(() => [...page], /stopped after 60 s/)
  assert.equal(stopped.next().done, true)
})
