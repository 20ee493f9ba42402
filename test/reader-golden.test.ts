import assert from 'node:assert/strict'
import {readdir} from 'node:fs/promises'
import {join} from 'node:path'
import {expect, test} from 'vitest'
import type {Conversation} from 'chatmark'
import {convert, normalizer} from 'chatmark'
import {conversationJson} from './util/conversation-json.js'
import {fixtureCases, fixtureInput, readCaseOptions} from './util/fixtures.js'

// The reader layer: the conversation model each format reads from a golden
// input, stored next to the reviewed notes as `conversation.json` (and
// `conversation-N.json` for the conversation behind `output-N.md`). A reader
// change shows up here as a model diff; a writer change only in the notes.
// `vitest run -u` rewrites the files after a deliberate change, and the diff is
// reviewed before it is committed.

for (const fixture of await fixtureCases()) {
  test(`${fixture.name}: the model matches the reviewed conversation.json`, async () => {
    const options = await readCaseOptions(fixture)
    const conversations: Conversation[] = []
    const result = await convert(normalizer, await fixtureInput(fixture), {
      ...(options.format ? {formatOptions: options.format} : {}),
      ...(options.render ? {render: options.render} : {}),
      onConversation: (conversation) => {
        conversations.push(conversation)
      }
    })

    assert.equal(
      result.detection.format,
      fixture.format,
      `detected as ${result.detection.format}: ${result.detection.explanation}`
    )
    assert.ok(conversations.length > 0, 'at least one conversation')
    const names = conversations.map((_, index) =>
      index === 0 ? 'conversation.json' : `conversation-${index + 1}.json`
    )
    for (const [index, conversation] of conversations.entries()) {
      await expect(conversationJson(conversation)).toMatchFileSnapshot(join(fixture.dir, names[index]!))
    }
    const stale = (await readdir(fixture.dir)).filter(
      (name) => /^conversation(-\d+)?\.json$/.test(name) && !names.includes(name)
    )
    assert.deepEqual(stale, [], 'reviewed models for conversations the input no longer yields')
  })
}
