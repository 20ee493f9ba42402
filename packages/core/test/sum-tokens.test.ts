import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {TokenCounts} from '@chatmark/core'
import {addTokens, sumTokens, tokenKeys, tokensInOrder} from '@chatmark/core'

test('adding counts sums each field that either side reports', () => {
  const sum: TokenCounts = {input: 10, output: 2}
  addTokens(sum, {input: 5, cached: 3, total: 20})
  assert.deepEqual(sum, {input: 15, output: 2, cached: 3, total: 20})
})

test('a field no counts report stays absent, while a reported zero stays zero', () => {
  const sum: TokenCounts = {}
  addTokens(sum, {input: 0})
  addTokens(sum, {output: 4})
  assert.deepEqual(sum, {input: 0, output: 4})
  assert.equal('thoughts' in sum, false)
  assert.equal('total' in sum, false)
})

test('new fields are written in the order of the keys, whatever the order of the counts', () => {
  const sum: TokenCounts = {}
  addTokens(sum, {total: 1, tool: 1, thoughts: 1, cacheCreation: 1, cached: 1, output: 1, input: 1})
  assert.deepEqual(Object.keys(sum), [...tokenKeys])
  const codexOrder = ['input', 'cached', 'output', 'thoughts', 'total'] as const
  const other: TokenCounts = {}
  addTokens(other, {total: 1, output: 1, cached: 1, input: 1, thoughts: 1}, codexOrder)
  assert.deepEqual(Object.keys(other), [...codexOrder])
})

test('fields outside the given keys are not added', () => {
  const sum: TokenCounts = {}
  addTokens(sum, {input: 1, tool: 7}, ['input', 'total'])
  assert.deepEqual(sum, {input: 1})
})

test('summing many counts keeps unknown fields absent and is undefined when nothing was reported', () => {
  assert.deepEqual(sumTokens([{input: 1, total: 3}, {input: 2, thoughts: 0}, {}]), {input: 3, thoughts: 0, total: 3})
  assert.equal(sumTokens([]), undefined)
  assert.equal(sumTokens([{}, {}]), undefined)
})

test('summing leaves the given counts untouched', () => {
  const first: TokenCounts = {input: 1}
  const total = sumTokens([first, {input: 2}])
  assert.deepEqual(total, {input: 3})
  assert.deepEqual(first, {input: 1})
})

test('counts in order are written in the order of the keys, whatever the reader’s', () => {
  const ordered = tokensInOrder({total: 9, cacheCreation: 2, input: 3, cached: 0})
  assert.deepEqual(Object.entries(ordered), [
    ['input', 3],
    ['cached', 0],
    ['cacheCreation', 2],
    ['total', 9]
  ])
})
