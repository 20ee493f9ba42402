import assert from 'node:assert/strict'
import {test} from 'vitest'
import type {Conversation, EventNotice, NoticePart, Turn} from 'chatmark'
import {convert, noticeWords, normalizer} from 'chatmark'
import {fixtureCases, fixtureInput, readCaseOptions} from './util/fixtures.js'

// Notices are data, worded once (issue 26, item 3): a reader records what the tool recorded of an event every tool
// has (a compaction, an interruption, a failed request...), and core words it, so that every tool's note says the
// same words for it.

/** The kinds core words: the record's type makes the compiler keep the list whole. */
const eventKinds = new Set(
  Object.keys({
    compaction: true,
    interrupted: true,
    'api-error': true,
    fork: true,
    subagent: true,
    command: true,
    'shell-command': true,
    agent: true,
    subtask: true
  } satisfies Record<EventNotice['kind'], true>)
)

/** Every notice of some turns, in subagents and branches too. */
function* noticesOf(turns: readonly Turn[]): Generator<NoticePart> {
  for (const turn of turns) {
    for (const part of turn.parts) {
      if (part.type === 'notice') yield part
      else if (part.type === 'branch') yield* noticesOf(part.turns)
      else if (part.type === 'tool-call' && part.subagent) yield* noticesOf(part.subagent)
    }
  }
}

/** Each fixture's conversations with their notes. */
async function readFixtures(): Promise<Array<{name: string; conversation: Conversation; note: string}>> {
  const read: Array<{name: string; conversation: Conversation; note: string}> = []
  for (const fixture of await fixtureCases()) {
    const options = await readCaseOptions(fixture)
    const result = await convert(normalizer, await fixtureInput(fixture), {
      ...(options.format ? {formatOptions: options.format} : {}),
      ...(options.render ? {render: options.render} : {})
    })
    for (const note of result.notes)
      read.push({name: fixture.name, conversation: note.conversation, note: note.markdown})
  }
  return read
}

const fixtures = await readFixtures()

test('every reader records an event as data, and its note says the words core gives it', () => {
  for (const {name, conversation, note} of fixtures) {
    for (const notice of noticesOf(conversation.turns)) {
      if (notice.kind === undefined || !eventKinds.has(notice.kind)) continue
      assert.ok(!('text' in notice) && !('details' in notice), `${name}: a ${notice.kind} notice carries words`)
      const words = noticeWords(notice).text.split('\n')[0]!
      // The note escapes what Markdown would read as syntax; the words' letters stay in order.
      const letters = (text: string): string => text.replace(/[^\p{L}\p{N}]/gu, '')
      assert.ok(letters(note).includes(letters(words)), `${name}: the note does not say "${words}"`)
    }
  }
})

test('the compaction of every tool that records one is one notice, worded alike', () => {
  const formats = new Map<string, string[]>()
  for (const {conversation, note} of fixtures) {
    for (const notice of noticesOf(conversation.turns)) {
      if (notice.kind !== 'compaction') continue
      const words = noticeWords(notice).text
      assert.match(words, /^Conversation compacted(?: \([^)]+\))?(?::.*)?$/)
      assert.ok(note.includes(`> ${words}`), words)
      formats.set(conversation.source.format, [...(formats.get(conversation.source.format) ?? []), words])
    }
  }
  assert.deepEqual([...formats.keys()].sort(), [
    'claude',
    'cline',
    'codex',
    'continue',
    'copilot-cli',
    'crush',
    'cursor',
    'droid',
    'gemini',
    'opencode',
    'pi',
    'qwen'
  ])
  const compacted = (format: string): string[] => formats.get(format) ?? []
  assert.ok(compacted('claude').includes('Conversation compacted (manual, 3,885 tokens before)'))
  assert.ok(compacted('qwen').includes('Conversation compacted (manual, 8,528 → 5,726 tokens)'))
  assert.ok(compacted('opencode').includes('Conversation compacted (manual)'))
})

test('the typed fields of each kind come from what the tool recorded', () => {
  const seen: EventNotice[] = []
  const formats = new WeakMap<EventNotice, string>()
  for (const {conversation} of fixtures) {
    for (const notice of noticesOf(conversation.turns)) {
      if (notice.kind === undefined || !eventKinds.has(notice.kind)) continue
      seen.push(notice as EventNotice)
      formats.set(notice as EventNotice, conversation.source.format)
    }
  }
  /** Whether a notice of `format` has these fields (and maybe more). */
  const has = (format: string, fields: Record<string, unknown>): boolean =>
    seen.some(
      (notice) =>
        formats.get(notice) === format &&
        Object.entries(fields).every(([key, value]) => (notice as unknown as Record<string, unknown>)[key] === value)
    )
  const expected: Array<[string, Record<string, unknown>]> = [
    // Claude Code: `compact_boundary`'s `compactMetadata`, `[Request interrupted by user]`, `API Error: 400 ...`.
    ['claude', {kind: 'compaction', trigger: 'manual', tokensBefore: 3885}],
    ['claude', {kind: 'interrupted', by: 'user'}],
    ['claude', {kind: 'api-error', status: 400, message: 'Mock failure requested by prompt (MOCK_FAIL).'}],
    ['claude', {kind: 'command', name: '/compact'}],
    // Qwen Code: `chat_compression`'s `info`, a `qwen-code.api_error` event's status and type.
    ['qwen', {kind: 'compaction', trigger: 'manual', tokensBefore: 8528, tokensAfter: 5726}],
    ['qwen', {kind: 'api-error', status: 400, errorType: 'BadRequestError'}],
    // OpenCode: a manual `compaction` part, an `APIError` with its status.
    ['opencode', {kind: 'compaction', trigger: 'manual'}],
    ['opencode', {kind: 'api-error', status: 400}],
    // Codex: the TypeScript CLI's `/compact` left the earlier history out of the file; a spawned subagent.
    ['codex', {kind: 'compaction', historyRemoved: true}],
    ['codex', {kind: 'subagent', agent: '/root/count_items', nickname: 'Epicurus', copiedTurns: 3}],
    ['codex', {kind: 'fork'}],
    ['claude', {kind: 'fork', copiedTurns: 8}],
    // Gemini CLI and aider: commands as typed, split into name and arguments; aider's `!` is shell mode.
    ['gemini', {kind: 'command', name: '/chat', args: 'save demo-tag'}],
    ['aider', {kind: 'command', name: '/add', args: 'notes.txt'}],
    ['aider', {kind: 'shell-command', command: 'ls'}]
  ]
  for (const [format, fields] of expected) assert.ok(has(format, fields), `${format}: ${JSON.stringify(fields)}`)
})
