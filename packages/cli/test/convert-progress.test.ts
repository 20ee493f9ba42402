// biome-ignore-all lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are the point
import assert from 'node:assert/strict'
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {terminalRunProgress} from '../src/progress/terminal-run-progress.js'
import {runCli} from './run-cli.js'
import {drawnFrames, loggedLines, steppingClock} from './terminal-frames.js'

// A folder of inputs converted into -o DIR shows one count bar on a terminal's stderr, and nothing elsewhere.

/** A folder `in/` of `count` two-turn transcripts, `s01.txt`..., in a new working folder. */
async function inputs(count: number): Promise<string> {
  const cwd = await mkdtemp(join(tmpdir(), 'chatmark-progress-'))
  await mkdir(join(cwd, 'in'))
  for (let index = 1; index <= count; index++) {
    const name = `s${String(index).padStart(2, '0')}`
    await writeFile(join(cwd, 'in', `${name}.txt`), `User: hello ${name}\nAssistant: hi ${name}\n`)
  }
  return cwd
}

test('a folder converted on a terminal shows files done of all, the file at work, rate and time left', async () => {
  const cwd = await inputs(25)
  const run = await runCli(['-j', '1', '-o', 'out', 'in'], '', {cwd, stderrIsTerminal: true, now: steppingClock()})
  assert.equal(run.code, 0)
  const frames = drawnFrames(run.stderr)
  // The clock moves a second each time it is read: the run starts at 1 s, and file N is begun at N + 2 s, N - 1 done.
  assert.deepEqual(frames.slice(0, 4), [
    'convert [░░░░░░░░░░] 0% | 0/25 files',
    'convert [░░░░░░░░░░] 0% | 0/25 files | in/s01.txt',
    'convert [░░░░░░░░░░] 4% | 1/25 files | 0.3 files/s | 1m12s left | in/s02.txt',
    'convert [█░░░░░░░░░] 8% | 2/25 files | 0.5 files/s | 46s left | in/s03.txt'
  ])
  assert.equal(frames.length, 27)
  assert.equal(frames.at(-2), 'convert [██████████] 96% | 24/25 files | 0.9 files/s | 1s left | in/s25.txt')
  assert.equal(frames.at(-1), 'convert [██████████] 100% | 25/25 files | 0.9 files/s | 0s left | in/s25.txt')
  // The paths written go to stdout (not a terminal here), as without a bar; the bar leaves nothing on the screen.
  assert.equal(run.stdout.trim().split('\n').length, 25)
  assert.doesNotMatch(run.stdout, /\u001b/)
  assert.deepEqual(loggedLines(run.stderr), [])
  assert.ok(run.stderr.endsWith('\u001b[0J'))
})

test('with stdout on the same terminal, each path written is printed above the bar', async () => {
  const cwd = await inputs(20)
  const run = await runCli(['-j', '1', '-o', 'out', 'in'], '', {
    cwd,
    stderrIsTerminal: true,
    stdoutIsTerminal: true,
    now: steppingClock()
  })
  assert.equal(run.code, 0)
  assert.equal(run.stdout, '')
  const logged = loggedLines(run.stderr)
  assert.deepEqual(
    logged,
    Array.from({length: 20}, (_, index) => `out/hello-s${String(index + 1).padStart(2, '0')}.md`)
  )
  // After each path, the bar is drawn again below it.
  assert.match(run.stderr, /\u001b\[2Kout\/[^\n]*\.md\n\u001b\[1Gconvert \[/)
})

test('converted by workers, the bar counts the inputs in their order as their notes are written', async () => {
  const cwd = await inputs(20)
  const run = await runCli(['-j', '2', '-o', 'out', 'in'], '', {cwd, stderrIsTerminal: true, now: steppingClock()})
  assert.equal(run.code, 0)
  const frames = drawnFrames(run.stderr)
  const named = frames.map((frame) => /\| (in\/s\d+\.txt)$/.exec(frame)?.[1]).filter((name) => name !== undefined)
  assert.deepEqual(
    [...new Set(named)],
    Array.from({length: 20}, (_, index) => `in/s${String(index + 1).padStart(2, '0')}.txt`)
  )
  assert.match(frames.at(-1) ?? '', /^convert \[██████████\] 100% \| 20\/20 files \|/)
})

test('chatmark sync draws the same bar, counting sources', async () => {
  const cwd = await inputs(20)
  const run = await runCli(['sync', 'vault', '--no-defaults', '-j', '1', 'in'], '', {
    cwd,
    stderrIsTerminal: true,
    now: steppingClock()
  })
  assert.equal(run.code, 0)
  const frames = drawnFrames(run.stderr)
  assert.equal(frames[0], 'sync [░░░░░░░░░░] 0% | 0/20 sources')
  assert.match(frames.at(-1) ?? '', /^sync \[██████████\] 100% \| 20\/20 sources \| [\d.]+ sources\/s \| 0s left \| …/)
  assert.match(run.stderr, /20 new, 0 updated, 0 unchanged/)
})

test('the bar is silent off a terminal (a pipe, a log, these tests) and for a handful of inputs', async () => {
  const cwd = await inputs(20)
  const quiet = await runCli(['-j', '1', '-o', 'out', 'in'], '', {cwd, now: steppingClock()})
  assert.equal(quiet.code, 0)
  assert.equal(quiet.stderr, '')
  assert.equal(quiet.stdout.trim().split('\n').length, 20)
  const few = await inputs(3)
  const small = await runCli(['-j', '1', '-o', 'out', 'in'], '', {cwd: few, stderrIsTerminal: true})
  assert.equal(small.stderr, '')
  // Notes on stdout (no -o): no count bar either.
  const printed = await runCli(['-j', '1', 'in'], '', {cwd, stderrIsTerminal: true, now: steppingClock()})
  assert.equal(printed.code, 0)
  assert.deepEqual(drawnFrames(printed.stderr), [])
})

test('a large input among many shows how much of it is read beside its name, in the count’s line', () => {
  let screen = ''
  const stream = {
    isTTY: true,
    columns: 140,
    write(chunk: string) {
      screen += chunk
      return true
    }
  }
  const lines = {write: () => true}
  const progress = terminalRunProgress({stdout: lines, stderr: lines, now: steppingClock()}, stream, {
    inputs: 20,
    folder: true
  })
  progress.begin('in/export.zip')
  const input = progress.input('in/export.zip!conversations.json')
  input.read(1024, 1024 * 1024)
  input.read(64 * 1024 * 1024, 128 * 1024 * 1024)
  input.stop()
  progress.stop()
  assert.deepEqual(drawnFrames(screen), [
    'convert [░░░░░░░░░░░░░░░░░░░░] 0% | 0/20 files',
    'convert [░░░░░░░░░░░░░░░░░░░░] 0% | 0/20 files | in/export.zip',
    'convert [░░░░░░░░░░░░░░░░░░░░] 0% | 0/20 files | in/export.zip!conversations.json (64.0 MB of 128.0 MB)',
    'convert [█░░░░░░░░░░░░░░░░░░░] 5% | 1/20 files | 0.3 files/s | 1m16s left | ' +
      'in/export.zip!conversations.json (64.0 MB of 128.0 MB)'
  ])
})
