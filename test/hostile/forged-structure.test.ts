import assert from 'node:assert/strict'
import {mkdtemp} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import type {Conversation, RenderOptions} from 'chatmark'
import {convert, inputFromBytes, inputFromFolder, normalizer, toNote} from 'chatmark'
import {test} from 'vitest'
import type {Carrier} from '../util/carriers.js'
import {carriers, chatgptExport, modelConversation, slackExport} from '../util/carriers.js'
import {nodesOf, noteText, unseen} from '../util/note-text.js'
import {parseNote, treeProblems} from '../util/structure.js'
import {forgingPayloads} from './forging-payloads.js'
import type {Payload} from '../util/carriers.js'

// Text that tries to forge a note's structure (issue 25: "55 structure-forging payloads"): every payload of
// ./forging-payloads.ts in every carrier of ../util/carriers.ts, a conversation (or export) per carrier, rendered in
// the gfm and obsidian profiles. Each note has exactly one frontmatter, one title and one heading per turn, as
// parsed by remark with GFM and frontmatter, and keeps every payload's text. The fuzz (./fuzz-properties.ts) draws
// random mixes of such fragments; this is the named list, each in each carrier.

/** The notes of a conversation (or an export) holding the payloads in `carrier` only. */
async function notesOf(
  carrier: Carrier,
  render: RenderOptions,
  payloads: readonly Payload[] = forgingPayloads
): Promise<Array<{conversation: Conversation; markdown: string}>> {
  if (carrier.input === 'model') {
    const conversation = modelConversation(payloads, carrier.code)
    return [{conversation, markdown: toNote(conversation, render)}]
  }
  let input: Parameters<typeof convert>[1]
  if (carrier.input === 'slack') {
    const dir = await mkdtemp(join(tmpdir(), 'chatmark-forged-'))
    await slackExport(dir, payloads, carrier.code)
    input = await inputFromFolder(dir)
  } else {
    input = inputFromBytes(Buffer.from(chatgptExport(payloads, carrier.code)), 'conversations.json')
  }
  const result = await convert(normalizer, input, {render})
  assert.deepEqual(result.file.messages.filter((message) => message.fatal).map(String), [], carrier.name)
  return result.notes
}

test('the payloads are many and of every kind', () => {
  assert.ok(forgingPayloads.length >= 55, `${forgingPayloads.length} payloads`)
  assert.equal(new Set(forgingPayloads.map((payload) => payload.text)).size, forgingPayloads.length, 'none twice')
  for (const payload of forgingPayloads) assert.match(payload.text, /\{m\}/, `${payload.name} names its marker`)
  for (const fence of ['```', '~~~', '````', '``````````', '~~~~~~']) {
    assert.ok(
      forgingPayloads.some((payload) => payload.text.includes(fence)),
      fence
    )
  }
})

for (const profile of ['gfm', 'obsidian'] as const) {
  test.each(carriers.map((carrier) => [carrier.name, carrier] as const))(
    `${profile}: every payload in %s leaves one frontmatter, one title, one heading per turn, and is kept`,
    async (_name, carrier) => {
      const render: RenderOptions = {profile, timeZone: 'UTC'}
      const notes = await notesOf(carrier, render)
      assert.equal(notes.length, 1, `one note of ${carrier.name}`)
      for (const {conversation, markdown} of notes) {
        const tree = parseNote(markdown)
        assert.deepEqual(treeProblems(tree, conversation, render), [], carrier.name)
        assert.deepEqual(unseen(noteText(tree), [carrier], forgingPayloads), [], 'every payload is kept')
      }
    }
  )
}

test('obsidian: a link keeps its address, parentheses and all; a citation’s title is no display math', async () => {
  const wiki = 'https://en.wikipedia.org/wiki/Set_(mathematics)'
  const render: RenderOptions = {profile: 'obsidian'}
  // Slack's link, which the reader writes with its parentheses escaped, and one written so in Markdown.
  for (const [code, text] of [
    ['Slack', `<${wiki}|{m}>`],
    ['Text', `[{m}](${wiki.replace(/[()]/g, '\\$&')}) and \\(x\\)`]
  ] as const) {
    const carrier = carriers.find((candidate) => candidate.code === code)
    assert.ok(carrier)
    const [note] = await notesOf(carrier, render, [{name: 'a link', text}])
    const urls = [...nodesOf(parseNote(note?.markdown ?? ''))].flatMap((node) =>
      node.type === 'link' && node.url.includes('wikipedia') ? [node.url] : []
    )
    assert.deepEqual(urls, [wiki], `${carrier.name}: ${note?.markdown}`)
    // Math the text wrote is still math.
    if (code === 'Text') assert.match(note?.markdown ?? '', / and \$x\$/)
  }
  const cite = carriers.find((carrier) => carrier.code === 'Cite')
  assert.ok(cite)
  const [note] = await notesOf(cite, render, [{name: 'a footnote in a title', text: 'Notes [^1] on {m}'}])
  assert.match(noteText(parseNote(note?.markdown ?? '')), /Notes \[\^1\] on xssCite000/)
})
