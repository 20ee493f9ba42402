// The IRC format's own tests, written as a third-party format writes them: chatmark's test kit
// (`chatmark/test-kit`) does the checks, node:test names and runs them (the kit throws node:assert errors, so
// vitest or jest would do too).
//
//   node --test                    runs them
//   UPDATE_GOLDEN=1 node --test    rewrites test/fixtures/*/output*.md and messages.txt: read what it wrote
//                                  before committing it

import {existsSync, readdirSync} from 'node:fs'
import {test} from 'node:test'
import {checkDetection, checkGolden} from 'chatmark/test-kit'
import ircFormat from '../irc-format.js'

const fixtures = new URL('fixtures/', import.meta.url)
const inputOf = (name) => new URL(`${name}/input.irclog`, fixtures)
// Every folder with an input.irclog is a case.
const cases = readdirSync(fixtures).filter((name) => existsSync(inputOf(name)))

// Files of other tools that must stay theirs: a few of each tool a log of lines might be mistaken for (copies of
// chatmark's own fixtures). The package ships no fixtures, so a format keeps its own.
const othersFolder = new URL('others/', fixtures)
const others = readdirSync(othersFolder).map((name) => new URL(name, othersFolder))

test('irc: its fixtures are detected as irc, and no other tool file is', async () => {
  await checkDetection({format: ircFormat(), fixtures: cases.map(inputOf), others})
})

for (const name of cases) {
  test(`irc: ${name} gives the reviewed notes`, async () => {
    await checkGolden({
      format: ircFormat(),
      input: inputOf(name),
      expected: new URL(`${name}/`, fixtures),
      options: {update: process.env['UPDATE_GOLDEN'] === '1'}
    })
  })
}
