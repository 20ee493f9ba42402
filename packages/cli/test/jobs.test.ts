import assert from 'node:assert/strict'
import {cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, beforeAll, test} from 'vitest'
import {runInstalled} from '../../../test/util/installed.js'
import {linesFormat, listedTitles} from './lines-format.js'
import {repoRoot, runCli as runHere} from './run-cli.js'

// `--jobs`: inputs converted by worker threads give exactly what one thread gives, and a worker
// that crashes or hangs costs its input only.

/**
 * `chatmark ARGS`: with `-j 1` in this process, through the sources (the reference, and under coverage);
 * with workers, by the installed package, whose workers are the bundle's (in this process, each worker
 * would load every TypeScript source through tsx).
 */
async function runCli(args: string[]): Promise<{code: number; stdout: string; stderr: string}> {
  const jobs = args.indexOf('-j')
  if (jobs !== -1 && args[jobs + 1] === '1') return runHere(args)
  const {code, stdout, stderr} = await runInstalled(args, {cwd: repoRoot})
  return {code: code ?? -1, stdout, stderr}
}

let dir: string
let inputs: string

/**
 * The `--time-limit` of the runs where a worker hangs, in seconds: what does not hang ends far within it, however
 * loaded the machine (a job here takes well under a second at a load of 10 on 2 cores). A hang costs the run that
 * long (twice, for a part: with its group, then alone).
 */
const timeLimit = 5

/** Fixture sessions of several tools, two of them the same conversation (the second note is numbered). */
const sessions = [
  'packages/format-claude/fixtures/claude-code/flat-no-parents/input.jsonl',
  'packages/format-codex/fixtures/fork/input.jsonl',
  'packages/format-gemini/fixtures/legacy-json/input.json',
  'packages/format-chatgpt/fixtures/odd-conversations/input.json',
  'packages/format-codex/fixtures/truncated-line/input.jsonl'
]

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chatmark-jobs-'))
  inputs = join(dir, 'sessions')
  await mkdir(inputs)
  for (const [index, session] of sessions.entries()) {
    await cp(join(repoRoot, session), join(inputs, `${index}-${session.split('/').at(-1)}`))
  }
  // The same Gemini session again: the same note name, numbered in input order.
  await cp(join(repoRoot, sessions[2]!), join(inputs, '9-again.json'))
  // A file no format reads (skipped in its place) and one that breaks off (its warnings in their place).
  await writeFile(join(inputs, '5-notes.json'), '{"not": "a session"}\n')
})

afterAll(async () => {
  await rm(dir, {recursive: true, force: true})
})

test('notes written with 3 workers are the ones 1 thread writes: same names, same bytes, same output', async () => {
  const one = await runCli(['-j', '1', '-o', join(dir, 'one'), inputs])
  const three = await runCli(['-j', '3', '-o', join(dir, 'three'), inputs])
  assert.equal(three.code, one.code)
  assert.equal(three.stdout.replaceAll(join(dir, 'three'), join(dir, 'one')), one.stdout)
  assert.equal(three.stderr, one.stderr)
  assert.match(one.stderr, /5-notes\.json: skipped/)
  const names = (await readdir(join(dir, 'one'))).sort()
  assert.deepEqual((await readdir(join(dir, 'three'))).sort(), names)
  assert.ok(
    names.some((name) => /-2\.md$/.test(name)),
    names.join(', ')
  )
  assert.ok(one.stdout.trim().split('\n').length > sessions.length, one.stdout)
  for (const name of names) {
    if (name.startsWith('.')) continue
    assert.equal(await readFile(join(dir, 'three', name), 'utf8'), await readFile(join(dir, 'one', name), 'utf8'))
  }
})

test('with workers, notes on stdout, --json and --explain come in input order, as from one thread', async () => {
  for (const flags of [[], ['--json'], ['--explain']]) {
    const one = await runCli(['-j', '1', ...flags, inputs])
    const two = await runCli(['-j', '2', ...flags, inputs])
    assert.deepEqual(two, one, flags.join(' '))
    assert.ok(one.stdout.length > 0)
  }
})

test('a worker that crashes or hangs fails its input only; the others are converted, in order', async () => {
  const format = join(dir, 'trouble.mjs')
  // Reads `.trouble` files: `ok` gives a note, `crash` ends the worker thread, `throw` throws outside the
  // reader (which then waits for good), `hang` never returns (it waits on memory no one else has: no processor
  // time is spent meanwhile).
  await writeFile(
    format,
    `export default {name: 'trouble', description: 'x', extensions: ['.trouble'],
      detect: (sample) => sample.extension === '.trouble'
        ? {confidence: 'certain', reason: 'a .trouble file'} : {confidence: 'none', reason: 'no'},
      async *parse(input) {
        const text = Buffer.from(await input.head(100)).toString('utf8').trim()
        if (text === 'crash') process.exit(3)
        if (text === 'throw') setImmediate(() => { throw new Error('thrown outside the reader') })
        if (text === 'throw') await new Promise(() => {})
        if (text === 'hang') Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0)
        yield {id: input.name, title: input.name.slice(input.name.lastIndexOf('/') + 1),
          source: {format: 'trouble'}, participants: [], metadata: {}, fidelity: {},
          turns: [{role: 'user', parts: [{type: 'text', text}]}]}
      }}\n`
  )
  const folder = join(dir, 'trouble')
  await mkdir(folder)
  for (const [name, text] of Object.entries({a: 'ok', b: 'crash', c: 'hang', d: 'ok', e: 'throw', f: 'ok'})) {
    await writeFile(join(folder, `${name}.trouble`), `${text}\n`)
  }
  const {code, stdout, stderr} = await runCli([
    '--use',
    format,
    '-j',
    '2',
    '--time-limit',
    String(timeLimit),
    '-o',
    join(dir, 'out'),
    folder
  ])
  assert.equal(code, 1, stderr)
  // Every input once, in order: three notes, three failures naming their input and why. Two workers take `a` and
  // `b`, and are sent `c` and `d` ahead: `d`, never started by the worker that crashed on `b`, is run by another.
  assert.deepEqual(
    stdout
      .split('\n')
      .filter(Boolean)
      .map((line) => line.split('/').at(-1)),
    ['a-trouble.md', 'd-trouble.md', 'f-trouble.md'],
    stderr
  )
  const lines = stderr.split('\n').filter(Boolean)
  assert.equal(lines.length, 3, stderr)
  assert.match(lines[0]!, /b\.trouble: the worker converting it stopped \(exit code 3\)/)
  assert.match(
    lines[1]!,
    new RegExp(`c\\.trouble: stopped after ${timeLimit} s, the time limit for one input \\(--time-limit\\)`)
  )
  assert.match(lines[2]!, /e\.trouble: the worker converting it failed: thrown outside the reader/)
})

test('an export read in parts by 2 workers gives what one thread gives: notes, messages, --json, --list', async () => {
  // A zip of several conversation files and an export with odd items (warnings in the order of the items).
  for (const input of [
    'packages/format-chatgpt/fixtures/odd-conversations/input.json',
    'packages/format-chatgpt/fixtures/export-zip/input.zip'
  ]) {
    for (const flags of [['-o', 'OUT'], ['--json'], ['--list'], []]) {
      const run = (jobs: string) => {
        const args = flags.map((flag) => (flag === 'OUT' ? join(dir, `export-${jobs}`) : flag))
        return runCli(['-j', jobs, ...args, join(repoRoot, input)])
      }
      const one = await run('1')
      const two = await run('2')
      assert.equal(two.stdout.replaceAll(join(dir, 'export-2'), join(dir, 'export-1')), one.stdout, flags.join(' '))
      assert.equal(two.stderr, one.stderr)
      assert.equal(two.code, one.code)
      if (flags[0] === '-o') {
        const names = (await readdir(join(dir, 'export-1'))).sort()
        assert.deepEqual((await readdir(join(dir, 'export-2'))).sort(), names)
        for (const name of names) {
          const bytes = await readFile(join(dir, 'export-1', name))
          assert.ok(bytes.equals(await readFile(join(dir, 'export-2', name))), name)
        }
        await rm(join(dir, 'export-1'), {recursive: true})
        await rm(join(dir, 'export-2'), {recursive: true})
      }
    }
  }
})

test('the sources split an export into parts for workers as the installed package does', async () => {
  // The thread that splits an export and writes what its parts make (convert-parts.ts) runs here, under
  // coverage; its workers load the sources.
  const input = join(repoRoot, 'packages/format-chatgpt/fixtures/odd-conversations/input.json')
  for (const flags of [['--list'], ['--json'], ['-o', 'OUT']]) {
    const args = (who: string) => flags.map((flag) => (flag === 'OUT' ? join(dir, `parts-${who}`) : flag))
    const here = await runHere(['-j', '2', ...args('here'), input])
    const installed = await runCli(['-j', '2', ...args('installed'), input])
    assert.equal(here.code, installed.code)
    assert.equal(here.stdout.replaceAll('parts-here', 'parts-installed'), installed.stdout, flags.join(' '))
    assert.equal(here.stderr, installed.stderr)
    // A line per conversation (three of the export's five are conversations), or one JSON line for the input.
    assert.equal(here.stdout.trim().split('\n').length, flags[0] === '--json' ? 1 : 3)
  }
  const notes = (await readdir(join(dir, 'parts-here'))).filter((name) => !name.startsWith('.'))
  assert.deepEqual(
    (await readdir(join(dir, 'parts-installed'))).filter((name) => !name.startsWith('.')),
    notes
  )
  for (const name of notes) {
    assert.equal(
      await readFile(join(dir, 'parts-here', name), 'utf8'),
      await readFile(join(dir, 'parts-installed', name), 'utf8')
    )
  }
})

test('a worker that crashes on a part fails that part alone: the others of its job are converted again', async () => {
  const format = await linesFormat(dir)
  const input = join(dir, 'export.lines')
  const lines = Array.from({length: 20}, (_, index) => (index === 12 ? 'crash' : `line ${index + 1}`))
  await writeFile(input, lines.join('\n'))
  const {code, stdout, stderr} = await runCli(['--use', format, '-j', '2', '--list', input])
  assert.equal(code, 1)
  // One job of parts (they are small). Its worker sends what it made eight parts at a time, then crashes on the 13th:
  // the parts it had not sent are split from the input again and converted one a job, and only the 13th fails.
  assert.deepEqual(
    listedTitles(stdout),
    lines.filter((line) => line !== 'crash')
  )
  assert.match(
    stderr,
    /export\.lines: item 13 of the input not converted: the worker converting it stopped \(exit code 3\)/
  )
  assert.doesNotMatch(stderr, /items/)
})

test('--jobs and --time-limit take whole numbers', async () => {
  for (const flags of [
    ['-j', '0'],
    ['--jobs', 'two'],
    ['--time-limit', '-1']
  ]) {
    const {code, stderr} = await runCli([...flags, join(repoRoot, sessions[0]!)])
    assert.equal(code, 2, flags.join(' '))
    assert.match(stderr, /--jobs|--time-limit/)
  }
})
