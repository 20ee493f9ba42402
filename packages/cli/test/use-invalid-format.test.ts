import assert from 'node:assert/strict'
import {mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {runCli} from './run-cli.js'

test(
  'a --use format that yields an invalid conversation gets a message naming the field and exit status ' + '1',
  async () => {
    const dir = await mkdtemp(join(tmpdir(), 'chatmark-invalid-'))
    const format = join(dir, 'garbage-format.js')
    // The second conversation has a part of a type the model does not know.
    await writeFile(
      format,
      `export default {name: 'garbage', description: 'x', extensions: ['.garbage'],
      detect: () => ({confidence: 'certain', reason: 'garbage'}),
      async *parse() {
        const conversation = (id, part) => ({id, source: {format: 'garbage'}, participants: [], metadata: {},
          fidelity: {}, turns: [{role: 'user', parts: [part]}]})
        yield conversation('good', {type: 'text', text: 'kept'})
        yield conversation('bad', {type: 'image', text: 'a cat'})
        yield {turns: 'nothing'}
      }}\n`
    )
    const input = join(dir, 'x.garbage')
    await writeFile(input, 'anything')
    const {code, stdout, stderr} = await runCli(['--use', format, input])
    assert.equal(code, 1)
    assert.match(stdout, /^kept$/m)
    assert.equal(
      stderr,
      `${input}: Format \`garbage\` yielded an invalid conversation \`bad\`, skipped: turns[0].parts[0].type is ` +
        '"image", expected one of text, thinking, tool-call, attachment, code, quote, notice, branch\n' +
        `${input}: Format \`garbage\` yielded an invalid conversation number 3 (no id), skipped: id is missing, ` +
        'expected a non-empty string\n'
    )
  }
)
