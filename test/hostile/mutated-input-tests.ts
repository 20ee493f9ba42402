import assert from 'node:assert/strict'
import {createHash} from 'node:crypto'
import {mkdir, mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {convert, inputFromBytes, normalizer} from 'chatmark'
import {parse as parseYaml} from 'yaml'
import {test} from 'vitest'
import {runInstalled} from '../util/installed.js'
import {parseNote, renderedTurnCount, structureProblems} from '../util/structure.js'
import type {Mutated} from './mutations.js'
import {mutatedInputs, mutations, sources} from './mutations.js'

/** `MUTATION_SEED` replays another run of the same length. */
const seed = Number(process.env['MUTATION_SEED'] ?? 25)

/**
 * Notes whose structure was found sound, by their text's hash: many kinds of damage leave a file's notes as they
 * were (a blank at a line's end, a flipped byte in a string that is not shown), so the same note comes back in
 * every round, and parsing it again (the costliest step here) would check nothing new.
 */
const soundNotes = new Set<string>()

/** How an input ended: in notes of a sound structure, or in a failure that says why; never in an exception. */
export async function outcome(input: Pick<Mutated, 'bytes' | 'name'>): Promise<'notes' | 'failed'> {
  const result = await convert(normalizer, inputFromBytes(input.bytes, input.name))
  const fatal = result.file.messages.filter((message) => message.fatal)
  if (fatal.length > 0) {
    for (const message of fatal) assert.ok(message.reason.length > 10, `a reason for ${input.name}`)
    assert.equal(result.notes.length, 0, input.name)
    return 'failed'
  }
  // A session cut before its first message holds nothing: its format says so (`empty-session`), and no note is due.
  if (result.notes.length === 0 && result.file.messages.some((message) => message.ruleId === 'empty-session')) {
    return 'failed'
  }
  assert.ok(result.notes.length > 0, `${input.name}: no failure and no note`)
  for (const note of result.notes) {
    // The turns it should show count too: the same text from a conversation of other turns is not sound.
    const text = createHash('sha256').update(note.markdown).digest('base64')
    const hash = `${renderedTurnCount(note.conversation)} ${text}`
    if (soundNotes.has(hash)) continue
    assert.deepEqual(structureProblems(note.markdown, note.conversation), [], input.name)
    soundNotes.add(hash)
  }
  return 'notes'
}

/** What the command prints when something broke inside it, rather than a message about an input. */
const internalError = new RegExp(
  [
    String.raw`\n\s+at `,
    'Cannot find module',
    'TypeError',
    'RangeError',
    'ReferenceError',
    'SyntaxError: Unexpected',
    'is not a function',
    'of undefined',
    'Maximum call stack',
    'out of memory'
  ].join('|')
)

/**
 * Defines the tests of damaged real files (./mutations.ts): `rounds` damaged copies of every file input of the
 * fixtures and the corpus by every kind of damage that applies, converted in this process (each ends in notes
 * whose structure is sound, or in a failure with a reason; a hang fails the test's time limit), and the first
 * round written to a folder and converted by the installed command, in worker threads, as a user runs it
 * (`installed`: the stress run does that one; the default suite's installed tests read the fixtures undamaged).
 */
export function mutatedInputTests(rounds: number, {installed}: {installed: boolean}): void {
  test(`${rounds} rounds of every kind of damage to every real file convert, or fail with a reason`, {
    timeout: 120_000 + rounds * 60_000
  }, async () => {
    const all = await sources()
    const counts = new Map<string, {notes: number; failed: number}>(
      mutations.map((kind) => [kind.name, {notes: 0, failed: 0}])
    )
    for (const input of mutatedInputs(all, rounds, seed)) {
      const count = counts.get(input.mutation)
      assert.ok(count)
      count[await outcome(input)]++
    }
    const total = [...counts.values()].reduce((sum, count) => sum + count.notes + count.failed, 0)
    console.log(
      `${total} damaged inputs, converted to notes of each kind: ${[...counts]
        .map(([kind, {notes, failed}]) => `${kind} ${notes}/${notes + failed}`)
        .join(', ')}`
    )
    // Every kind ran on every source it applies to, and most damage leaves something to read.
    for (const [kind, {notes, failed}] of counts) {
      assert.ok(notes + failed >= rounds * 100, `${kind}: ${notes + failed} inputs`)
      assert.ok(notes > 0, `${kind}: some damaged inputs still give notes`)
    }
  })

  if (!installed) return
  test('the installed command converts a folder of damaged files: no crash, no stack trace, sound notes', {
    timeout: 600_000
  }, async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chatmark-mutated-'))
    await mkdir(join(dir, 'in'))
    const written: string[] = []
    for (const input of mutatedInputs(await sources(), 1, seed)) {
      await writeFile(join(dir, 'in', input.name), input.bytes)
      written.push(input.name)
    }
    const run = await runInstalled(['--time-limit', '120', '-o', 'out', 'in'], {cwd: dir})
    assert.ok(run.code === 0 || run.code === 1, `exit ${run.code}: ${run.stderr.slice(0, 2000)}`)
    assert.doesNotMatch(run.stderr, internalError)
    // Each message names the input it is about (and, for a line, its number), or sums up.
    for (const line of run.stderr.trimEnd().split('\n').filter(Boolean)) {
      assert.match(line, /^in\/\d{5}-[^:]+(?::\d+)?: /, line)
    }
    const notes = (await readdir(join(dir, 'out'))).filter((name) => name.endsWith('.md'))
    assert.ok(notes.length > written.length / 2, `${notes.length} notes from ${written.length} inputs`)
    for (const name of notes) {
      const tree = parseNote(await readFile(join(dir, 'out', name), 'utf8'))
      const [first] = tree.children
      assert.equal(first?.type, 'yaml', `${name} starts with its frontmatter`)
      assert.equal(tree.children.filter((node) => node.type === 'yaml').length, 1, name)
      assert.doesNotThrow(() => parseYaml(first.type === 'yaml' ? first.value : ''), name)
      const titles = tree.children.filter((node) => node.type === 'heading' && node.depth === 1)
      assert.equal(titles.length, 1, `${name}: one title`)
    }
  })
}
