import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {readdir, readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {expect, test} from 'vitest'
import {htmlWriter} from '@chatmark/writer-html'
import type {Conversation, RenderOptions} from 'chatmark'
import {conversationToMdast, toNote, validateConversation} from 'chatmark'
import {fixturesRoot} from './util/fixtures.js'
import {pageProblems} from './util/page-problems.js'
import {structureProblems} from './util/structure.js'

// The writer layer: hand-written models in `fixtures/writers/<case>/conversation.json`,
// rendered by the writers alone (no format, no input), so a renderer change shows up
// here even when no reader produces the shape. Each case is rendered under the
// default options into `output.md` (Markdown) and `output.html` (a web page); its
// `options.json`, when it has one, names more Markdown renderings:
// `{"variants": {"obsidian": {"profile": "obsidian"}}}` writes `output-obsidian.md`
// with those render options. `vitest run -u` rewrites the outputs after a
// deliberate change, and the diff is reviewed before it is committed.

/** A writer case's `options.json`: named render options, one extra note each. */
interface WriterOptions {
  variants?: Record<string, RenderOptions>
}

const writersRoot = join(fixturesRoot, 'writers')
const cases = (await readdir(writersRoot, {withFileTypes: true}))
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort()

test('there are hand-written models for the writer', () => {
  assert.ok(cases.length > 0, `no cases in ${writersRoot}`)
})

for (const name of cases) {
  test(`writers/${name}: the model is valid and its notes match the reviewed outputs`, async () => {
    const dir = join(writersRoot, name)
    const model: unknown = JSON.parse(await readFile(join(dir, 'conversation.json'), 'utf8'))
    assert.equal(validateConversation(model), undefined)
    const conversation = model as Conversation
    const optionsPath = join(dir, 'options.json')
    const options = existsSync(optionsPath) ? (JSON.parse(await readFile(optionsPath, 'utf8')) as WriterOptions) : {}

    const renderings: Array<[string, RenderOptions]> = [
      ['output.md', {}],
      ...Object.entries(options.variants ?? {}).map(([variant, render]): [string, RenderOptions] => [
        `output-${variant}.md`,
        render
      ])
    ]
    for (const [file, render] of renderings) {
      const markdown = toNote(conversation, render)
      assert.deepEqual(structureProblems(markdown, conversation, render), [], file)
      await expect(markdown).toMatchFileSnapshot(join(dir, file))
    }
    const html = [...htmlWriter.write(conversation)].join('')
    assert.deepEqual(pageProblems(html), [], 'output.html')
    // One section per turn of the note (a subagent's turns nested in theirs), as the tree has them.
    assert.equal(html.match(/<section class="turn /g)?.length ?? 0, countTurns(conversationToMdast(conversation)))
    await expect(html).toMatchFileSnapshot(join(dir, 'output.html'))
    const names = [...renderings.map(([file]) => file), 'output.html']
    const stale = (await readdir(dir)).filter((file) => /^output(-.+)?\.(md|html)$/.test(file) && !names.includes(file))
    assert.deepEqual(stale, [], 'reviewed notes for renderings options.json no longer asks for')
  })
}

/** The `chatmarkTurn` nodes of a tree, nested ones included. */
function countTurns(node: {type: string; children?: unknown[]}): number {
  const own = node.type === 'chatmarkTurn' ? 1 : 0
  const children = (node.children ?? []) as Array<{type: string; children?: unknown[]}>
  return own + children.reduce((sum, child) => sum + countTurns(child), 0)
}
