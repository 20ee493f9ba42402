import assert from 'node:assert/strict'
import {Readable} from 'node:stream'
import {test} from 'vitest'
import type {CliIo} from '../src/main.js'
import {syncProgress} from '../src/sync-progress.js'

/** A terminal that records what is drawn on it. */
function terminal(): {stream: NodeJS.WritableStream & {isTTY: boolean; columns: number}; text: () => string} {
  let text = ''
  const stream = {
    isTTY: true,
    columns: 100,
    write(chunk: string) {
      text += chunk
      return true
    },
    on() {
      return stream
    },
    removeListener() {
      return stream
    }
  }
  return {stream: stream as unknown as NodeJS.WritableStream & {isTTY: boolean; columns: number}, text: () => text}
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
      cwd: '/'
    },
    stdout: () => stdout,
    stderr: screen.text
  }
}

test('on a terminal, a count bar with rate and time left; lines printed meanwhile go above it, never into it', () => {
  const run = io(true)
  const progress = syncProgress(run.io, false)
  progress.start(100)
  progress.advance(40)
  progress.print('new: vault/a.md', false)
  progress.advance(100)
  progress.stop()
  assert.equal(run.stdout(), '')
  const screen = run.stderr()
  // The line is written whole at the start of a cleared line, and the bar is drawn again below it.
  assert.match(
    screen,
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the terminal's escape sequences are the point
    /\u001b\[1G\u001b\[2Knew: vault\/a\.md\n\u001b\[1Gsync \[█+\] 100\/100 sources \| [\d,]+\/s \| 0s left/
  )
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
  const few = io(true)
  const small = syncProgress(few.io, false)
  small.start(3)
  small.print('updated: vault/b.md', false)
  small.stop()
  assert.equal(few.stderr(), '')
  assert.equal(few.stdout(), 'updated: vault/b.md\n')
})
