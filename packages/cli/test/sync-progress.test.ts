import assert from 'node:assert/strict'
import {Readable} from 'node:stream'
import {test} from 'vitest'
import type {CliIo} from '../src/base/cli-io.js'
import {syncProgress} from '../src/sync/sync-progress.js'
import {drawnFrames, loggedLines, steppingClock} from './terminal-frames.js'

/** A terminal that records what is drawn on it. */
function terminal(): {stream: {isTTY: boolean; columns: number; write(chunk: string): boolean}; text: () => string} {
  let text = ''
  const stream = {
    isTTY: true,
    columns: 100,
    write(chunk: string) {
      text += chunk
      return true
    }
  }
  return {stream, text: () => text}
}

function io(stdoutIsTerminal: boolean): {io: CliIo; stdout: () => string; stderr: () => string} {
  const screen = terminal()
  let stdout = ''
  return {
    io: {
      stdout: {write: (chunk: string) => (stdout += chunk)},
      stderr: screen.stream,
      stderrStream: screen.stream,
      stdoutIsTerminal,
      stdin: Readable.from([]),
      cwd: '/',
      now: steppingClock()
    },
    stdout: () => stdout,
    stderr: screen.text
  }
}

test('on a terminal, the count bar of every chatmark run; lines printed meanwhile go above it, never into it', () => {
  const run = io(true)
  const progress = syncProgress(run.io, false)
  progress.start(100)
  progress.advance(40, '/home/me/p/a.jsonl')
  progress.print('new: vault/a.md', false)
  progress.advance(100, '/home/me/p/b.jsonl')
  progress.stop()
  assert.equal(run.stdout(), '')
  const screen = run.stderr()
  assert.deepEqual(drawnFrames(screen), [
    'sync [░░░░░░░░░░░░░░░░░░░░] 0% | 0/100 sources',
    // The clock moves a second a read: 40 sources in the 2 s since the start, then 60 more in 1 s.
    'sync [████████░░░░░░░░░░░░] 40% | 40/100 sources | 20 sources/s | 3s left | /home/me/p/a.jsonl',
    'sync [████████████████████] 100% | 100/100 sources | 33 sources/s | 0s left | /home/me/p/b.jsonl'
  ])
  // The line is written whole at the start of a cleared line, and the bar is drawn again below it.
  assert.deepEqual(loggedLines(screen), ['new: vault/a.md'])
  assert.ok(screen.includes('\u001b[2Knew: vault/a.md\n\u001b[1Gsync [████████░░░░'))
  // Nothing is left on the screen at the end.
  assert.ok(screen.endsWith('\u001b[1G\u001b[0J'))
})

test('with stdout redirected, lines go to stdout, the bar to stderr; a few sources or --quiet need no bar', () => {
  const run = io(false)
  const progress = syncProgress(run.io, false)
  progress.start(100)
  progress.print('new: vault/a.md', false)
  progress.stop()
  assert.equal(run.stdout(), 'new: vault/a.md\n')
  assert.ok(!run.stderr().includes('new: vault/a.md'))
  for (const [total, quiet] of [
    [3, false],
    [100, true]
  ] as const) {
    const few = io(true)
    const small = syncProgress(few.io, quiet)
    small.start(total)
    small.print('updated: vault/b.md', false)
    small.stop()
    assert.equal(few.stderr(), '')
    assert.equal(few.stdout(), 'updated: vault/b.md\n')
  }
})
