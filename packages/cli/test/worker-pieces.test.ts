import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {mkdir, mkdtemp, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {MessageChannel, type MessagePort} from 'node:worker_threads'
import {inputFromPath} from '@chatmark/core'
import type {SourceEvent} from '@chatmark/vault'
import {afterAll, beforeAll, test} from 'vitest'
import {readCommandLine} from '../src/args/command-line.js'
import {normalizer} from '../src/formats/default-normalizer.js'
import type {EntrySink, FolderNote} from '../src/convert/entry-sink.js'
import type {PartsJob} from '../src/convert/convert-parts.js'
import {convertPartsJob} from '../src/convert/convert-parts-job.js'
import {entryContext} from '../src/convert/entry-context.js'
import type {EntryEvent} from '../src/convert/entry-events.js'
import {postingSink, replayEvent} from '../src/convert/entry-events.js'
import {heldEvents} from '../src/pool/held-events.js'
import {readSourceJob} from '../src/sync/read-source-job.js'
import {workerChannel} from '../src/pool/worker-channel.js'
import type {FromWorker} from '../src/pool/worker-pool.js'
import {repoRoot} from './run-cli.js'

// What workers run, run here in the test's own thread (the pool's own tests, jobs.test.ts, run it in workers).

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chatmark-worker-pieces-'))
})
afterAll(async () => {
  await rm(dir, {recursive: true, force: true})
})

/** A sink that records what it is given, as the main thread's would write it. */
function recordingSink(): {sink: EntrySink; said: string[]; notes: {name: string; text: string; sha256: string}[]} {
  const said: string[] = []
  const notes: {name: string; text: string; sha256: string}[] = []
  const text = (chunks: Iterable<string>): string => [...chunks].join('')
  const sink: EntrySink = {
    stdout: async (chunks) => void said.push(`out:${text(chunks)}`),
    stderr: (line) => void said.push(`err:${line}`),
    print: async (chunks) => void said.push(`print:${text(chunks)}`),
    async note({name, content}: FolderNote) {
      const bytes =
        'bytes' in content
          ? content.bytes
          : 'staged' in content
            ? await readFile(content.staged.path)
            : 'chunks' in content
              ? new TextEncoder().encode(text(content.chunks))
              : assert.fail(content.failed.message)
      const sha256 = createHash('sha256').update(bytes).digest('hex')
      if ('bytes' in content) assert.equal(content.sha256, sha256)
      notes.push({name, text: new TextDecoder().decode(bytes), sha256})
    },
    matched: () => void said.push('matched'),
    failed: () => void said.push('failed'),
    closed: () => false,
    progress: () => ({read() {}, conversation() {}, stop() {}})
  }
  return {sink, said, notes}
}

test('what a worker posts replays on the main thread as the same calls; a note crosses as hashed bytes', async () => {
  const posted: EntryEvent[] = []
  let transferred = 0
  const worker = postingSink(async (events, _bytes, transfer) => {
    posted.push(...events)
    transferred += transfer?.length ?? 0
  })
  await worker.stdout(['a ', 'line\n'])
  worker.stderr('a warning\n')
  await worker.print(['# A note\n'])
  await worker.note({
    input: 'in.json',
    name: 'a.md',
    id: 'c1',
    content: {chunks: ['# Tïtle\n', 'text\n']},
    link: {href: '', title: 'T', format: 'x', turns: 1}
  })
  worker.matched()
  worker.failed()
  assert.equal(worker.closed(), false)
  assert.equal(transferred, 1)
  const {sink, said, notes} = recordingSink()
  for (const event of posted) await replayEvent(event, sink)
  assert.deepEqual(said, ['out:a line\n', 'err:a warning\n', 'print:# A note\n', 'matched', 'failed'])
  assert.deepEqual(notes, [
    {name: 'a.md', text: '# Tïtle\ntext\n', sha256: createHash('sha256').update('# Tïtle\ntext\n').digest('hex')}
  ])
})

/** The main thread's end of a worker's port: what it received, and a wait for a message to arrive. */
function mainEnd(port: MessagePort): {
  received: FromWorker[]
  arrival(which: (message: FromWorker) => boolean): Promise<void>
} {
  const received: FromWorker[] = []
  let waiters: {which: (message: FromWorker) => boolean; arrived: () => void}[] = []
  port.on('message', (message: FromWorker) => {
    received.push(message)
    const arrived = waiters.filter((waiter) => waiter.which(message))
    waiters = waiters.filter((waiter) => !waiter.which(message))
    for (const waiter of arrived) waiter.arrived()
  })
  return {
    received,
    arrival: (which) =>
      received.some(which) ? Promise.resolve() : new Promise((arrived) => waiters.push({which, arrived}))
  }
}

test('a worker waits while the main thread has not taken its credit, and runs its jobs one at a time', async () => {
  const {port1: main, port2: worker} = new MessageChannel()
  const {received, arrival} = mainEnd(main)
  const channel = workerChannel(worker, 100)
  const ran: number[] = []
  // What the jobs assert fails the test at once (`serve` does not say how its handler ended).
  let failed: (error: unknown) => void = () => {}
  const failure = new Promise<never>((_, reject) => (failed = reject))
  channel.serve(async (index) => {
    try {
      ran.push(index)
      await channel.send(index, ['small'], 60)
      // Over the credit: this send waits for an acknowledgement.
      let resumed = false
      const waiting = channel.send(index, ['large'], 60).then(() => (resumed = true))
      // Had it not waited, it would have resumed before its message could reach the main thread.
      await arrival((message) => message.type === 'events' && message.index === index && message.events[0] === 'large')
      assert.equal(resumed, false)
      assert.deepEqual(ran, index === 0 ? [0] : [0, 1])
      main.postMessage({type: 'ack', bytes: 120})
      await waiting
      channel.done(index)
    } catch (error) {
      failed(error)
    }
  })
  main.postMessage({type: 'job', index: 0, job: {}})
  main.postMessage({type: 'job', index: 1, job: {}})
  await Promise.race([arrival((message) => message.type === 'done' && message.index === 1), failure])
  main.close()
  assert.deepEqual(ran, [0, 1])
  assert.deepEqual(
    received.map((message) => (message.type === 'events' ? `${message.index}:${message.events[0]}` : message.type)),
    ['ready', '0:small', '0:large', 'done', '1:small', '1:large', 'done']
  )
})

test('held events go in few messages, the last with the end of the job', async () => {
  const {port1: main, port2: worker} = new MessageChannel()
  const {received, arrival} = mainEnd(main)
  const channel = workerChannel(worker, 1_000_000)
  channel.serve(async (index) => {
    const held = heldEvents((events, bytes) => channel.send(index, events, bytes), 100)
    for (const text of ['a', 'b', 'c', 'd', 'e']) await held.hold([{kind: 'print', text}], 40)
    const last = held.take()
    channel.done(index, last.events, last.bytes)
  })
  main.postMessage({type: 'job', index: 0, job: {}})
  await arrival((message) => message.type === 'done' || (message.type === 'events' && message.done === true))
  main.close()
  // Three events come to 120 bytes, over the 100 held at most: sent; the other two go with the end.
  assert.deepEqual(
    received.map((message) =>
      message.type === 'events'
        ? `${message.events.map((event) => (event as {text: string}).text).join('')}${message.done ? ' done' : ''}`
        : message.type
    ),
    ['ready', 'abc', 'de done']
  )
})

test('a source read for a sync sends its notes rendered and redacted, then how it ended', async () => {
  const session = join(dir, 'session.jsonl')
  const source = join(repoRoot, 'packages/format-codex/fixtures/fork/input.jsonl')
  const key = `sk-ant-api03-${'A'.repeat(93)}AA`
  await writeFile(session, (await readFile(source, 'utf8')).replace('what was the first thing', `${key} what was`))
  const setup = {redact: true, only: [], use: [], cwd: dir}
  const options = {formatOptions: {}, prepare: {render: {profile: 'obsidian' as const, timeZone: 'UTC'}}}
  const read = async (path: string, strict = false, redact = true): Promise<SourceEvent[]> => {
    const events: SourceEvent[] = []
    await readSourceJob(
      {kind: 'source', source: {path, strict}, options},
      normalizer,
      {...setup, redact},
      async (sent) => {
        events.push(...sent)
      }
    )
    return events
  }
  const events = await read(session)
  assert.deepEqual(events.at(-1), {type: 'end', file: session})
  const notes = events.flatMap((event) => (event.type === 'note' ? [event.note] : []))
  assert.equal(notes.length, 1)
  assert.match(notes[0]?.text ?? '', /^---\ntitle: /)
  assert.match(notes[0]?.text ?? '', /\[redacted: Anthropic API key\] what was/)
  assert.ok(!JSON.stringify(events).includes(key), 'redacted')
  // `--only` is applied in the worker: a conversation it leaves out is said to be left out, not rendered.
  const only: SourceEvent[] = []
  await readSourceJob(
    {kind: 'source', source: {path: session, strict: false}, options},
    normalizer,
    {...setup, only: ['no such title']},
    async (sent) => void only.push(...sent)
  )
  assert.deepEqual(
    only.map((event) => event.type),
    ['left-out', 'end']
  )
  const broken = join(dir, 'broken.jsonl')
  await writeFile(broken, '\u0000\u0001 not a session')
  // Named, it is read and fails; found in a folder (strict), it is skipped with the reason.
  const failed = await read(broken, false, false)
  assert.equal(failed.length, 1)
  assert.ok(failed[0]?.type === 'end' && failed[0].fatal !== undefined)
  const skipped = await read(broken, true, false)
  assert.equal(skipped.length, 1)
  assert.equal(skipped[0]?.type, 'skipped')
  const gone = await read(join(dir, 'gone.jsonl'), false, false)
  assert.match(String(gone[0]?.type === 'end' && gone[0].fatal), /ENOENT|no such file/)
})

test('a job of parts sends each part’s notes, then its count and messages', async () => {
  const path = join(repoRoot, 'packages/format-chatgpt/fixtures/odd-conversations/input.json')
  // With -o, the worker writes each note to a temporary file of the folder, for the main thread to name.
  await mkdir(join(dir, 'notes'))
  for (const flags of [['-o', join(dir, 'notes')], ['--json']]) {
    const {args, normalizer} = await readCommandLine([...flags, path], repoRoot)
    const context = await entryContext(args, normalizer, repoRoot)
    const reading = await normalizer.read(await inputFromPath(path), {inParts: true})
    assert.ok(reading.parts)
    const parts = []
    for await (const part of reading.parts) parts.push(part)
    const job: PartsJob = {kind: 'parts', path, name: path, format: 'chatgpt', parts}
    const events: EntryEvent[] = []
    // What it sent along the way, then what it leaves to send with the job's end.
    const last = await convertPartsJob(job, context, async (sent) => void events.push(...sent))
    events.push(...last.events)
    const ends = events.filter((event) => event.kind === 'part-end')
    assert.equal(ends.length, parts.length)
    assert.equal(
      ends.reduce((sum, event) => sum + (event.kind === 'part-end' ? event.conversations : 0), 0),
      3
    )
    const warned = ends.flatMap((event) => (event.kind === 'part-end' ? event.messages.map((m) => m.ruleId) : []))
    assert.ok(warned.includes('empty-conversation') && warned.includes('not-a-conversation'), warned.join(', '))
    const kind = flags[0] === '--json' ? 'json' : 'note'
    const made = events.filter((event) => event.kind === kind)
    assert.equal(made.length, 3, kind)
    for (const event of made) {
      if (event.kind !== 'note') continue
      assert.ok('staged' in event.content)
      const {path: temporary, sha256} = event.content.staged
      assert.equal(
        createHash('sha256')
          .update(await readFile(temporary))
          .digest('hex'),
        sha256
      )
    }
  }
})
