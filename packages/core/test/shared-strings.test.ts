import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createSharedStrings} from '@chatmark/core'

test('shared strings give back an equal string, and anything else as it is', () => {
  const strings = createSharedStrings()
  const folder = ['/home', 'dev', 'app'].join('/')
  assert.equal(strings.share(folder), '/home/dev/app')
  assert.equal(strings.share(`/home/dev/${'app'}`), '/home/dev/app')
  const record = {cwd: 1}
  assert.equal(strings.share(record), record)
  assert.equal(strings.share(undefined), undefined)
  assert.equal(strings.share(null), null)
})

test('past a thousand distinct strings, new ones are given back without being kept', () => {
  const strings = createSharedStrings()
  for (let index = 0; index < 5000; index++) assert.equal(strings.share(`/project-${index}`), `/project-${index}`)
  assert.equal(strings.share('/project-1'), '/project-1')
  assert.equal(strings.share('/project-4999'), '/project-4999')
})
