import assert from 'node:assert/strict'
import {readFileSync} from 'node:fs'
import {mkdtemp, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {Ajv2020} from 'ajv/dist/2020.js'
import {test} from 'vitest'
import {indexNoteId, markdownWriter} from 'chatmark'
import {builtinWriters} from '../src/writers/builtin-writers.js'
import {jsonWriter} from '../src/writers/json-writer.js'
import {notesIn, repoRoot, runCli} from './run-cli.js'

// `--to markdown|html|json`: the writers registry, and what each writes with `-o` and on stdout.

const chatgptExport = join(repoRoot, 'packages/format-chatgpt/fixtures/odd-conversations/input.json')
const gemini = join(repoRoot, 'packages/format-gemini/fixtures/legacy-json/input.json')

const schema = JSON.parse(
  readFileSync(fileURLToPath(new URL('../schema/chatmark-json.schema.json', import.meta.url)), 'utf8')
) as {$id: string}
const ajv = new Ajv2020({strict: true, allErrors: true})
ajv.addSchema(schema)
const validateJsonConversation = ajv.getSchema(`${schema.$id}#/$defs/jsonConversation`)

test('the built-in writers are markdown, html and json, and each entry says what its writer says', async () => {
  const entries = builtinWriters()
  assert.deepEqual(
    entries.map((entry) => entry.name),
    ['markdown', 'html', 'json']
  )
  for (const entry of entries) {
    const writer = await entry.load()
    assert.deepEqual(
      [writer.name, writer.extension, writer.description],
      [entry.name, entry.extension, entry.description]
    )
    assert.equal(typeof writer.noteId, 'function', `${entry.name} reads its ids back, so re-runs replace`)
  }
  assert.equal(await entries[0]!.load(), markdownWriter)
})

test('--help lists the writers; a bad --to, or --json with another writer, is a usage error', async () => {
  const help = (await runCli(['--help'])).stdout
  assert.match(help, /^ {6}--to <writer> +what to write: markdown \(default\), html or json/m)
  assert.match(
    help,
    /^Writers \(--to.*\n {2}markdown +\.md +Markdown notes.*\n(?: .*\n)* {2}html +\.html +self-contained/m
  )
  for (const [argv, message] of [
    [['--to', 'pdf', gemini], /Unknown writer `pdf` for --to: expected one of markdown, html, json/],
    [['--json', '--to', 'html', gemini], /--json is --to json: it cannot be combined with --to html/],
    [['--list', '--to', 'html', gemini], /--list only lists conversations/],
    [['--explain', '--to', 'json', gemini], /--explain and --json \(--to json\) cannot be combined/]
  ] as const) {
    const run = await runCli([...argv])
    assert.equal(run.code, 2, argv.join(' '))
    assert.match(run.stderr, message)
  }
})

test('--to json on stdout is --json, byte for byte; --to markdown is the default', async () => {
  const json = await runCli(['--json', chatgptExport, gemini])
  assert.equal((await runCli(['--to', 'json', chatgptExport, gemini])).stdout, json.stdout)
  assert.equal((await runCli(['--json', '--to', 'json', gemini])).stdout, (await runCli(['--json', gemini])).stdout)
  assert.equal((await runCli(['--to', 'markdown', gemini])).stdout, (await runCli([gemini])).stdout)
})

test('the JSON writer writes, a turn at a time, each conversation --json prints', async () => {
  const [line] = (await runCli(['--json', chatgptExport])).stdout.trim().split('\n')
  const conversations = (JSON.parse(line!) as {conversations: Array<{id: string}>}).conversations
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-json-'))
  const run = await runCli(['--to', 'json', '-o', dir, chatgptExport])
  assert.equal(run.code, 0, run.stderr)
  const names = await notesIn(dir)
  assert.equal(names.length, conversations.length)
  assert.ok(names.every((name) => name.endsWith('.json')))
  assert.ok(!names.includes('index.json'), 'JSON has no index page')
  for (const name of names) {
    const text = await readFile(join(dir, name), 'utf8')
    const model = JSON.parse(text) as {id: string}
    assert.ok(validateJsonConversation?.(model), `${name}: ${JSON.stringify(validateJsonConversation?.errors)}`)
    assert.equal(text, JSON.stringify(conversations.find((conversation) => conversation.id === model.id)))
    assert.equal(await jsonWriter.noteId?.(text.slice(0, 100)), model.id)
  }
  assert.equal(await jsonWriter.noteId?.('[1, 2]'), undefined)
  assert.equal(await jsonWriter.noteId?.('{"id":"a\\"b","title":'), 'a"b')
})

test('--to html -o writes a page per conversation and an index of them; a re-run replaces both', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-html-'))
  const first = await runCli(['--to', 'html', '-o', dir, chatgptExport, gemini])
  assert.equal(first.code, 0, first.stderr)
  const names = await notesIn(dir)
  assert.equal(names.length, 5, 'three conversations of the export, one session, the index')
  assert.ok(names.every((name) => name.endsWith('.html')))
  const printed = first.stdout.trim().split('\n')
  assert.equal(printed.at(-1), join(dir, 'index.html'), 'the index is written last')
  assert.deepEqual([...printed].sort(), names.map((name) => join(dir, name)).sort())
  const index = await readFile(join(dir, 'index.html'), 'utf8')
  assert.match(index, new RegExp(`<meta name="chatmark-id" content="${encodeURIComponent(indexNoteId)}">`))
  for (const name of names.filter((name) => name !== 'index.html')) {
    assert.match(index, new RegExp(`<a href="${name}">`))
    assert.match(await readFile(join(dir, name), 'utf8'), /^<!doctype html>/)
  }
  assert.match(index, /<summary>Gemini CLI <span class="count">\(1\)<\/span><\/summary>/)

  const second = await runCli(['--to', 'html', '-o', dir, chatgptExport, gemini])
  assert.equal(second.stdout, first.stdout)
  assert.deepEqual(await notesIn(dir), names)
})

test('-o never replaces a file that is not one of its notes: a foreign index.html is kept', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-keep-'))
  await writeFile(join(dir, 'index.html'), '<!doctype html><title>My own page</title>')
  const run = await runCli(['--to', 'html', '-o', dir, chatgptExport])
  assert.equal(run.code, 0, run.stderr)
  assert.equal(await readFile(join(dir, 'index.html'), 'utf8'), '<!doctype html><title>My own page</title>')
  assert.equal(run.stdout.trim().split('\n').at(-1), join(dir, 'index-2.html'))
})

test('the index lists every page in the folder: a run over one input keeps the pages of earlier runs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-index-'))
  // One conversation: an index too, which its page links back to.
  await runCli(['--to', 'html', '-o', dir, gemini])
  assert.deepEqual(await notesIn(dir), ['2026-02-10-fix-the-off-by-one-in-paginate.html', 'index.html'])
  const page = await readFile(join(dir, '2026-02-10-fix-the-off-by-one-in-paginate.html'), 'utf8')
  assert.match(page, /<a href="index.html">All conversations<\/a>/)
  await runCli(['--to', 'html', '-o', dir, chatgptExport])
  await writeFile(join(dir, 'notes.html'), '<!doctype html><title>Mine</title>')
  const again = await runCli(['--to', 'html', '-o', dir, gemini])
  assert.equal(again.code, 0, again.stderr)
  const index = await readFile(join(dir, 'index.html'), 'utf8')
  const listed = [...index.matchAll(/<tr><td><a href="([^"]+)">/g)].map((match) => decodeURIComponent(match[1]!))
  const pages = (await notesIn(dir)).filter((name) => !['index.html', 'notes.html'].includes(name))
  assert.equal(pages.length, 4)
  // Each page under its tool (these name no project).
  assert.deepEqual([...new Set(listed)].sort(), pages.sort())
  assert.match(index, /<p>4 conversations from 2 tools<\/p>/)
})

test('--to html on stdout prints the pages, one after another', async () => {
  const run = await runCli(['--to', 'html', chatgptExport])
  assert.equal(run.code, 0, run.stderr)
  assert.equal(run.stdout.match(/^<!doctype html>/gm)?.length, 3)
  assert.doesNotMatch(run.stdout, /<h1>Conversations<\/h1>/, 'no index page on stdout')
})

test('the library loads the same writers by name, and names the choices for an unknown one', async () => {
  const {loadWriter} = await import('chatmark')
  const conversation = JSON.parse(
    await readFile(join(repoRoot, 'packages/format-gemini/fixtures/legacy-json/conversation.json'), 'utf8')
  ) as import('chatmark').Conversation
  const html = [...(await loadWriter('html')).write(conversation)].join('')
  assert.ok(html.startsWith('<!doctype html>') && html.includes('<section class="turn turn-user'), html.slice(0, 200))
  assert.equal(await loadWriter('markdown'), markdownWriter)
  const json = JSON.parse([...(await loadWriter('json')).write(conversation)].join('')) as {id: string}
  assert.equal(json.id, conversation.id)
  await assert.rejects(loadWriter('pdf'), /No writer named `pdf`: expected one of markdown, html, json/)
})
