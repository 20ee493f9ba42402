import assert from 'node:assert/strict'
import {convert, inputFromPath, normalizer, redactSecrets} from 'chatmark'
import {test} from 'vitest'
import {corpusFiles} from '../util/corpus.js'
import {fixtureCases, fixtureInput, readCaseOptions} from '../util/fixtures.js'

// Redaction runs on every conversation by default, so what it takes for a secret must be one: the repository's
// real inputs (every golden case, every file of the public corpus) hold none, and redaction finds none in them,
// in any string or key. A marker here would also be a change to a reviewed note.

/** What redaction found in each conversation of an input, by conversation id and kind. */
async function found(conversations: AsyncIterable<unknown> | unknown[]): Promise<string[]> {
  const kinds: string[] = []
  for await (const read of conversations as AsyncIterable<Parameters<typeof redactSecrets>[0]>) {
    const before = JSON.stringify(read)
    const redacted = JSON.stringify(await redactSecrets(structuredClone(read)))
    if (redacted === before) continue
    for (const match of redacted.matchAll(/\[redacted: ([^\]]+)\]/g)) kinds.push(`${read.id}: ${match[1]}`)
  }
  return kinds
}

for (const fixture of await fixtureCases()) {
  test(`${fixture.name}: redaction finds no secret`, async () => {
    const options = await readCaseOptions(fixture)
    const conversations: unknown[] = []
    await convert(normalizer, await fixtureInput(fixture), {
      ...(options.format ? {formatOptions: options.format} : {}),
      onConversation: (conversation) => void conversations.push(conversation)
    })
    assert.deepEqual(await found(conversations), [])
  })
}

for (const file of corpusFiles()) {
  test(`corpus ${file.name}: redaction finds no secret`, async () => {
    const conversations: unknown[] = []
    await convert(normalizer, await inputFromPath(file.path), {
      onConversation: (conversation) => void conversations.push(conversation)
    })
    assert.deepEqual(await found(conversations), [])
  })
}
