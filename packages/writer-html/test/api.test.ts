import assert from 'node:assert/strict'
import {test} from 'vitest'
import * as writerHtml from '@chatmark/writer-html'

test('the public API is exactly the expected list of exports', () => {
  assert.deepEqual(Object.keys(writerHtml).sort(), [
    'chatmarkHandlers',
    'htmlChunks',
    'htmlProcessor',
    'htmlWriter',
    'indexPage',
    'sanitizeSchema'
  ])
})
