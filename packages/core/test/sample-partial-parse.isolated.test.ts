import assert from 'node:assert/strict'
import {test, vi} from 'vitest'
import {sampleFromBytes} from '@chatmark/core'

// partial-json documents that it throws `MalformedJSON` on input it cannot make
// sense of (no input found so far makes it do so with `Allow.ALL`); the sample
// must then simply have no parsed view, and detection must go on.
vi.mock('partial-json', async (importOriginal) => {
  const original = await importOriginal<typeof import('partial-json')>()
  return {
    ...original,
    parse() {
      throw new original.MalformedJSON('Unexpected token at position 7')
    }
  }
})

test('a head the partial parser rejects is still JSON, with no parsed view', () => {
  const head = sampleFromBytes(Buffer.from('{\n  "a" 1,\n  "b": ['), {name: 'in.json', complete: false})
  assert.equal(head.kind, 'json')
  assert.equal(head.json, undefined)
  assert.equal(head.jsonComplete, false)
})
