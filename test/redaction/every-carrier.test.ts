import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readdir, readFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {gunzipSync} from 'node:zlib'
import {Readable} from 'node:stream'
import {main} from 'chatmark'
import {test} from 'vitest'
import {runInstalled} from '../util/installed.js'
import {runSyncHere} from '../util/run-sync.js'
import {carriers, writeCarrier} from './carriers.js'
import {ordinaryTexts, secretSamples} from './secret-samples.js'

// Issue 25, item 6: every kind of secret, in every place a transcript carries text, through every writer and
// sync: no piece of the secret is in what chatmark writes (the notes, stdout, stderr, the vault and its state),
// and its marker names its kind. Text that only looks like a secret's surroundings comes through unchanged.

// A reader may fold a session's last line into what ends it (Claude Code's last system line): it is not a sample.
const texts = [...secretSamples.map((sample) => sample.text), ...ordinaryTexts, 'The end.']

/** What a reader of an output reads: Markdown's backslash escapes and HTML's and Markdown's entities resolved. */
function asRead(text: string): string {
  return text
    .replace(/\\([!-/:-@[-`{-~])/g, '$1')
    .replace(/&#x([\da-f]+);/gi, (_, code: string) => String.fromCodePoint(Number.parseInt(code, 16)))
    .replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
    .replace(
      /&(?:amp|lt|gt|quot|apos);/g,
      (entity) => ({'&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'"})[entity] ?? entity
    )
}

/** The pieces of secrets an output shows, by kind, as `kind: piece`. */
function leaks(output: string): string[] {
  const read = `${output}\n${asRead(output)}`
  return secretSamples.flatMap((sample) =>
    sample.cores.filter((core) => read.includes(core)).map((core) => `${sample.kind}: ${core}`)
  )
}

/** The kinds whose marker an output lacks (an HTML page may split a marker with a link's end tag). */
function unnamed(output: string): string[] {
  const read = asRead(output.replace(/<\/?[a-z][a-z\d]*(?:\s[^<>]*)?>/g, ''))
  return [...new Set(secretSamples.map((sample) => sample.kind))].filter(
    (kind) => !read.includes(`[redacted: ${kind}]`)
  )
}

async function run(argv: string[], cwd: string): Promise<{code: number; out: string}> {
  let stdout = ''
  let stderr = ''
  const code = await main(argv, {
    stdout: {
      write: (chunk: string) => {
        stdout += chunk
      }
    },
    stderr: {
      write: (chunk: string) => {
        stderr += chunk
      }
    },
    stdin: Readable.from([]),
    cwd
  })
  return {code, out: `${stdout}\n${stderr}`}
}

/** Every file under a folder (the vault, its `.chatmark` state too, gzipped bases unzipped), with its path. */
async function folderText(dir: string): Promise<string> {
  const pieces: string[] = []
  for (const entry of await readdir(dir, {recursive: true, withFileTypes: true})) {
    if (!entry.isFile()) continue
    const path = join(entry.parentPath, entry.name)
    const bytes = await readFile(path)
    pieces.push(path, (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8'))
  }
  return pieces.join('\n')
}

const writers = ['markdown', 'html', 'json', 'sync'] as const

for (const carrier of carriers) {
  for (const writer of writers) {
    test(`${carrier.name} through ${writer}: no secret is written, each is named by its kind`, async () => {
      const dir = await mkdtemp(join(tmpdir(), 'chatmark-redact-carrier-'))
      const input = await writeCarrier(dir, carrier, texts)
      let output: string
      if (writer === 'sync') {
        const vault = join(dir, 'vault')
        const synced = await runSyncHere([vault, '--no-defaults', input], {home: dir})
        assert.equal(synced.code, 0, synced.stderr)
        output = `${synced.stdout}\n${synced.stderr}\n${await folderText(vault)}`
      } else {
        const converted = await run(['--to', writer, input], dir)
        assert.equal(converted.code, 0, converted.out)
        output = converted.out
      }
      assert.deepEqual(leaks(output), [], 'pieces of secrets in the output')
      assert.deepEqual(unnamed(output), [], 'kinds with no marker in the output')
      if (writer === 'json') {
        // As the reader wrote it: Slack's and the citations' escapes and autolinks are the readers' own.
        const read = asRead(output.replace(/\\\\/g, '\\')).replace(/<(https?:[^<>\s]+)>/g, '$1')
        for (const text of ordinaryTexts) assert.ok(read.includes(JSON.stringify(text).slice(1, -1)), text)
      }
    })
  }
}

test('--list and the warnings that quote titles show no secret', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-redact-titles-'))
  const titles = carriers.find((carrier) => carrier.name === 'title')
  assert.ok(titles)
  const input = await writeCarrier(dir, titles, texts)
  const listed = await run(['--list', input], dir)
  assert.equal(listed.code, 0, listed.out)
  assert.deepEqual(leaks(listed.out), [])
  assert.deepEqual(unnamed(listed.out), [])

  // A conversation with nothing to show is skipped with a warning that quotes its title (cut at 80 characters).
  const empty = texts.map((text, index) => ({
    title: `${'Notes '.repeat(index % 14)}${text}`,
    create_time: 1767261600,
    mapping: {root: {id: 'root', message: null, parent: null, children: []}},
    id: `e-${index}`
  }))
  const file = join(dir, 'empty.json')
  await writeFileText(file, JSON.stringify(empty))
  const warned = await run(['--to', 'json', file], dir)
  assert.match(warned.out, /has no message to show: skipped/)
  assert.deepEqual(leaks(warned.out), [])
})

async function writeFileText(path: string, text: string): Promise<void> {
  const {writeFile} = await import('node:fs/promises')
  await writeFile(path, text)
}

test('the installed command, its workers and its bundled rules redact as the sources do', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-redact-installed-'))
  const inputs: string[] = []
  for (const name of ['Slack mrkdwn', 'ChatGPT citation', 'tool input key']) {
    const carrier = carriers.find((each) => each.name === name)
    assert.ok(carrier)
    await mkdir(join(dir, String(inputs.length)))
    inputs.push(await writeCarrier(join(dir, String(inputs.length)), carrier, texts))
  }
  const run = await runInstalled(['-j', '2', '--to', 'html', '-o', 'out', ...inputs], {cwd: dir})
  assert.equal(run.code, 0, run.stderr)
  const output = `${run.stdout}\n${run.stderr}\n${await folderText(join(dir, 'out'))}`
  assert.deepEqual(leaks(output), [])
  assert.deepEqual(unnamed(output), [])
})
