import assert from 'node:assert/strict'
import {existsSync} from 'node:fs'
import {mkdtemp, readdir, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {gzipSync} from 'node:zlib'
import {test} from 'vitest'
import {copiedBundle, runNode} from './bundle.js'
import {repoRoot, runCli} from './run-cli.js'

// The bundled command (dist/bundle/, made by the build) is copied into an empty
// temporary folder and run there with `node`: nothing in node_modules can help it.

const fixtures = join(repoRoot, 'fixtures')
const legacy = join(fixtures, 'gemini/legacy-json/input.json')
const legacyNote = join(fixtures, 'gemini/legacy-json/output.md')

let copy: Promise<string> | undefined
/** One copy of the bundle for the whole file. */
const bundle = (): Promise<string> => (copy ??= copiedBundle())

test('the bundle runs from an empty folder: a session becomes its reviewed note', async () => {
  const entry = await bundle()
  const run = await runNode([entry, legacy], dirname(entry))
  assert.equal(run.stderr, '')
  assert.equal(run.code, 0)
  assert.equal(run.stdout, await readFile(legacyNote, 'utf8'))
  const version = JSON.parse(await readFile(join(repoRoot, 'packages/cli/package.json'), 'utf8')).version
  assert.equal((await runNode([entry, '--version'], dirname(entry))).stdout, `chatmark ${version}\n`)
})

/** The command-line flags for a fixture's `options.json` (format options only). */
function fixtureFlags(options: {format?: Record<string, unknown>}): string[] {
  const flags: string[] = []
  for (const [key, value] of Object.entries(options.format ?? {})) {
    if (key === 'branches' || key === 'view') flags.push(`--${key}`, String(value))
    else if (key === 'slackSplit') flags.push('--slack-split', String(value))
    else if (key === 'subagents' && value === true) flags.push('--subagents')
    else if (key === 'keepMeta' && value === true) flags.push('--keep-meta')
    else throw new Error(`no flag for the format option ${key}`)
  }
  return flags
}

const cases: Array<{name: string; dir: string; input: string}> = []
for (const tool of (await readdir(fixtures, {withFileTypes: true})).filter((entry) => entry.isDirectory())) {
  if (tool.name === 'corpus') continue
  for (const name of (await readdir(join(fixtures, tool.name))).sort()) {
    const dir = join(fixtures, tool.name, name)
    const input = (await readdir(dir).catch(() => [])).find((file) => file === 'input' || file.startsWith('input.'))
    if (input) cases.push({name: `${tool.name}/${name}`, dir, input: join(dir, input)})
  }
}

// Zip exports, zstd rollouts, Slack folders, markdown-it, YAML: every chunk that
// a golden note needs loads from the copy.
for (const fixture of cases) {
  test.concurrent(`${fixture.name}: the bundle in an empty folder writes the reviewed notes`, async () => {
    const entry = await bundle()
    const optionsPath = join(fixture.dir, 'options.json')
    const flags = existsSync(optionsPath) ? fixtureFlags(JSON.parse(await readFile(optionsPath, 'utf8'))) : []
    const run = await runNode([entry, ...flags, fixture.input], dirname(entry))
    const names = (await readdir(fixture.dir)).filter((name) => /^output(-\d+)?\.md$/.test(name))
    names.sort((a, b) => (Number(/\d+/.exec(a)?.[0] ?? 1) || 1) - (Number(/\d+/.exec(b)?.[0] ?? 1) || 1))
    const notes = await Promise.all(names.map((name) => readFile(join(fixture.dir, name), 'utf8')))
    assert.equal(run.stdout, notes.join('\n'), run.stderr)
  })
}

test('render options, gzip and --parse-messages give the same notes from the bundle as from the library', async () => {
  const entry = await bundle()
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-gz-'))
  const gzipped = join(dir, 'session.json.gz')
  await writeFile(gzipped, gzipSync(await readFile(legacy)))
  const inputs = [
    join(fixtures, 'plaintext/hostile-content/input.txt'),
    join(fixtures, 'claude-code/real-tui-compact/input.jsonl'),
    join(fixtures, 'gemini/compress-rewind/input.jsonl'),
    gzipped
  ]
  for (const options of [
    ['--parse-messages'],
    ['--profile', 'obsidian', '--no-thinking', '--no-notices'],
    ['--time-zone', 'Asia/Tokyo', '--max-result-chars', '100']
  ]) {
    const bundled = await runNode([entry, ...options, ...inputs], dirname(entry))
    const library = await runCli([...options, ...inputs])
    assert.equal(bundled.stderr, library.stderr)
    assert.equal(bundled.code, library.code)
    assert.equal(bundled.stdout, library.stdout, options.join(' '))
  }
})

test('the bundle writes notes into a folder, and a second run replaces them', async () => {
  const entry = await bundle()
  const out = join(await mkdtemp(join(tmpdir(), 'chatmark-out-')), 'notes')
  const first = await runNode([entry, '-o', out, legacy], dirname(entry))
  assert.equal(first.stderr, '')
  // Besides the notes, the ledger of what chatmark wrote (`.chatmark-written`), hidden.
  const names = (await readdir(out)).filter((name) => !name.startsWith('.'))
  assert.deepEqual(names, ['2026-02-10-fix-the-off-by-one-in-paginate.md'])
  assert.equal(first.stdout, `${join(out, names[0]!)}\n`)
  // The existing note's frontmatter is read (YAML's parser, a chunk of its own) and found to be the same conversation.
  const second = await runNode([entry, '-o', out, legacy], dirname(entry))
  assert.equal(second.stdout, first.stdout)
  assert.deepEqual(
    (await readdir(out)).filter((name) => !name.startsWith('.')),
    names
  )
  assert.equal(await readFile(join(out, names[0]!), 'utf8'), await readFile(legacyNote, 'utf8'))
})

test('the progress bar chunk loads and draws from the empty folder', async () => {
  const entry = await bundle()
  const chunks = join(dirname(entry), 'chunks')
  const chunk = (await readdir(chunks)).find((name) => /^progress-bar-.*\.js$/.test(name))
  assert.ok(chunk, 'a chunk for the progress bar')
  const script = `
    import {Writable} from 'node:stream'
    const module = await import(${JSON.stringify(join(chunks, chunk))})
    const createProgress = Object.values(module).find((value) => /^createProgress/.test(value.name))
    let text = ''
    const stream = Object.assign(new Writable({write(chunk, encoding, done) { text += chunk; done() }}),
      {isTTY: true, columns: 100, cursorTo: () => true, clearLine: () => true, moveCursor: () => true})
    const progress = createProgress('big.json', stream)
    progress.read(64 * 1024 * 1024, 128 * 1024 * 1024)
    progress.stop()
    process.stdout.write(text)`
  const run = await runNode(['--input-type=module', '-e', script], dirname(entry))
  assert.equal(run.stderr, '')
  assert.match(run.stdout, /big\.json \[.*\] 50% \| 64\.0 MB of 128\.0 MB/)
})
