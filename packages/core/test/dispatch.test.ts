import assert from 'node:assert/strict'
import {afterEach, test, vi} from 'vitest'
import type {Input} from '@chatmark/core'
import {createNormalizer, inputFromString} from '@chatmark/core'
import {chunked, conversation, fakeFormat} from './helpers.js'

const certain = (reason: string) => ({confidence: 'certain', reason}) as const
const likely = (reason: string) => ({confidence: 'likely', reason}) as const
const none = (reason: string) => ({confidence: 'none', reason}) as const

test('the highest verdict wins whatever its position', async () => {
  const normalizer = createNormalizer({
    builtins: [fakeFormat('a', likely('a-ish')), fakeFormat('b', certain('b fingerprint'))]
  })
  const detection = await normalizer.detect(inputFromString('{"x": 1}'))
  assert.equal(detection.format, 'b')
  assert.equal(detection.decidedBy, 'verdict')
  assert.deepEqual(detection.tiedWith, [])
  assert.match(detection.explanation, /b gave the highest verdict \(certain\): b fingerprint/)
  assert.deepEqual(
    detection.verdicts.map((verdict) => [verdict.format, verdict.confidence, verdict.reason]),
    [
      ['a', 'likely', 'a-ish'],
      ['b', 'certain', 'b fingerprint']
    ]
  )
})

test('a tie at the top goes to the earlier format and is reported as ambiguous', async () => {
  const normalizer = createNormalizer({
    builtins: [fakeFormat('a', likely('x')), fakeFormat('b', likely('y')), fakeFormat('c', likely('z'))]
  })
  const detection = await normalizer.detect(inputFromString('hello'))
  assert.equal(detection.format, 'a')
  assert.equal(detection.decidedBy, 'order')
  assert.deepEqual(detection.tiedWith, ['b', 'c'])
  assert.match(detection.explanation, /won a tie at likely with b, c/)
})

test('a detector that throws is recorded as none and cannot break dispatch', async () => {
  const normalizer = createNormalizer({
    builtins: [fakeFormat('bad', new Error('boom')), fakeFormat('good', likely('ok'))]
  })
  const detection = await normalizer.detect(inputFromString('hello'))
  assert.equal(detection.format, 'good')
  assert.deepEqual(detection.verdicts[0], {format: 'bad', confidence: 'none', reason: 'detector threw: boom'})
})

test('a detector that returns garbage is recorded as none', async () => {
  const broken = {...fakeFormat('broken', likely('x')), detect: () => ({confidence: 'very', reason: 3}) as never}
  const normalizer = createNormalizer({builtins: [broken]})
  const detection = await normalizer.detect(inputFromString('hello'))
  assert.equal(detection.format, undefined)
  assert.equal(detection.verdicts[0]?.reason, 'detector returned an invalid verdict')
})

test('user formats run before the built-ins, in registration order', () => {
  const normalizer = createNormalizer({
    builtins: [fakeFormat('b1', none('')), fakeFormat('b2', none(''))],
    formats: [fakeFormat('u1', none(''))]
  })
  normalizer.use(fakeFormat('u2', none('')))
  assert.deepEqual(
    normalizer.formats.map((format) => format.name),
    ['u1', 'u2', 'b1', 'b2']
  )
})

test('a user format with a built-in name replaces it in its slot', async () => {
  const normalizer = createNormalizer({
    builtins: [fakeFormat('a', none('')), fakeFormat('b', likely('builtin b'))],
    formats: [fakeFormat('b', certain('user b'), 'from the user')]
  })
  assert.deepEqual(
    normalizer.formats.map((format) => format.name),
    ['a', 'b']
  )
  const {conversations, detection} = await normalizer.normalize(inputFromString('text'))
  assert.equal(detection.verdicts[1]?.reason, 'user b')
  assert.equal(
    conversations[0]?.turns[0]?.parts[0]?.type === 'text' && conversations[0].turns[0].parts[0].text,
    'from the user'
  )
})

test('a built-in listed twice keeps its first slot and the later plugin', async () => {
  const normalizer = createNormalizer({
    builtins: [
      fakeFormat('a', likely('first a'), 'from the first a'),
      fakeFormat('b', none('')),
      fakeFormat('a', likely('second a'), 'from the second a')
    ]
  })
  assert.deepEqual(
    normalizer.formats.map((format) => format.name),
    ['a', 'b']
  )
  const {conversations, detection} = await normalizer.normalize(inputFromString('text'))
  assert.equal(detection.verdicts[0]?.reason, 'second a')
  assert.equal(
    conversations[0]?.turns[0]?.parts[0]?.type === 'text' && conversations[0].turns[0].parts[0].text,
    'from the second a'
  )
})

test('use places a format before or after a named one', () => {
  const normalizer = createNormalizer({builtins: [fakeFormat('a', none('')), fakeFormat('b', none(''))]})
  normalizer.use(fakeFormat('x', none('')), {after: 'a'}).use(fakeFormat('y', none('')), {before: 'a'})
  assert.deepEqual(
    normalizer.formats.map((format) => format.name),
    ['y', 'a', 'x', 'b']
  )
  assert.throws(() => normalizer.use(fakeFormat('z', none('')), {before: 'nope'}), /no format has that name/)
})

test('a frozen normalizer refuses use and says how to customise', () => {
  const normalizer = createNormalizer({builtins: [fakeFormat('a', none(''))]}).freeze()
  assert.equal(normalizer.frozen, true)
  assert.throws(
    () => normalizer.use(fakeFormat('b', none(''))),
    /frozen normalizer: create your own with `createNormalizer\(\{formats\}\)`/
  )
  assert.deepEqual(
    normalizer.formats.map((format) => format.name),
    ['a']
  )
})

test('use rejects something that is not a format plugin', () => {
  const normalizer = createNormalizer()
  assert.throws(() => normalizer.use({name: 'x'} as never), /Expected a format plugin/)
})

test('input that looks like JSON but that no format claims fails with every candidate reason', async () => {
  const normalizer = createNormalizer({
    builtins: [fakeFormat('a', none('no sessionId')), fakeFormat('b', none('not an array of conversations'))]
  })
  const {file, conversations, detection} = await normalizer.normalize(
    inputFromString('{"hello": "world"}', 'data.json')
  )
  assert.equal(detection.format, undefined)
  assert.equal(detection.decidedBy, 'none')
  assert.equal(conversations.length, 0)
  assert.equal(file.messages.length, 1)
  assert.equal(file.messages[0]?.fatal, true)
  assert.equal(
    file.messages[0]?.reason,
    'The input is JSON, but no registered format claimed it (a: no sessionId; b: not an array of conversations)'
  )
})

test('empty input is a clear failure, even with an explicit format', async () => {
  const normalizer = createNormalizer({builtins: [fakeFormat('a', likely('anything'))]})
  for (const format of [undefined, 'a']) {
    const {file, conversations} = await normalizer.normalize(
      inputFromString(' \n\n', 'empty.txt'),
      format ? {format} : {}
    )
    assert.equal(conversations.length, 0)
    assert.equal(file.messages[0]?.reason, 'The input is empty: there is nothing to convert')
    assert.equal(file.messages[0]?.fatal, true)
  }
})

test('an explicit format skips detection but still reports verdicts', async () => {
  const normalizer = createNormalizer({builtins: [fakeFormat('a', certain('a')), fakeFormat('b', none('not b'))]})
  const {detection, conversations} = await normalizer.normalize(inputFromString('x'), {format: 'b'})
  assert.equal(detection.format, 'b')
  assert.equal(detection.decidedBy, 'option')
  assert.equal(conversations[0]?.source.format, 'b')
})

test('an unknown explicit format is a failure naming the known ones', async () => {
  const normalizer = createNormalizer({builtins: [fakeFormat('a', certain('a'))]})
  const {file} = await normalizer.normalize(inputFromString('x'), {format: 'zzz'})
  assert.equal(file.messages[0]?.reason, 'Unknown format `zzz`: expected one of a')
})

test('a parser that throws becomes a fatal message, not a crash', async () => {
  const format = {
    ...fakeFormat('a', certain('a')),
    parse: async function* () {
      yield* []
      throw new Error('line 3 is a mess')
    }
  }
  const {file} = await normalizer(format).normalize(inputFromString('x', 'in.txt'))
  assert.equal(file.messages[0]?.reason, 'Could not read the input as a: line 3 is a mess')
  assert.equal(file.messages[0]?.fatal, true)
})

// The stall guard's clock and timers are the test's (vitest's fake timers): time passes only when a test moves it,
// so a loaded machine cannot make a steady reader look stalled, nor a stalled one look alive.
const fakeClock = (): void => {
  vi.useFakeTimers({toFake: ['setTimeout', 'clearTimeout', 'Date']})
}
afterEach(() => {
  vi.useRealTimers()
})

/** Whether `promise` has settled, as far as the promises already due have run. */
function settledFlag(promise: Promise<unknown>): {settled: boolean} {
  const flag = {settled: false}
  promise.then(
    () => (flag.settled = true),
    () => (flag.settled = true)
  )
  return flag
}

test('a parser whose stream never ends is failed as stalled at the limit, named, after what it yielded', async () => {
  fakeClock()
  const format = {
    ...fakeFormat('hangs', certain('hangs')),
    parse: async function* () {
      yield conversation('hangs', 'first', 'kept')
      await new Promise(() => {})
    }
  }
  const stalled = createNormalizer({builtins: [format], limits: {stallMs: 150}})
  const reading = await stalled.read(inputFromString('x', 'in.txt'))
  const conversations = reading.conversations[Symbol.asyncIterator]()
  assert.equal((await conversations.next()).value?.id, 'first')
  const next = conversations.next()
  const ended = settledFlag(next)
  await vi.advanceTimersByTimeAsync(149)
  assert.equal(ended.settled, false, 'failed before the limit')
  assert.equal(reading.file.messages.length, 0)
  await vi.advanceTimersByTimeAsync(1)
  assert.equal((await next).done, true)
  assert.equal(reading.file.messages.length, 1)
  assert.equal(reading.file.messages[0]?.ruleId, 'parse-stalled')
  assert.equal(
    reading.file.messages[0]?.reason,
    'Format `hangs` stalled: it neither read the input nor yielded a conversation for 0.15 s'
  )
})

/** A format that reads its input a byte at a time, waiting `pauses[n]` ms (default `pause`) before byte n + 1. */
function pausingReader(name: string, pause: number, pauses: Record<number, number> = {}) {
  return {
    ...fakeFormat(name, certain(name)),
    parse: async function* (input: Input) {
      let bytes = 0
      for await (const chunk of input.open()) {
        const wait = pauses[bytes] ?? pause
        bytes += chunk.byteLength
        await new Promise((resolve) => setTimeout(resolve, wait))
      }
      yield conversation(name, 'all', `${bytes} bytes`)
    }
  }
}

test('a steady but slow reader is never stalled however long it reads; one pause too long is', async () => {
  fakeClock()
  // A byte every 499 ms with a limit of 500: twelve bytes, six seconds, twelve limits in all.
  const steady = createNormalizer({builtins: [pausingReader('steady', 499)], limits: {stallMs: 500}})
  const read = steady.normalize(chunked('x'.repeat(12), 1, 'steady.txt'))
  await vi.advanceTimersByTimeAsync(12 * 499)
  const {file, conversations} = await read
  assert.deepEqual(file.messages, [])
  assert.deepEqual(
    conversations.map((item) => item.turns[0]?.parts[0]),
    [{type: 'text', text: '12 bytes'}]
  )
  // The same reader, once waiting 501 ms (after its sixth byte): failed there, when the limit has passed.
  const paused = createNormalizer({builtins: [pausingReader('paused', 499, {5: 501})], limits: {stallMs: 500}})
  const stalled = paused.normalize(chunked('x'.repeat(12), 1, 'paused.txt'))
  const ended = settledFlag(stalled)
  await vi.advanceTimersByTimeAsync(5 * 499 + 499)
  assert.equal(ended.settled, false, 'failed before the limit')
  await vi.advanceTimersByTimeAsync(1)
  const failed = await stalled
  assert.deepEqual(failed.conversations, [])
  assert.deepEqual(
    failed.file.messages.map((message) => message.ruleId),
    ['parse-stalled']
  )
})

test('with stallMs 0 nothing is timed: a slow parser is waited for', async () => {
  fakeClock()
  let release: () => void = () => {}
  const format = {
    ...fakeFormat('patient', certain('patient')),
    parse: async function* () {
      await new Promise<void>((resolve) => (release = resolve))
      yield conversation('patient', 'late', 'text')
    }
  }
  const patient = createNormalizer({builtins: [format], limits: {stallMs: 0}})
  const read = patient.normalize(inputFromString('x', 'in.txt'))
  const ended = settledFlag(read)
  // An hour without a byte or a conversation.
  await vi.advanceTimersByTimeAsync(60 * 60 * 1000)
  assert.equal(ended.settled, false)
  assert.equal(vi.getTimerCount(), 0, 'a timer was set')
  release()
  const {file, conversations} = await read
  assert.deepEqual(file.messages, [])
  assert.deepEqual(
    conversations.map((item) => item.id),
    ['late']
  )
})

test('time the reader of the conversations spends on each is not counted as the parser stalling', async () => {
  fakeClock()
  const format = {
    ...fakeFormat('quick', certain('quick')),
    parse: async function* () {
      for (const id of ['one', 'two', 'three']) {
        // Each conversation takes the parser 40 ms of the 60 it may go without yielding.
        await new Promise((resolve) => setTimeout(resolve, 40))
        yield conversation('quick', id, 'text')
      }
    }
  }
  const quick = createNormalizer({builtins: [format], limits: {stallMs: 60}})
  const reading = await quick.read(inputFromString('x', 'in.txt'))
  const ids: string[] = []
  const consumed = (async () => {
    for await (const read of reading.conversations) {
      ids.push(read.id)
      // A long note being written: three stall limits pass before the parser is asked for the next one.
      await new Promise((resolve) => setTimeout(resolve, 180))
    }
  })()
  await vi.advanceTimersByTimeAsync(3 * (40 + 180))
  await consumed
  assert.deepEqual(ids, ['one', 'two', 'three'])
  assert.deepEqual(reading.file.messages, [])
})

test('a parser that yields nothing is a failure, not an empty note', async () => {
  const format = {...fakeFormat('a', certain('a')), parse: async function* () {}}
  const {file} = await normalizer(format).normalize(inputFromString('x'))
  assert.equal(file.messages[0]?.reason, 'No conversation could be read from the input as a')
})

function normalizer(format: ReturnType<typeof fakeFormat>) {
  return createNormalizer({builtins: [format]})
}
