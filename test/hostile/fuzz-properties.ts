import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {extname} from 'node:path'
import type {Conversation} from 'chatmark'
import {
  convert,
  defaultLimits,
  inputFromBytes,
  normalizer,
  readJsonLines,
  readLines,
  sampleFromBytes,
  toNote,
  validateConversation
} from 'chatmark'
import fc from 'fast-check'
import {VFile} from 'vfile'
import {test} from 'vitest'
import {fixtureCases} from '../util/fixtures.js'
import {structureProblems} from '../util/structure.js'

// Property-based fuzz of the readers and the renderer (issue 11), as three tests sharing `totalRuns` generated
// inputs in proportion to their cost: fuzz.test.ts runs them in the default suite, the stress run
// (test/stress/fuzz.stress.test.ts) fifteen times longer. FUZZ_RUNS sets the number; FUZZ_SEED replays a run. A case
// that hangs fails its test's timeout, which is set far above what the cases need.
const seed = process.env['FUZZ_SEED'] === undefined ? undefined : Number(process.env['FUZZ_SEED'])
// A conversion or a render with its structure check costs about 6 ms, a reader case under 0.1 ms.
const share = {convert: 0.03, render: 0.03, readers: 0.94}

/**
 * Fragments that mean something to Markdown, YAML, HTML or a terminal, joined into message text, and line breaks
 * in tool names. The last two are lines of dashes that micromark and markdown-it read differently (an indented line
 * under a link definition, then `- `; an empty item after another list): either could forge a turn heading until
 * containMarkdown's settleUnderlines spelled every possible setext underline so no parser underlines with it.
 */
const hostileFragments = [
  '\n## User\n',
  '\n# Title\n',
  '\n---\n',
  '---\ntitle: x\n---\n',
  '\r',
  '\r\n',
  '\n\n',
  '```',
  '~~~',
  '> ',
  '> [!note]\n> ',
  '<details>',
  '</details>',
  '<!--',
  '-->',
  '<script>',
  '[x]: http://e.com',
  '|a|b|\n|-|-|\n',
  '\\',
  '*',
  '_',
  '#',
  '=====\n',
  '1. ',
  '\t',
  '\u0000',
  '\u001b[2J',
  '\u202e',
  '\uFEFF',
  '\uD800',
  '🙂',
  '%%',
  '$$',
  '{{',
  '[[x]]',
  '^[x]',
  'text',
  '[x]: http://e.com\n    indented\n- \n---\n',
  '*\n- \n---'
]
const hostileText = fc
  .array(fc.oneof({weight: 4, arbitrary: fc.constantFrom(...hostileFragments)}, fc.string({maxLength: 8})), {
    maxLength: 12
  })
  .map((parts) => parts.join(''))

/**
 * A value that replaces one in a record (also ./mutations.ts's `wrong JSON types`): wrong types, hostile strings,
 * nesting within the readers' limits.
 */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  {weight: 5, arbitrary: hostileText},
  fc.constantFrom(null, true, 0, -1, 1e308, '', [], {}, '2025-13-45T99:99:99Z', 'NaN'),
  fc.integer(),
  fc.nat({max: 60}).map((depth) => nested(depth)),
  fc.array(hostileText, {maxLength: 3}),
  fc.dictionary(fc.constantFrom('text', 'type', 'role', 'content', 'id', 'uuid'), hostileText, {maxKeys: 3})
)

function nested(depth: number): unknown {
  let value: unknown = 'deep'
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : {content: value}
  return value
}

export type Mutation = {path: number[]; op: 'drop' | 'replace' | 'text'; value: unknown}
const mutation: fc.Arbitrary<Mutation> = fc.record({
  path: fc.array(fc.nat(), {maxLength: 6}),
  op: fc.constantFrom('drop', 'replace', 'text'),
  value: hostileValue
})

/**
 * Applies a mutation to a copy of `record`: walks `path` (each step an index
 * into the keys there, modulo their count), then drops that field, replaces
 * it, or, for `text`, replaces the nearest string under it.
 */
export function mutate(record: unknown, {path, op, value}: Mutation): unknown {
  const root: unknown = structuredClone(record)
  let parent: Record<string, unknown> | unknown[] | undefined
  let key: string | number | undefined
  let node: unknown = root
  for (const step of path) {
    if (typeof node !== 'object' || node === null) break
    const keys: Array<string | number> = Array.isArray(node) ? node.map((_, index) => index) : Object.keys(node)
    if (keys.length === 0) break
    parent = node as Record<string, unknown> | unknown[]
    key = keys[step % keys.length]
    node = (parent as Record<string | number, unknown>)[key as string]
    if (op === 'text' && typeof node === 'string') break
  }
  if (parent === undefined || key === undefined) return op === 'replace' ? value : root
  const holder = parent as Record<string | number, unknown>
  if (op === 'drop') {
    if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1)
    else delete holder[key]
  } else if (op === 'replace' || typeof node === 'string') {
    holder[key] = op === 'text' && typeof value !== 'string' ? (JSON.stringify(value) ?? '') : value
  }
  return root
}

/** Real records of every JSON and JSONL fixture, a few per fixture: the shapes each format reads. */
interface Seed {
  name: string
  jsonl: boolean
  records: unknown[]
}
const seeds: Seed[] = []
for (const fixture of await fixtureCases()) {
  const extension = extname(fixture.input)
  if (fixture.isFolder || (extension !== '.json' && extension !== '.jsonl')) continue
  const text = await readFile(fixture.input, 'utf8')
  if (extension === '.jsonl') {
    const records = text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .slice(0, 12)
      .flatMap((line) => {
        try {
          return [JSON.parse(line) as unknown]
        } catch {
          return []
        }
      })
    seeds.push({name: `input${extension}`, jsonl: true, records})
  } else {
    const value: unknown = JSON.parse(text)
    seeds.push({name: `input${extension}`, jsonl: false, records: Array.isArray(value) ? value.slice(0, 6) : [value]})
  }
}

/** Real conversations (the fixtures' expected `conversation.json`), for the renderer. */
const conversations: Conversation[] = []
for (const fixture of await fixtureCases()) {
  const text = await readFile(`${fixture.dir}/conversation.json`, 'utf8').catch(() => undefined)
  if (text !== undefined) conversations.push(JSON.parse(text) as Conversation)
}

function assertNotes(notes: ReadonlyArray<{conversation: Conversation; markdown: string}>): void {
  for (const note of notes) {
    const problems = structureProblems(note.markdown, note.conversation)
    assert.deepEqual(problems, [])
  }
}

/** Defines the fuzz's three tests, `totalRuns` generated inputs among them. */
export function fuzzTests(totalRuns: number): void {
  const runs = (part: number): number => Math.max(1, Math.round(totalRuns * part))
  const timeout = (part: number): number => 60_000 + runs(part) * 30

  test('mutated records of every format convert or fail with a reason, notes keeping their structure', {
    timeout: timeout(share.convert)
  }, async () => {
    const input = fc.record({
      seed: fc.nat({max: seeds.length - 1}),
      edits: fc.array(fc.tuple(fc.nat(), fc.array(mutation, {minLength: 1, maxLength: 3})), {maxLength: 4})
    })
    await fc.assert(
      fc.asyncProperty(input, async ({seed: which, edits}) => {
        const chosen = seeds[which]
        assert.ok(chosen)
        const records = [...chosen.records]
        for (const [at, changes] of edits) {
          if (records.length === 0) break
          const index = at % records.length
          records[index] = changes.reduce(mutate, records[index])
        }
        const text = chosen.jsonl
          ? records.map((record) => JSON.stringify(record)).join('\n')
          : JSON.stringify(chosen.records.length === 1 && !Array.isArray(records[0]) ? records[0] : records)
        const result = await convert(normalizer, inputFromBytes(Buffer.from(text ?? ''), chosen.name))
        // Notes, or a message that says why there are none: a fatal one, or the format's word that the session holds
        // nothing to show (`empty-session`, a warning); never silence.
        const why = result.file.messages.filter((message) => message.fatal || message.ruleId === 'empty-session')
        assert.ok(result.notes.length > 0 || why.length > 0, 'no note and no reason')
        for (const message of result.file.messages) assert.ok(message.reason.length > 0)
        assertNotes(result.notes)
      }),
      {numRuns: runs(share.convert), ...(seed === undefined ? {} : {seed})}
    )
  })

  test('Markdown-hostile text in every kind of part renders with one frontmatter and one heading per turn', {
    timeout: timeout(share.render)
  }, async () => {
    const input = fc.record({
      conversation: fc.nat({max: conversations.length - 1}),
      texts: fc.array(hostileText, {minLength: 1, maxLength: 6}),
      title: hostileText
    })
    await fc.assert(
      fc.asyncProperty(input, async ({conversation: which, texts, title}) => {
        const conversation = structuredClone(conversations[which]) as Conversation
        conversation.title = title
        // Every string a writer may print, in turn: text, thinking, tool inputs and results, notices.
        let next = 0
        const visit = (node: unknown): void => {
          if (typeof node !== 'object' || node === null) return
          for (const [key, value] of Object.entries(node)) {
            // Something visible at the end: a turn of only invisible text (U+FEFF) is a turn to the renderer but
            // not to renderedTurnCount's /\S/, which is a difference of counting, not of structure.
            const text = `${texts[next % texts.length] ?? ''}x`
            if (typeof value !== 'string') visit(value)
            else if (['text', 'output', 'input', 'summary', 'subject'].includes(key)) {
              ;(node as Record<string, unknown>)[key] = text
              next++
            } else if (key === 'name') {
              ;(node as Record<string, unknown>)[key] = text
              next++
            }
          }
        }
        visit(conversation.turns)
        if (validateConversation(conversation) !== undefined) return
        const markdown = await toNote(conversation)
        assertNotes([{conversation, markdown}])
      }),
      {numRuns: runs(share.render), ...(seed === undefined ? {} : {seed})}
    )
  })

  test('the readers take any bytes: the sample, lines and JSON lines never throw and agree on line counts', {
    timeout: timeout(share.readers)
  }, async () => {
    const bytes = fc.oneof(
      fc.uint8Array({maxLength: 64}),
      fc
        .array(fc.oneof(hostileText, fc.constantFrom('{"a":1}', '[', ']', '\n', '\r\n', '\r', '\uFEFF')), {
          maxLength: 8
        })
        .map((parts) => new Uint8Array(Buffer.from(parts.join(''))))
    )
    await fc.assert(
      fc.asyncProperty(bytes, fc.boolean(), async (data, complete) => {
        {
          sampleFromBytes(data, {name: 'x.jsonl', complete})
          const input = inputFromBytes(data, 'x.jsonl')
          let lines = 0
          const onLongLine = (): void => {
            lines++
          }
          for await (const _line of readLines(input, {maxLineBytes: 32, onLongLine})) lines++
          let jsonLines = 0
          const options = {file: new VFile(), limits: {...defaultLimits, maxLineBytes: 32}, source: 'chatmark:fuzz'}
          for await (const line of readJsonLines(input, options)) if (line.line > jsonLines) jsonLines = line.line
          assert.ok(jsonLines <= lines, `JSON line ${jsonLines} of ${lines} lines`)
        }
      }),
      {numRuns: runs(share.readers), ...(seed === undefined ? {} : {seed})}
    )
  })
}
