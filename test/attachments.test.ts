import assert from 'node:assert/strict'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import type {AttachmentPart, Conversation} from 'chatmark'
import {attachmentBytes, attachmentsOf, convert, normalizer, toNote, validateConversation} from 'chatmark'
import {fixtureCases, fixtureInput, readCaseOptions} from './util/fixtures.js'

// Attachments across every golden case: a renderer given no place for files writes the reviewed notes byte for
// byte; one that has a place for each embeds each after its line, in both profiles, and never shows base64.

for (const fixture of await fixtureCases()) {
  test(`${fixture.name}: notes are unchanged without an attachment link, and embed each file with one`, async () => {
    const options = await readCaseOptions(fixture)
    const conversations: Array<{conversation: Conversation; resolved: Map<AttachmentPart, boolean>}> = []
    await convert(normalizer, await fixtureInput(fixture), {
      ...(options.format ? {formatOptions: options.format} : {}),
      async onConversation(conversation, input) {
        const resolved = new Map<AttachmentPart, boolean>()
        for (const part of attachmentsOf(conversation)) {
          const bytes = await attachmentBytes(part, input)
          if (part.data !== undefined) assert.equal(bytes?.length, part.size, 'data decodes to the size it gives')
          resolved.set(part, bytes !== undefined)
        }
        conversations.push({conversation, resolved})
      }
    })
    for (const [index, {conversation, resolved}] of conversations.entries()) {
      assert.equal(validateConversation(conversation), undefined)
      const reviewed = await readFile(join(fixture.dir, index === 0 ? 'output.md' : `output-${index + 1}.md`), 'utf8')
      const render = options.render ?? {}
      assert.equal(toNote(conversation, {...render, attachmentLink: () => undefined}), reviewed)
      const files = [...resolved.keys()]
      const attachmentLink = (part: AttachmentPart) =>
        resolved.get(part) ? {path: `attachments/${files.indexOf(part)}.bin`} : {unresolved: 'not in the source'}
      const obsidian = toNote(conversation, {...render, profile: 'obsidian', attachmentLink})
      const embeds = obsidian.match(/^(?:> )*!\[\[attachments\/\d+\.bin\]\]$/gm) ?? []
      const unresolved = obsidian.match(/_The file could not be found: not in the source_/g) ?? []
      // Every attachment of the note, shown or folded away (thinking off hides none of them).
      assert.equal(embeds.length + unresolved.length, files.length)
      assert.equal(embeds.length, [...resolved.values()].filter(Boolean).length)
      for (const part of files) if (part.data) assert.ok(!obsidian.includes(part.data.slice(0, 40)))
    }
  })
}
