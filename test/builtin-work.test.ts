import assert from 'node:assert/strict'
import {test} from 'vitest'
import {assertLinear, builtinWork, builtinWorkAsync, workGrowth} from './util/builtin-work.js'

// The measure of work that stands for time in the tests that a step is linear (./util/builtin-work.ts).

const lines = (count: number): string => Array.from({length: count}, (_, index) => `line ${index}`).join('\n')

test('a linear step is linear, and the same work on every run', () => {
  const split = (text: string): number => text.split('\n').filter((line) => /\d$/.test(line)).length
  const growth = workGrowth(lines, 4000, split)
  assert.equal(growth.result, 4000)
  assertLinear(growth, 'split')
  assert.deepEqual(workGrowth(lines, 4000, split).perCharacter, growth.perCharacter)
})

test('a step made quadratic through a splice, a search to the end or a re-split is not', () => {
  const steps: Record<string, (text: string) => unknown> = {
    'a splice per line': (text) => {
      const all = text.split('\n')
      while (all.length > 0) all.splice(0, 1)
    },
    'a search from each line to the end': (text) => {
      let found = 0
      for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
        if (/line 0$/m.test(text.slice(at))) found++
      }
      return found
    },
    'the rest split again at each line': (text) => {
      let rest = text
      while (rest.includes('\n')) rest = rest.split('\n').slice(1).join('\n')
    }
  }
  for (const [name, step] of Object.entries(steps)) {
    const growth = workGrowth(lines, 2000, step)
    assert.ok(growth.growth > 3, `${name}: ${growth.growth}`)
    assert.throws(() => assertLinear(growth, name), new RegExp(`^AssertionError.*${name}: .+ not linear`))
  }
})

test('the built-ins are their own again after a measure, which counts what waiting code waited for', async () => {
  const builtins = [String.prototype.indexOf, Array.prototype.splice, RegExp.prototype.exec]
  assert.throws(() => builtinWork(() => Promise.resolve()), /use builtinWorkAsync/)
  const {result, work} = await builtinWorkAsync(async () => {
    await new Promise((resolve) => setImmediate(resolve))
    return 'x'.repeat(1000).indexOf('y')
  })
  assert.equal(result, -1)
  assert.ok(work >= 1001, String(work))
  assert.deepEqual([String.prototype.indexOf, Array.prototype.splice, RegExp.prototype.exec], builtins)
})
