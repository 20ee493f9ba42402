import assert from 'node:assert/strict'
import {test} from 'vitest'
import {sampleFromBytes} from '@chatmark/core'

const sample = (text: string, complete = true) => sampleFromBytes(Buffer.from(text), {name: 'in.x', complete})

test('samples are classified by what their head holds', () => {
  assert.equal(sample('').kind, 'empty')
  assert.equal(sample('  \n\t\n').kind, 'empty')
  assert.equal(sample('{\n  "a": [1, 2]\n}\n').kind, 'json')
  assert.equal(sample('{"a":1}\n{"b":2}\n').kind, 'jsonl')
  assert.equal(sample('[{"a":1}]').kind, 'jsonl')
  assert.equal(sample('Hello there.\n').kind, 'text')
  assert.equal(sample('[09:14] <alice> hi').kind, 'text')
  assert.equal(sample('[link](https://example.com) text').kind, 'text')
  assert.equal(sample('{ not json at all').kind, 'text')
  assert.equal(sample('a\u0000b').kind, 'binary')
  // A few NULs in a long text are damage, not a binary file: its other lines are still read.
  assert.equal(sample(`${'{"a":1}\n'.repeat(200)}{"a":\u00001}\n`).kind, 'jsonl')
  assert.equal(sample(`${'x'.repeat(100)}${'\u0000'.repeat(9)}${'x'.repeat(100)}`).kind, 'binary')
  assert.equal(sample('42\n').kind, 'json')
  assert.equal(sample('"just a string"').kind, 'json')
  assert.equal(sample('[').kind, 'json')
  assert.equal(sample('null is not a word here').kind, 'text')
})

test('malformed JSON is still JSON, never text', () => {
  const broken = sample('{\n  "a": 1,,\n}')
  assert.equal(broken.kind, 'json')
  assert.equal(broken.jsonComplete, false)
})

test('archives are recognised by their magic bytes', () => {
  assert.equal(
    sampleFromBytes(Uint8Array.from([0x50, 0x4b, 0x03, 0x04, 1]), {name: 'a.zip', complete: true}).magic,
    'zip'
  )
  assert.equal(
    sampleFromBytes(Uint8Array.from([0x28, 0xb5, 0x2f, 0xfd, 1]), {name: 'a.zst', complete: true}).kind,
    'binary'
  )
})

test('a BOM is noted and stripped', () => {
  const withBom = sampleFromBytes(Buffer.from('\uFEFF{"a":1}'), {name: 'a.json', complete: true})
  assert.equal(withBom.bom, true)
  assert.deepEqual(withBom.json, {a: 1})
})

test('the head of a large JSON document is parsed partially', () => {
  const head = sample('{"sessionId": "s1", "projectHash": "p", "messages": [{"id": "m1", "content": "cut her', false)
  assert.equal(head.kind, 'json')
  assert.equal(head.jsonComplete, false)
  const json = head.json as {sessionId: string; messages: unknown[]}
  assert.equal(json.sessionId, 's1')
  assert.ok(Array.isArray(json.messages))
})

test('JSONL records in the head are parsed, the cut-off last line is not', () => {
  const head = sample('{"a":1}\n{"b":2}\n{"c":', false)
  assert.deepEqual(
    head.records.map((record) => record.value),
    [{a: 1}, {b: 2}]
  )
  assert.equal(head.invalidLines, 0)
  assert.equal(head.extension, '.x')
})

test('a cut-off head of JSON is parsed partially, as far as it goes', () => {
  const head = sample('{\n  "a": 1,\n  "b": [', false)
  assert.equal(head.kind, 'json')
  assert.equal(head.jsonComplete, false)
  assert.deepEqual(head.json, {a: 1, b: []})
})
