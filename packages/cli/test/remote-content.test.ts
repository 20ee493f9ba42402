import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {beforeAll, test} from 'vitest'
import {runSyncHere as runSync} from '../../../test/util/run-sync.js'
import {repoRoot, runCli} from './run-cli.js'

// A ChatGPT export whose answer holds a remote image and an iframe, as a model's answer may (or text pasted into a
// chat): Obsidian fetches both as the note is opened. By default (`--remote-content link`) the note has a link and
// a code block instead, in both profiles and in sync; `--remote-content keep` (or the vault's config) keeps them.

const payload =
  'Here is the chart: ![sales chart](https://tracker.example/pixel.png?u=42)\n\n' +
  '<iframe src="https://tracker.example/embed" width="600"></iframe>'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'chatmark-remote-content-'))
  const conversations = JSON.parse(
    await readFile(join(repoRoot, 'packages/format-chatgpt/fixtures/branches-current/input.json'), 'utf8')
  ) as {mapping: Record<string, {message?: {author?: {role?: string}; content?: {parts?: unknown[]}}}>}[]
  const answers = Object.values(conversations[0]?.mapping ?? {}).filter(
    (node) => node.message?.author?.role === 'assistant' && typeof node.message.content?.parts?.[0] === 'string'
  )
  for (const node of answers) {
    const parts = node.message?.content?.parts ?? []
    parts[0] = `${String(parts[0])}\n\n${payload}`
  }
  await writeFile(join(dir, 'export.json'), JSON.stringify(conversations))
})

/** Whether a note holds the payload live: the image, the iframe as HTML. */
function live(note: string): boolean {
  return note.includes('![sales chart](https://tracker.example/pixel.png?u=42)') || note.includes('\n\n<iframe ')
}

/** Whether a note holds the payload made safe: a link to the image, the iframe's HTML as code. */
function safe(note: string): boolean {
  return (
    note.includes('[Image: sales chart](https://tracker.example/pixel.png?u=42)') &&
    note.includes('```html\n<iframe src="https://tracker.example/embed" width="600"></iframe>\n```')
  )
}

test('no remote image or iframe is live in a note by default; --remote-content keep keeps it', async () => {
  for (const profile of ['gfm', 'obsidian']) {
    const note = await runCli(['--profile', profile, join(dir, 'export.json')])
    assert.equal(note.code, 0, note.stderr)
    assert.ok(safe(note.stdout) && !live(note.stdout), note.stdout)
    const link = await runCli(['--profile', profile, '--remote-content', 'link', join(dir, 'export.json')])
    assert.equal(link.stdout, note.stdout)
    const kept = await runCli(['--profile', profile, '--remote-content', 'keep', join(dir, 'export.json')])
    assert.ok(live(kept.stdout) && !safe(kept.stdout), kept.stdout)
  }
  const wrong = await runCli(['--remote-content', 'drop', join(dir, 'export.json')])
  assert.equal(wrong.code, 2)
  assert.match(wrong.stderr, /Unknown --remote-content `drop`: expected `link` or `keep`/)
})

test('sync writes the notes the same way; --remote-content or the vault’s config keeps them, and back', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-remote-sync-'))
  await writeFile(join(home, 'export.json'), await readFile(join(dir, 'export.json')))
  const note = async (): Promise<string> => {
    const found: string[] = []
    for (const entry of await readdir(join(home, 'vault'), {recursive: true, withFileTypes: true})) {
      if (entry.isFile() && entry.name.endsWith('.md') && !entry.parentPath.includes('.chatmark')) {
        found.push(await readFile(join(entry.parentPath, entry.name), 'utf8'))
      }
    }
    const notes = found.filter((text) => text.includes('tracker.example'))
    assert.equal(notes.length, 1)
    return notes[0] ?? ''
  }
  const sync = (...argv: string[]) => runSync(['vault', '--no-defaults', '--quiet', 'export.json', ...argv], {home})
  assert.equal((await sync()).code, 0)
  assert.ok(safe(await note()), await note())
  // A change of the option renders the notes again.
  assert.match((await sync('--remote-content', 'keep')).stderr, /the options changed[\s\S]*\n0 new, 1 updated/)
  assert.ok(live(await note()), await note())
  await mkdir(join(home, 'vault', '.chatmark'), {recursive: true})
  await writeFile(join(home, 'vault', '.chatmark', 'config.yaml'), 'remote-content: keep\n')
  assert.match((await sync()).stderr, /^0 new, 0 updated, 1 unchanged/)
  assert.match((await sync('--remote-content', 'link')).stderr, /the options changed[\s\S]*\n0 new, 1 updated/)
  assert.ok(safe(await note()), await note())
  await writeFile(join(home, 'vault', '.chatmark', 'config.yaml'), 'remote-content: drop\n')
  const wrong = await sync()
  assert.equal(wrong.code, 2)
  assert.match(wrong.stderr, /config\.yaml: remote-content is link or keep, not drop/)
})
