import assert from 'node:assert/strict'
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {UsageError} from '../src/base/usage-error.js'
import {wholeNumber} from '../src/args/whole-number.js'
import {repoRoot, runCli} from './run-cli.js'

const session = join(repoRoot, 'fixtures/corpus/gemini-cli/real-0.61.0__headless-yolo-shell.jsonl')

/** What each numeric flag takes, as its range error says it. */
const ranges = {
  'max-result-chars': 'of 0 or more',
  'fold-lines': 'of 0 or more',
  jobs: 'from 1 to 256',
  'time-limit': 'from 0 to 2147483'
} as const

test('every numeric flag of both commands says what it takes and what it got, in one line, exit 2', async () => {
  for (const [flag, takes] of Object.entries(ranges)) {
    for (const command of [[], ['sync', 'vault']]) {
      const prefix = command.length === 0 ? 'chatmark' : 'chatmark sync'
      const inputs = command.length === 0 ? [session] : []
      for (const [given, got] of [
        [[`--${flag}`, '-5'], '-5'],
        [[`--${flag}=-5`], '-5'],
        [[`--${flag}`, 'abc'], 'abc'],
        [[`--${flag}`, '1.5'], '1.5'],
        [[`--${flag}`, '1e3'], '1e3'],
        [[`--${flag}=`], 'nothing'],
        [[`--${flag}`, '99999999999999999999'], '99999999999999999999']
      ] as const) {
        const argv = [...command, ...given, ...inputs]
        const run = await runCli(argv)
        assert.equal(run.code, 2, argv.join(' '))
        const range = got.length > 16 && takes.startsWith('of') ? 'from 0 to 9007199254740991' : takes
        assert.equal(run.stderr, `${prefix}: --${flag} must be a whole number ${range} (got ${got})\n`, argv.join(' '))
      }
    }
  }
})

test('values past a stated range are refused: no 0 workers, no 300, no time limit past a timer’s reach', async () => {
  for (const [argv, line] of [
    [['-j', '0'], 'chatmark: --jobs must be a whole number from 1 to 256 (got 0)'],
    [['-j', '-2'], 'chatmark: --jobs must be a whole number from 1 to 256 (got -2)'],
    [['--jobs', '300'], 'chatmark: --jobs must be a whole number from 1 to 256 (got 300)'],
    [['--time-limit', '2147484'], 'chatmark: --time-limit must be a whole number from 0 to 2147483 (got 2147484)'],
    [['--max-result-chars'], 'chatmark: --max-result-chars needs a value\nTry `chatmark --help`.']
  ] as const) {
    const run = await runCli([...argv, ...(argv.length > 1 ? [session] : [])])
    assert.equal(run.code, 2, argv.join(' '))
    assert.equal(run.stderr, `${line}\n`)
  }
  // The ends of each range are taken.
  const ends = await runCli(['-j', '1', '--time-limit', '2147483', '--max-result-chars', '0', '--list', session])
  assert.equal(ends.code, 0, ends.stderr)
})

test('a vault’s config file is held to the same ranges', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-ranges-'))
  await mkdir(join(dir, 'vault', '.chatmark'), {recursive: true})
  const config = join(dir, 'vault', '.chatmark', 'config.yaml')
  for (const [text, got] of [
    ['fold-lines: -5', '-5'],
    ['fold-lines: 2.5', '2.5'],
    ["fold-lines: '20'", '"20"']
  ] as const) {
    await writeFile(config, text)
    const run = await runCli(['sync', 'vault', '--no-defaults'], '', {cwd: dir})
    assert.equal(run.code, 2, text)
    assert.equal(run.stderr, `chatmark sync: ${config}: fold-lines must be a whole number of 0 or more (got ${got})\n`)
  }
})

test('wholeNumber takes digits or a number in range, and throws a usage error that needs no --help', () => {
  assert.equal(wholeNumber('007', '--n', {least: 0}), 7)
  assert.equal(wholeNumber(3, 'n', {least: 1, most: 3}), 3)
  for (const value of ['', ' 1', '+1', '0x10', '-0', 'Infinity']) {
    assert.throws(
      () => wholeNumber(value, '--n', {least: 0}),
      (error) => error instanceof UsageError && !error.tryHelp && error.message.startsWith('--n must be'),
      value
    )
  }
})
