import assert from 'node:assert/strict'
import {test} from 'vitest'
import {createProgress} from '../src/progress/progress-bar.js'
import {drawnFrames, steppingClock} from './terminal-frames.js'

/** A stream that records what is drawn on it, a terminal or not. */
function terminal(isTTY: boolean): {
  stream: {isTTY: boolean; columns: number; write(chunk: string): boolean}
  text: () => string
} {
  let text = ''
  const stream = {
    isTTY,
    columns: 120,
    write(chunk: string) {
      text += chunk
      return true
    }
  }
  return {stream, text: () => text}
}

const mb = 1024 * 1024

test('a large input in a terminal gets a bar: share read, bytes, rate, time left and conversations', () => {
  const {stream, text} = terminal(true)
  const progress = createProgress('export.zip!conversations.json', stream, steppingClock())
  progress.read(64 * mb, 128 * mb)
  progress.conversation()
  progress.read(96 * mb, 128 * mb)
  progress.stop()
  assert.deepEqual(drawnFrames(text()), [
    'export.zip!conversations.json [██████████░░░░░░░░░░] 50% | 64.0 MB of 128.0 MB | 64.0 MB/s | 1s left | ' +
      '0 conversations',
    'export.zip!conversations.json [██████████░░░░░░░░░░] 50% | 64.0 MB of 128.0 MB | 32.0 MB/s | 2s left | ' +
      '1 conversations',
    'export.zip!conversations.json [███████████████░░░░░] 75% | 96.0 MB of 128.0 MB | 32.0 MB/s | 1s left | ' +
      '1 conversations'
  ])
  // Nothing is left on the screen, and the cursor is shown again.
  assert.ok(text().includes('\u001b[?25h'))
  assert.ok(text().endsWith('\u001b[0J'))
})

test('the bar stays quiet off a terminal, for small inputs, and for inputs of unknown size', () => {
  for (const [isTTY, size] of [
    [false, 1e9],
    [true, 1e6],
    [true, undefined]
  ] as const) {
    const {stream, text} = terminal(isTTY)
    const progress = createProgress('x', stream, steppingClock())
    progress.read(1000, size)
    progress.conversation()
    progress.stop()
    assert.equal(text(), '', `isTTY ${isTTY}, size ${size}`)
  }
})
