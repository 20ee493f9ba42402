import assert from 'node:assert/strict'
import {appendFileSync} from 'node:fs'
import {appendFile, cp, mkdir, mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {FormatPlugin, Input} from '@chatmark/core'
import {builtinFormats, convert, createNormalizer, inputFromPath, normalizer} from 'chatmark'
import {sync} from '@chatmark/vault'
import {test} from 'vitest'
import {structureProblems} from '../util/structure.js'

// A session file that grows while chatmark reads it (issue 25: "a source appended while read"), as a tool writing
// its log does: lines appended, the last one half written. What was there when the read began is read, the half
// line costs only itself (a warning naming it), nothing crashes, and the next run reads the rest; a sync marks
// such a source as read in part, so the next sync reads it again.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))
const sessionId = '332611b8-4087-47be-a219-9e760a6ae6e0'

/** A Claude Code session in a fresh home's project folder. */
async function claudeHome(): Promise<{home: string; session: string}> {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-growing-'))
  const session = join(home, '.claude/projects/-work-demo/session.jsonl')
  await mkdir(join(home, '.claude/projects/-work-demo'), {recursive: true})
  await cp(join(packages, 'format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'), session)
  return {home, session}
}

/** User turns chained to the session's last message and to one another, as Claude Code appends them: a line each. */
async function nextRecords(session: string, ...turns: string[]): Promise<string[]> {
  const lines = (await readFile(session, 'utf8')).trimEnd().split('\n')
  const last = [...lines].reverse().find((line) => line.includes('"uuid"')) ?? ''
  let parentUuid = (JSON.parse(last) as {uuid: string}).uuid
  return turns.map((words, index) => {
    const uuid = `00000000-0000-4000-8000-${String(lines.length + index).padStart(12, '0')}`
    const record = {
      type: 'user',
      uuid,
      parentUuid,
      isSidechain: false,
      sessionId,
      timestamp: '2026-11-30T12:00:00.000Z'
    }
    parentUuid = uuid
    return `${JSON.stringify({...record, message: {role: 'user', content: words}})}\n`
  })
}

/** `input`, whose file has `append` written to its end once the first chunk of a read of it has been handed out. */
function growingWhileRead(input: Input, append: () => void): Input {
  let grown = false
  return {
    ...input,
    async *open() {
      for await (const chunk of input.open()) {
        yield chunk
        if (!grown) {
          grown = true
          append()
        }
      }
    }
  }
}

test('a session that grows while it is converted: what was there is read, a half-written line is a warning', {
  timeout: 120_000
}, async () => {
  const {session} = await claudeHome()
  const before = await convert(normalizer, await inputFromPath(session))
  const turns = before.notes[0]?.conversation.turns.length ?? 0
  assert.ok(turns > 0)
  const [added = '', pending = ''] = await nextRecords(
    session,
    'A question asked while the file was read.',
    'Half written'
  )
  const half = pending.slice(0, 60)
  const input = growingWhileRead(await inputFromPath(session), () => appendFileSync(session, `${added}${half}`))
  const during = await convert(normalizer, input)
  assert.deepEqual(during.file.messages.filter((message) => message.fatal).map(String), [])
  const [note] = during.notes
  assert.ok(note)
  assert.ok(note.conversation.turns.length >= turns, 'every turn there when the read began is read')
  assert.deepEqual(structureProblems(note.markdown, note.conversation), [])
  // The line cut where the writer stopped costs only itself, named by its number.
  const lines = (await readFile(session, 'utf8')).split('\n').length
  const cut = during.file.messages.filter((message) => message.ruleId === 'malformed-line')
  assert.ok(
    cut.every((message) => message.line === lines),
    cut.map(String).join('\n')
  )
  // The writer finishes its line: the next read has all of it.
  await appendFile(session, pending.slice(60))
  const after = await convert(normalizer, await inputFromPath(session))
  assert.deepEqual(after.file.messages.map(String), [])
  assert.match(after.notes[0]?.markdown ?? '', /A question asked while the file was read\.[\s\S]*Half written/)
})

test('a session that grows while a sync reads it is read again by the next sync, into the same note', {
  timeout: 120_000
}, async () => {
  const {home, session} = await claudeHome()
  const vault = join(home, 'vault')
  const [claude] = builtinFormats().filter((format) => format.name === 'claude')
  assert.ok(claude)
  let append: (() => void) | undefined
  // The built-in reader, whose input grows as the tool writes to it (a format of this name replaces the built-in).
  const growing: FormatPlugin = {
    ...claude,
    parse: (input, context) => claude.parse(append ? growingWhileRead(input, append) : input, context)
  }
  const options = {vault, normalizer: createNormalizer({formats: [growing]}), inputs: [session], defaults: false}
  const render = {timeZone: 'UTC'}
  const [added = ''] = await nextRecords(session, 'Asked while the sync read the file.')
  append = () => appendFileSync(session, added.slice(0, 50))
  const first = await sync({...options, render})
  assert.equal(first.counts.new, 1)
  assert.equal(first.counts.failed, 0)
  append = undefined
  await appendFile(session, added.slice(50))
  const second = await sync({...options, render})
  assert.equal(second.counts.updated, 1, 'the source read in part is read again')
  const notes = (await readdir(join(vault, 'claude-code'), {recursive: true})).filter((name) =>
    /\d\/.*\.md$/.test(name)
  )
  assert.equal(notes.length, 1, notes.join(', '))
  assert.match(
    await readFile(join(vault, 'claude-code', notes[0] ?? ''), 'utf8'),
    /Asked while the sync read the file\./
  )
  const third = await sync({...options, render})
  assert.deepEqual([third.counts.updated, third.sourcesRead], [0, 0])
})

test('a source that changes while it is read is read again by the next sync', {timeout: 120_000}, async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-growing-'))
  const vault = join(home, 'vault')
  // A format of the person's own that appends to its input as it reads it, as a tool writing its log would.
  const log = join(home, 'live.log')
  await writeFile(log, 'LIVE first\n')
  const live: FormatPlugin = {
    name: 'live',
    description: 'a log that grows while it is read',
    extensions: ['.log'],
    detect: (sample) =>
      sample.kind === 'text' && sample.text.startsWith('LIVE')
        ? {confidence: 'certain', reason: 'starts with LIVE'}
        : {confidence: 'none', reason: 'no'},
    async *parse(input) {
      let text = ''
      for await (const chunk of input.open()) text += Buffer.from(chunk).toString('utf8')
      const lines = text.trim().split('\n')
      if (lines.length === 1) await appendFile(log, 'LIVE second\n')
      yield {
        id: 'live-1',
        title: 'A live log',
        source: {format: 'live'},
        participants: [],
        metadata: {},
        turns: lines.map((line) => ({role: 'user' as const, parts: [{type: 'text' as const, text: line}]})),
        fidelity: {}
      }
    }
  }
  const options = {vault, normalizer: createNormalizer({formats: [live]}), inputs: [log], defaults: false}
  const render = {timeZone: 'UTC'}
  const first = await sync({...options, render})
  assert.equal(first.counts.new, 1)
  const second = await sync({...options, render})
  assert.equal(second.counts.updated, 1, 'the line written during the first read is in')
  const notes = (await readdir(join(vault, 'live'), {recursive: true})).filter((name) => name.endsWith('A live log.md'))
  assert.equal(notes.length, 1)
  assert.match(await readFile(join(vault, 'live', notes[0] ?? ''), 'utf8'), /LIVE second/)
  const third = await sync({...options, render})
  assert.deepEqual([third.counts.updated, third.sourcesRead], [0, 0])
})
