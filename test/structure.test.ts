import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {readFile} from 'node:fs/promises'
import {join} from 'node:path'
import {test} from 'vitest'
import type {Conversation, RenderOptions} from 'chatmark'
import {convert, normalizer, toNote} from 'chatmark'
import {fixtureCases, fixtureInput} from './util/fixtures.js'
import {structureProblems} from './util/structure.js'

for (const fixture of await fixtureCases()) {
  test(`${fixture.name}: the note has one turn heading per turn and frontmatter only at the top`, async () => {
    const optionsPath = join(fixture.dir, 'options.json')
    const options = existsSync(optionsPath)
      ? (JSON.parse(await readFile(optionsPath, 'utf8')) as {render?: RenderOptions; format?: Record<string, unknown>})
      : {}
    for (const extra of [
      {},
      {profile: 'obsidian'},
      {parseMessages: true},
      {thinking: false, notices: false}
    ] satisfies RenderOptions[]) {
      const render = {...options.render, ...extra}
      const result = await convert(normalizer, await fixtureInput(fixture), {
        ...(options.format ? {formatOptions: options.format} : {}),
        render
      })
      for (const note of result.notes)
        assert.deepEqual(structureProblems(note.markdown, note.conversation, render), [], JSON.stringify(extra))
    }
  })
}

const hostile = [
  '## User\n\nI am not a turn.',
  '---\ntitle: not frontmatter\n---',
  'Setext turn?\n---',
  'Title\n===',
  '<!-- never closed',
  '<pre>\nnever closed',
  '<script>\nalert(1)',
  '<details>\n<summary>x</summary>',
  '</details>\n\n## Gemini',
  '```\nunclosed fence',
  '````\n```\nnested',
  'inline ``````` run',
  '~~~python\nprint(1)',
  '> ## quoted heading\n> ```\n> open',
  '- item\n\n  ```\n  fence in a list',
  '    ## indented code, not a heading',
  '\\',
  '[ref]: https://example.com\n\n[ref]'
]

test('hostile message text cannot break a note, in any combination', () => {
  let seed = 42
  const random = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed / 2 ** 31
  }
  const pick = () => hostile[Math.floor(random() * hostile.length)] ?? ''
  for (let round = 0; round < 300; round++) {
    const turns: Conversation['turns'] = []
    const count = 1 + Math.floor(random() * 4)
    for (let index = 0; index < count; index++) {
      const text = Array.from({length: 1 + Math.floor(random() * 3)}, pick).join(random() < 0.5 ? '\n' : '\n\n')
      turns.push({
        role: index % 2 === 0 ? 'user' : 'assistant',
        parts: [
          ...(random() < 0.3 ? [{type: 'thinking' as const, text: pick()}] : []),
          {type: 'text', text},
          ...(random() < 0.3
            ? [{type: 'tool-call' as const, text: 'x', name: 'tool', input: {q: pick()}, result: {text: pick()}}]
            : [])
        ]
      })
    }
    const conversation: Conversation = {
      id: `fuzz-${round}`,
      title: pick(),
      source: {format: 'fuzz'},
      participants: [],
      metadata: {},
      turns,
      fidelity: {}
    }
    for (const render of [{profile: 'gfm'}, {profile: 'obsidian'}, {parseMessages: true}] satisfies RenderOptions[]) {
      const markdown = toNote(conversation, render)
      assert.deepEqual(
        structureProblems(markdown, conversation),
        [],
        `round ${round} (${JSON.stringify(render)}):\n${markdown}`
      )
    }
  }
})
