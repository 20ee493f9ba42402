import assert, {AssertionError} from 'node:assert/strict'
import {cp, mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {test} from 'vitest'
import type {FormatPlugin} from 'chatmark'
import {checkDetection, checkGolden} from 'chatmark/test-kit'
import {fixturePath} from '../../../test/util/fixtures.js'

const example = new URL('../../../examples/custom-format/', import.meta.url)
const {default: ircFormat} = (await import(new URL('irc-format.js', example).href)) as {default: () => FormatPlugin}
const fixture = (name: string): string => fileURLToPath(new URL(`test/fixtures/${name}/`, example))
const basic = join(fixture('basic'), 'input.irclog')
const stray = join(fixture('stray-lines'), 'input.irclog')
const gemini = fixturePath('gemini/legacy-json/input.json')
const labels = fixturePath('plaintext/user-assistant-labels/input.txt')
const slack = fixturePath('slack/export/input')

/** The kit's failure, as the message a test runner would print. */
async function failure(check: Promise<unknown>): Promise<string> {
  const error = await check.then(
    () => undefined,
    (thrown: unknown) => thrown
  )
  assert.ok(error instanceof AssertionError, `expected an AssertionError, got ${String(error)}`)
  return error.message
}

test('checkDetection passes the example format and reports every verdict', async () => {
  const report = await checkDetection({format: ircFormat(), fixtures: [basic, stray], others: [gemini, labels, slack]})
  assert.deepEqual(
    report.fixtures.map((seen) => seen.verdict.confidence),
    ['certain', 'likely']
  )
  assert.equal(report.fixtures[1]?.verdict.reason, '5 of 6 lines are "[hh:mm] <nick> message"')
  assert.deepEqual(
    report.others.map((seen) => [seen.verdict.confidence, seen.detection.format]),
    [
      ['none', 'gemini'],
      ['none', 'plaintext'],
      ['none', 'slack']
    ]
  )
})

test(
  'checkDetection fails a format that answers certain for a Gemini session, naming the fixture and ' + 'why',
  async () => {
    const broken = ircFormat()
    const detect = broken.detect
    broken.detect = (sample) =>
      sample.kind === 'json' ? {confidence: 'certain', reason: 'any JSON will do'} : detect(sample)
    const message = await failure(checkDetection({format: broken, fixtures: [basic], others: [gemini, labels]}))
    assert.equal(
      message,
      'checkDetection(irc): 2 problems:\n' +
        `- ${gemini}: irc answers certain (any JSON will do) for another format's input, expected none or possible\n` +
        `- ${gemini}: irc takes the input from gemini: irc won a tie at certain with gemini by coming first in ` +
        'dispatch order: any JSON will do'
    )
  }
)

test('checkDetection fails a format that does not claim its own fixtures, or only ties for them', async () => {
  const shy = {...ircFormat(), detect: () => ({confidence: 'possible' as const, reason: 'could be'})}
  const message = await failure(checkDetection({format: shy, fixtures: [basic, labels]}))
  assert.match(message, /^checkDetection\(irc\): 3 problems:\n/)
  assert.ok(message.includes(`- ${basic}: irc answers possible (could be), expected certain or likely`), message)
  assert.ok(message.includes(`- ${labels}: irc does not win dispatch: plaintext gave the highest verdict`), message)

  const greedy = {...ircFormat(), detect: () => ({confidence: 'likely' as const, reason: 'labels'})}
  assert.match(
    await failure(checkDetection({format: greedy, fixtures: [labels]})),
    /irc wins only a tie at likely with plaintext, by dispatch order/
  )
  const loud = {...ircFormat(), name: 'loud', detect: () => ({confidence: 'certain' as const, reason: 'loud'})}
  assert.match(
    await failure(checkDetection({format: loud, fixtures: [gemini]})),
    /gemini also answers certain \(top-level sessionId/
  )
  assert.match(await failure(checkDetection({format: ircFormat(), fixtures: []})), /no fixtures given/)
  assert.match(
    await failure(checkDetection({format: ircFormat(), fixtures: ['no/such/input.irclog']})),
    /^fixture no\/such\/input.irclog does not exist$/
  )
})

test('checkGolden compares the notes and messages with the reviewed files', async () => {
  const report = await checkGolden({format: ircFormat(), input: stray, expected: fixture('stray-lines')})
  assert.equal(report.detection.format, 'irc')
  assert.deepEqual(
    report.notes.map((note) => note.fileName),
    ['output.md']
  )
  assert.equal(report.notes[0]?.conversation.id, 'input.irclog', 'the input is named by its base name')
  assert.deepEqual(report.messages, ['3:unknown-line: Line 3 is not "[hh:mm] <nick> message": skipped'])
  assert.deepEqual(report.written, [])
})

test('checkGolden fails on a changed note with the diff, and writes the files in update mode', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-kit-'))
  await cp(fixture('basic'), dir, {recursive: true})
  await writeFile(join(dir, 'output.md'), 'an old note\n')
  await writeFile(join(dir, 'output-2.md'), 'a conversation no longer there\n')
  await writeFile(join(dir, 'messages.txt'), '1:old: a message no longer given\n')
  const error = await checkGolden({format: ircFormat(), input: basic, expected: dir}).catch((thrown: unknown) => thrown)
  assert.ok(error instanceof AssertionError)
  assert.equal(
    error.message,
    `checkGolden(irc, ${basic}): ${join(dir, 'output.md')} differs from what the format produced now (after a ` +
      'deliberate change, run with `update: true` and review the files it writes)'
  )
  assert.equal(error.expected, 'an old note\n')
  assert.match(String(error.actual), /^## bob$/m)

  const updated = await checkGolden({format: ircFormat(), input: basic, expected: dir, options: {update: true}})
  assert.deepEqual(updated.written, [join(dir, 'output.md')])
  assert.deepEqual((await readdir(dir)).sort(), ['input.irclog', 'output.md'])
  assert.equal(
    await readFile(join(dir, 'output.md'), 'utf8'),
    await readFile(join(fixture('basic'), 'output.md'), 'utf8')
  )
  await checkGolden({format: ircFormat(), input: basic, expected: dir})

  await writeFile(join(dir, 'output-2.md'), 'a conversation no longer there\n')
  assert.match(
    await failure(checkGolden({format: ircFormat(), input: basic, expected: dir})),
    /output-2\.md in .*: reviewed notes for conversations the input no longer yields/
  )
  const empty = await mkdtemp(join(tmpdir(), 'chatmark-kit-'))
  assert.match(
    await failure(checkGolden({format: ircFormat(), input: basic, expected: empty})),
    /output\.md does not exist \(after a deliberate change, run with `update: true`/
  )
  const messages = await checkGolden({format: ircFormat(), input: stray, expected: empty, options: {update: true}})
  assert.deepEqual(messages.written, [join(empty, 'output.md'), join(empty, 'messages.txt')])
})

test('checkGolden fails when the format yields an invalid conversation, naming the field', async () => {
  const sloppy: FormatPlugin = {
    ...ircFormat(),
    async *parse(input, context) {
      for await (const conversation of ircFormat().parse(input, context)) {
        yield {...conversation, turns: [{role: 'user', parts: [{type: 'image', text: 'a cat'}]}]} as never
      }
    }
  }
  assert.equal(
    await failure(checkGolden({format: sloppy, input: basic, expected: fixture('basic')})),
    `checkGolden(irc, ${basic}): 1 problem:\n- invalid-conversation: Format \`irc\` yielded an invalid conversation ` +
      '`input.irclog`, skipped: turns[0].parts[0].type is "image", expected one of text, thinking, tool-call, ' +
      'attachment, code, quote, notice, branch'
  )
  assert.match(
    await failure(checkGolden({format: ircFormat(), input: gemini, expected: fixture('basic')})),
    /^checkGolden\(irc, .*\): 1 problem:\n- irc does not win dispatch: gemini gave the highest verdict/
  )
})
