import assert from 'node:assert/strict'
import {test} from 'vitest'
import {jsonText, maxJsonTextDepth, prettyJsonDepth, tooDeepMarker} from '../src/render/json-text.js'

/** An object `{"a": {"a": ... 1}}` nested `depth` deep, built without recursion. */
function nested(depth: number): unknown {
  let value: unknown = 1
  for (let level = 0; level < depth; level++) value = {a: value}
  return value
}

test('shallow values are written exactly as JSON.stringify indents them', () => {
  const values: unknown[] = [
    {command: ['bash', '-lc', 'ls'], cwd: '/tmp', n: 1.5, ok: true, none: null, skip: undefined},
    [1, 'two', [], {}, [undefined, () => 0], {when: new Date(0)}],
    {'odd "key"\n': {deeper: [{x: -0, y: Number.NaN, z: Number.POSITIVE_INFINITY}]}},
    'a string',
    42,
    nested(prettyJsonDepth)
  ]
  for (const value of values) assert.equal(jsonText(value), JSON.stringify(value, null, 2))
  assert.equal(jsonText(undefined), undefined)
})

test('levels below prettyJsonDepth are compact, and the text is still the same JSON', () => {
  const value = nested(300)
  const text = jsonText(value) ?? ''
  assert.deepEqual(JSON.parse(text), value)
  // 300 indented levels would be 90,000 spaces; compact below the limit keeps it short.
  assert.ok(text.length < 3_000, `${text.length} characters`)
})

test('a value nested 5,000 deep is cut with a marker at maxJsonTextDepth, without overflowing the stack', () => {
  const text = jsonText(nested(5_000)) ?? ''
  assert.throws(() => JSON.stringify(nested(5_000)), /call stack/)
  let value: unknown = JSON.parse(text)
  for (let level = 0; level < maxJsonTextDepth; level++) value = (value as {a: unknown}).a
  assert.equal(value, tooDeepMarker)
})

test('never throws: bigints, cycles and a throwing toJSON', () => {
  const cycle: Record<string, unknown> = {name: 'loop'}
  cycle['self'] = cycle
  assert.match(jsonText(cycle) ?? '', /nested too deep/)
  assert.equal(jsonText({big: 12n}), '{\n  "big": 12\n}')
  assert.equal(
    jsonText({
      bad: {
        toJSON() {
          throw new Error('no')
        }
      }
    }),
    '{\n  "bad": null\n}'
  )
})
