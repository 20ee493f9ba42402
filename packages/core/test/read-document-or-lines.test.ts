import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {DocumentOrLines, Input, JsonLine, ParseContext} from '@chatmark/core'
import {defaultLimits, inputFromString, readDocumentOrLines} from '@chatmark/core'
import {VFile} from 'vfile'

const options = {documentVariant: 'demo-json', expected: 'a demo session', source: 'chatmark:demo'}

function contextFor(variant?: string): ParseContext {
  return {
    file: new VFile({path: 'session'}),
    limits: defaultLimits,
    options: {},
    ...(variant ? {verdict: {confidence: 'certain', reason: 'test', variant}} : {})
  }
}

async function linesOf(read: DocumentOrLines): Promise<JsonLine[]> {
  assert.equal(read.kind, 'lines')
  const lines: JsonLine[] = []
  if (read.kind === 'lines') for await (const batch of read.batches) lines.push(...batch)
  return lines
}

test('a pretty-printed JSON document is read whole', async () => {
  const read = await readDocumentOrLines(
    inputFromString('{\n  "id": 1,\n  "items": [1, 2]\n}\n'),
    contextFor(),
    options
  )
  assert.deepEqual(read, {kind: 'document', value: {id: 1, items: [1, 2]}})
})

test('JSON Lines are read as records with their line numbers, blank lines passed over', async () => {
  const read = await readDocumentOrLines(inputFromString('{"a":1}\n\n{"b":2}\n'), contextFor(), options)
  assert.deepEqual(await linesOf(read), [
    {line: 1, value: {a: 1}},
    {line: 3, value: {b: 2}}
  ])
})

test('a verdict naming the document variant reads even a one-line document whole', async () => {
  const input = inputFromString('{"id": 1}\n')
  assert.deepEqual(await readDocumentOrLines(input, contextFor('demo-json'), options), {
    kind: 'document',
    value: {id: 1}
  })
  assert.deepEqual(await linesOf(await readDocumentOrLines(input, contextFor('demo-jsonl'), options)), [
    {line: 1, value: {id: 1}}
  ])
})

test('a bad JSONL line becomes a warning naming it, is counted and reported, and reading goes on', async () => {
  const context = contextFor()
  const skipped: Record<string, number> = {}
  const reported: [string, number][] = []
  const read = await readDocumentOrLines(inputFromString('{"a":1}\nnot json\n{"b":2}\n'), context, {
    ...options,
    skipped,
    onSkip(reason, line) {
      reported.push([reason, line])
    }
  })
  assert.deepEqual(
    (await linesOf(read)).map(({line}) => line),
    [1, 3]
  )
  assert.deepEqual(skipped, {'malformed-line': 1})
  assert.deepEqual(reported, [['malformed-line', 2]])
  assert.equal(context.file.messages.length, 1)
  assert.equal(context.file.messages[0]?.source, 'chatmark:demo')
  assert.equal(context.file.messages[0]?.line, 2)
})

test('a document that is not JSON fails with what the format expected', async () => {
  await assert.rejects(
    readDocumentOrLines(inputFromString('{\n  "id": 1,\n'), contextFor('demo-json'), options),
    /not valid JSON .*expected a demo session/
  )
})

test('a document over maxInputBytes is refused before it is read', async () => {
  const input: Input = inputFromString('{\n  "id": 1\n}\n')
  const context = {...contextFor('demo-json'), limits: {...defaultLimits, maxInputBytes: 4}}
  await assert.rejects(readDocumentOrLines(input, context, options), /over the 4 B limit|maxInputBytes/)
})
