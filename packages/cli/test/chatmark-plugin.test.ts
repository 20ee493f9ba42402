import assert from 'node:assert/strict'
import {execFile} from 'node:child_process'
import {readFile} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {promisify} from 'node:util'
import type {Root} from 'mdast'
import remarkStringify from 'remark-stringify'
import {read} from 'to-vfile'
import {unified} from 'unified'
import {VFile} from 'vfile'
import {test} from 'vitest'
import {chatmark, createNormalizer} from 'chatmark'
import type {FormatPlugin} from 'chatmark'
import {fixturePath} from '../../../test/util/fixtures.js'

test('unified().use(chatmark).use(remarkStringify) gives exactly the reviewed note', async () => {
  for (const name of ['claude-code/real-tui-compact', 'gemini/legacy-json', 'slack/day-file']) {
    const input = (await readFile(fixturePath(`${name}/input.json`)).catch(() => undefined))
      ? fixturePath(`${name}/input.json`)
      : fixturePath(`${name}/input.jsonl`)
    const file = await unified()
      .use(chatmark)
      .use(remarkStringify)
      .process(await read(input))
    assert.equal(String(file), await readFile(fixturePath(`${name}/output.md`), 'utf8'), name)
    assert.equal(file.data.conversations?.length, 1)
  }
})

test('a remark plugin between reading and writing sees and changes the semantic tree', async () => {
  const seen = new Set<string>()
  function dropThinking() {
    return (tree: Root) => {
      for (const turn of tree.children) {
        seen.add(turn.type)
        if (turn.type === 'chatmarkTurn') {
          turn.children = turn.children.filter((node) => !(node.type === 'chatmarkFold' && node.kind === 'thinking'))
        }
      }
    }
  }
  const input = await read(fixturePath('claude-code/real-tui-compact/input.jsonl'))
  const plain = String(await unified().use(chatmark).use(remarkStringify).process(input))
  const file = await unified()
    .use(chatmark)
    .use(dropThinking)
    .use(remarkStringify)
    .process(await read(fixturePath('claude-code/real-tui-compact/input.jsonl')))
  assert.ok(plain.includes('<summary>Thinking</summary>'))
  assert.ok(!String(file).includes('<summary>Thinking</summary>'))
  // Notices between turns are top-level nodes; the compaction, with its summary's fold, is a turn of its own.
  assert.deepEqual([...seen].sort(), ['chatmarkFrontmatter', 'chatmarkNotice', 'chatmarkTurn', 'heading'].sort())
})

test('the profile and render options reach the tree and the handlers', async () => {
  const input = fixturePath('claude-code/real-tui-compact/input.jsonl')
  const file = await unified()
    .use(chatmark, {profile: 'obsidian', thinking: false})
    .use(remarkStringify)
    .process(await read(input))
  assert.ok(!String(file).includes('Thinking'))
  assert.ok(String(file).includes('> [!NOTE]'))
  const obsidian = String(
    await unified()
      .use(chatmark, {profile: 'obsidian'})
      .use(remarkStringify)
      .process(await read(input))
  )
  assert.ok(obsidian.includes('> [!quote]- Thinking'))
})

test('detection and reading problems are messages on the file, and every conversation is on file.data', async () => {
  const input = fixturePath('chatgpt/odd-conversations/input.json')
  const file = await unified()
    .use(chatmark, {conversation: 1})
    .use(remarkStringify)
    .process(await read(input))
  assert.equal(String(file), await readFile(fixturePath('chatgpt/odd-conversations/output-2.md'), 'utf8'))
  assert.equal(file.data.conversations?.length, 3)
  const rules = file.messages.map((message) => message.ruleId)
  assert.ok(rules.includes('no-current-node') && rules.includes('not-a-conversation'), rules.join(', '))
  assert.ok(file.messages.every((message) => message.file === input))

  const byId = await unified()
    .use(chatmark, {conversation: file.data.conversations?.[2]?.id ?? ''})
    .use(remarkStringify)
    .process(await read(input))
  assert.equal(String(byId), await readFile(fixturePath('chatgpt/odd-conversations/output-3.md'), 'utf8'))
})

test('a file that cannot be read rejects with a fatal message naming it; so does a missing conversation', async () => {
  const binary = new VFile({path: 'blob.bin', value: new Uint8Array([0, 1, 2, 255, 254, 0, 0, 7])})
  await assert.rejects(unified().use(chatmark).use(remarkStringify).process(binary), (error: unknown) => {
    assert.ok(error instanceof Error && 'fatal' in error && error.fatal === true)
    assert.match(String(error), /blob\.bin/)
    return true
  })
  const session = await read(fixturePath('gemini/legacy-json/input.json'))
  await assert.rejects(
    unified().use(chatmark, {conversation: 'nope'}).use(remarkStringify).process(session),
    /no conversation "nope" in .*input\.json \(it holds 1 conversation\)/
  )
})

test('a normalizer with a user format reads that format', async () => {
  // A plain-JavaScript module without types: imported by address, typed here (as test-kit.test.ts does).
  const example = new URL('../../../examples/custom-format/irc-format.js', import.meta.url)
  const {default: ircFormat} = (await import(example.href)) as {default: () => FormatPlugin}
  const normalizer = createNormalizer({formats: [ircFormat()]})
  const file = await unified()
    .use(chatmark, {normalizer})
    .use(remarkStringify)
    .process(await read(fileURLToPath(new URL('../../../examples/custom-format/sample.irclog', import.meta.url))))
  assert.equal(file.data.conversation?.source.format, 'irc')
  assert.match(String(file), /^---\ntitle: /)
})

test('the runnable example converts a file, turning the shortcodes people typed into emoji', async () => {
  const script = fileURLToPath(new URL('../../../examples/unified-pipeline/convert.js', import.meta.url))
  const sample = fileURLToPath(new URL('../../../examples/unified-pipeline/sample.txt', import.meta.url))
  const {stdout} = await promisify(execFile)(process.execPath, [script, sample])
  // The title heading's shortcode too, and so the frontmatter's title, which repeats the heading.
  assert.ok(stdout.startsWith('---\ntitle: Ship the release today 🚀\n'), stdout)
  assert.ok(stdout.includes('\n# Ship the release today 🚀\n'), stdout)
  assert.ok(stdout.includes('Tagged `v2.3.0 :tada:` (a code span keeps what was typed)'), stdout)
  assert.ok(stdout.includes('Done 🎉'), stdout)
})
