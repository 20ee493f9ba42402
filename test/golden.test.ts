import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {readdir} from 'node:fs/promises'
import {join} from 'node:path'
import {expect, test} from 'vitest'
import {conversationToMdast, convert, markdownProcessor, normalizer} from 'chatmark'
import {fixtureCases, fixtureInput, readCaseOptions} from './util/fixtures.js'

// The reviewed files are vitest file snapshots: after a deliberate change,
// `vitest run -u` rewrites them, and the diff is reviewed before it is committed.

for (const fixture of await fixtureCases()) {
  test(`${fixture.name}: the note matches the reviewed output`, async () => {
    const options = await readCaseOptions(fixture)
    const result = await convert(normalizer, await fixtureInput(fixture), {
      ...(options.format ? {formatOptions: options.format} : {}),
      ...(options.render ? {render: options.render} : {})
    })

    assert.equal(
      result.detection.format,
      fixture.format,
      `detected as ${result.detection.format}: ${result.detection.explanation}`
    )
    const messages = result.file.messages.map(
      (message) => `${message.line ?? '-'}:${message.ruleId ?? '-'}: ${message.reason}`
    )
    const messagesPath = join(fixture.dir, 'messages.txt')
    if (messages.length > 0) await expect(`${messages.join('\n')}\n`).toMatchFileSnapshot(messagesPath)
    else assert.ok(!existsSync(messagesPath), `${messagesPath} lists messages the input no longer gives: delete it`)

    assert.ok(result.notes.length > 0, 'at least one note')
    const names = result.notes.map((_, index) => (index === 0 ? 'output.md' : `output-${index + 1}.md`))
    for (const [index, note] of result.notes.entries()) {
      await expect(note.markdown).toMatchFileSnapshot(join(fixture.dir, names[index]!))
      // The streamed writer and a plain unified processor over the same tree write the same bytes.
      const tree = conversationToMdast(note.conversation, options.render)
      assert.equal(markdownProcessor(options.render?.profile).stringify(tree), note.markdown)
    }
    const stale = (await readdir(fixture.dir)).filter(
      (name) => /^output(-\d+)?\.md$/.test(name) && !names.includes(name)
    )
    assert.deepEqual(stale, [], 'reviewed notes for conversations the input no longer yields')
  })
}
