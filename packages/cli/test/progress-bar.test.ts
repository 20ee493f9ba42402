import assert from 'node:assert/strict'
import {Writable} from 'node:stream'
import {test} from 'vitest'
import {createProgress} from '../src/progress-bar.js'

function terminal(isTTY: boolean): {stream: Writable & {isTTY: boolean; columns: number}; output: () => string} {
  let text = ''
  const stream = Object.assign(
    new Writable({
      write(chunk, _encoding, callback) {
        text += String(chunk)
        callback()
      }
    }),
    {isTTY, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true}
  )
  return {stream, output: () => text}
}

test('a large input in a terminal gets a bar with bytes read and conversations', () => {
  const {stream, output} = terminal(true)
  const progress = createProgress('export.zip!conversations.json', stream)
  progress.read(64 * 1024 * 1024, 128 * 1024 * 1024)
  progress.conversation()
  progress.stop()
  assert.match(output(), /export\.zip!conversations\.json \[.*\] 50% \| 64\.0 MB of 128\.0 MB \| 1 conversations/)
})

test('the bar stays quiet off a terminal, for small inputs, and for inputs of unknown size', () => {
  for (const [isTTY, size] of [
    [false, 1e9],
    [true, 1e6],
    [true, undefined]
  ] as const) {
    const {stream, output} = terminal(isTTY)
    const progress = createProgress('x', stream)
    progress.read(1000, size)
    progress.conversation()
    progress.stop()
    assert.equal(output(), '', `isTTY ${isTTY}, size ${size}`)
  }
})
