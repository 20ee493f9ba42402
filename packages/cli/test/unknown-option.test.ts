import assert from 'node:assert/strict'
import {mkdtemp} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {closestOption} from '../src/args/closest-option.js'
import {notesIn, repoRoot, runCli} from './run-cli.js'

const session = join(repoRoot, 'fixtures/corpus/gemini-cli/real-0.61.0__headless-yolo-shell.jsonl')

test('a mistyped flag is one line naming the closest known one, exit 2, in both commands', async () => {
  for (const [argv, line] of [
    [['--ouptut', 'notes', session], "chatmark: unknown option '--ouptut'; did you mean '--output'?"],
    [['--formt', 'gemini', session], "chatmark: unknown option '--formt'; did you mean '--format'?"],
    [['--ouptut=notes', session], "chatmark: unknown option '--ouptut'; did you mean '--output'?"],
    [['--jbos', '2', session], "chatmark: unknown option '--jbos'; did you mean '--jobs'?"],
    [['--keep-mta', session], "chatmark: unknown option '--keep-mta'; did you mean '--keep-meta'?"],
    [['sync', 'vault', '--dry-rn'], "chatmark sync: unknown option '--dry-rn'; did you mean '--dry-run'?"],
    [
      ['sync', 'vault', '--max-result-char', '9'],
      "chatmark sync: unknown option '--max-result-char'; did you mean '--max-result-chars'?"
    ],
    [
      ['sync', 'vault', '--no-subagent'],
      "chatmark sync: unknown option '--no-subagent'; did you mean '--no-subagents'?"
    ]
  ] as const) {
    const run = await runCli([...argv])
    assert.equal(run.code, 2, argv.join(' '))
    assert.equal(run.stderr, `${line}\n`, argv.join(' '))
    assert.equal(run.stdout, '')
  }
})

test('a flag like no known one points to --help; so does an unknown short flag', async () => {
  for (const [argv, text] of [
    [['--bogus', session], "chatmark: unknown option '--bogus'\nTry `chatmark --help`.\n"],
    [['-x', session], "chatmark: unknown option '-x'\nTry `chatmark --help`.\n"],
    [['--xy', session], "chatmark: unknown option '--xy'\nTry `chatmark --help`.\n"],
    [['sync', 'vault', '--colour'], "chatmark sync: unknown option '--colour'\nTry `chatmark sync --help`.\n"]
  ] as const) {
    const run = await runCli([...argv])
    assert.equal(run.code, 2, argv.join(' '))
    assert.equal(run.stderr, text)
  }
})

test('--output is -o by its usual name', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-output-'))
  const run = await runCli(['--output', dir, session])
  assert.equal(run.code, 0, run.stderr)
  assert.equal((await notesIn(dir)).length, 1)
  const both = await runCli(['-o', dir, '--output', join(dir, 'other'), session])
  assert.equal(both.code, 2)
  assert.match(both.stderr, /^chatmark: -o \(--out\) and --output are one option: give it once\n/)
})

test('the closest option is within one edit per three letters, and matched without regard to case', () => {
  const known = ['out', 'output', 'to', 'format', 'jobs', 'json']
  assert.equal(closestOption('Formt', known), 'format')
  assert.equal(closestOption('jsn', known), 'json')
  // Swapped letters are two edits, as far from `json` as from `jobs`: the same letters win the tie.
  assert.equal(closestOption('jbos', known), 'jobs')
  assert.equal(closestOption('xy', known), undefined)
  assert.equal(closestOption('colour', known), undefined)
})
