// The IRC format's own tests, written as a third-party format would write them: chatmark's test kit does the
// checks, vitest only names and runs them (the kit throws node:assert errors, so node:test or jest would do too).
//
//   UPDATE_GOLDEN=1 npx vitest run --project cli example-custom-format
//
// (in this repository: the cli project runs this file) rewrites test/fixtures/*/output*.md and messages.txt; read
// what it wrote before committing it.

import {readdirSync} from 'node:fs'
import {checkDetection, checkGolden} from 'chatmark/test-kit'
import {test} from 'vitest'
import ircFormat from '../irc-format.js'

const fixtures = new URL('fixtures/', import.meta.url)
const cases = readdirSync(fixtures)
const inputOf = (name) => new URL(`${name}/input.irclog`, fixtures)

// Inputs of other formats that must stay theirs. In your own repository, keep copies of a few files of each tool
// you might be mistaken for; here, the built-in formats' golden inputs are next door.
const builtinFixtures = new URL('../../../fixtures/', import.meta.url)
const others = readdirSync(builtinFixtures, {withFileTypes: true})
  .filter((folder) => folder.isDirectory() && folder.name !== 'corpus')
  .flatMap((folder) =>
    readdirSync(new URL(`${folder.name}/`, builtinFixtures), {withFileTypes: true})
      .filter((entry) => entry.isDirectory())
      .flatMap(({name}) => {
        const dir = new URL(`${folder.name}/${name}/`, builtinFixtures)
        const input = readdirSync(dir).find((file) => file === 'input' || file.startsWith('input.'))
        return input ? [new URL(input, dir)] : []
      })
  )

test('irc: its fixtures are detected as irc, and no built-in fixture is', async () => {
  await checkDetection({format: ircFormat(), fixtures: cases.map(inputOf), others})
})

for (const name of cases) {
  test(`irc: ${name} gives the reviewed notes`, async () => {
    await checkGolden({
      format: ircFormat(),
      input: inputOf(name),
      expected: new URL(`${name}/`, fixtures),
      // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by hand to rewrite the notes, never by a task
      options: {update: process.env['UPDATE_GOLDEN'] === '1'}
    })
  })
}
