import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation} from '../src/model/index.js'
import {
  branchesOption,
  defineFormat,
  inputFromString,
  keepMetaOption,
  resolveOptions,
  viewOption
} from '../src/read/index.js'
import {createNormalizer} from '../src/detect/index.js'

const declared = [
  branchesOption('current'),
  keepMetaOption(false),
  viewOption('resume'),
  {name: 'part-size', type: 'number', minimum: 1, default: 500, description: 'a size'},
  {name: 'label', type: 'string', description: 'no default', key: 'name'}
] as const

test('options are resolved against their declarations: a value of the type and choices, else the default', () => {
  assert.deepEqual(resolveOptions(declared, {}), {
    branches: 'current',
    keepMeta: false,
    view: 'resume',
    partSize: 500,
    name: undefined
  })
  assert.deepEqual(
    resolveOptions(declared, {branches: 'all', keepMeta: true, view: 'note', partSize: 20, name: 'x', other: 1}),
    {branches: 'all', keepMeta: true, view: 'note', partSize: 20, name: 'x'}
  )
  // What a library caller may pass that no flag would: each falls back to the default, none is taken as given.
  assert.deepEqual(resolveOptions(declared, {branches: 'some', keepMeta: 'yes', view: 1, partSize: 0, name: 3}), {
    branches: 'current',
    keepMeta: false,
    view: 'resume',
    partSize: 500,
    name: undefined
  })
  assert.equal(resolveOptions(declared, {partSize: Number.NaN}).partSize, 500)
})

test('a format defined with defineFormat reads its options resolved, in parse and in its parts alike', async () => {
  const seen: unknown[] = []
  const conversation = (id: string): Conversation => ({
    id,
    source: {format: 'typed'},
    participants: [{id: 'user', name: 'You', kind: 'human'}],
    metadata: {},
    fidelity: {},
    turns: [{role: 'user', author: 'user', parts: [{type: 'text', text: 'hi'}]}]
  })
  const format = defineFormat({
    name: 'typed',
    description: 'a format with typed options',
    extensions: ['.typed'],
    options: [keepMetaOption(true), branchesOption('all')],
    detect: () => ({confidence: 'certain', reason: 'always'}),
    async *parse(_input, context) {
      // Typed: a boolean and a choice, with no check here.
      const keepMeta: boolean = context.options.keepMeta
      const branches: 'current' | 'all' = context.options.branches
      seen.push({keepMeta, branches})
      yield conversation('one')
    }
  })
  const normalizer = createNormalizer({formats: [format]})
  await normalizer.normalize(inputFromString('x', 'a.typed'))
  await normalizer.normalize(inputFromString('x', 'a.typed'), {formatOptions: {keepMeta: false, branches: 'bad'}})
  assert.deepEqual(seen, [
    {keepMeta: true, branches: 'all'},
    {keepMeta: false, branches: 'all'}
  ])
})
