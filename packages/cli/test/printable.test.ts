import assert from 'node:assert/strict'
import {VFile} from 'vfile'
import {test} from 'vitest'
import {printable, terminalText} from '../src/base/printable.js'
import {formatMessages} from '../src/convert/report.js'

test('control characters from an input are printed as escapes, never acted on', () => {
  assert.equal(printable('\u001b]0;owned\u0007title\u0000'), '\\x1b]0;owned\\x07title\\x00')
  assert.equal(printable('clear\u001b[2J\u009b1m'), 'clear\\x1b[2J\\x9b1m')
  assert.equal(printable('two\nlines\rback\ttab é 🚀'), 'two\\nlines\\rback\ttab é 🚀')
})

test('a note for a terminal keeps its lines and tabs and escapes every other control', () => {
  assert.equal(
    terminalText('# Title\n\n\tcode\r\n\u001b[1mbold\u001b[0m\u0007\u009b'),
    '# Title\n\n\tcode\\r\n\\x1b[1mbold\\x1b[0m\\x07\\x9b'
  )
  assert.equal(terminalText('plain é 🚀'), 'plain é 🚀')
})

test('messages on stderr quote hostile titles and paths on one safe line', () => {
  const file = new VFile({path: 'in\u001b[31m.json'})
  file.message('Conversation “\u001b]2;pwned\u0007” has\nno turns', {ruleId: 'x'})
  const [line, ...rest] = formatMessages(file)
  assert.deepEqual(rest, [])
  assert.equal(line, 'in\\x1b[31m.json: warning: Conversation “\\x1b]2;pwned\\x07” has\\nno turns')
})
