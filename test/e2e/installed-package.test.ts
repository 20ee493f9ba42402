import assert from 'node:assert/strict'
import {execFile, spawn} from 'node:child_process'
import {mkdir, mkdtemp, readdir, readFile, symlink, writeFile} from 'node:fs/promises'
import {createRequire} from 'node:module'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {promisify} from 'node:util'
import {gzipSync} from 'node:zlib'
import {test} from 'vitest'
import {runCli} from '../../packages/cli/test/run-cli.js'
import {installedPackage, runCommand, runInstalled, userEnvironment} from '../util/installed.js'

// The `chatmark` package as a user gets it: `npm pack` of packages/cli, installed with `npm install -g` into an
// empty prefix (test/setup/installed-package.ts). What it holds, what it depends on, and that the command, the
// library entry, the test kit and their types work from a folder that has nothing of this repository.

const repoRoot = join(import.meta.dirname, '..', '..')
const packages = join(repoRoot, 'packages')
const legacy = join(packages, 'format-gemini/fixtures/legacy-json/input.json')
const legacyNote = join(packages, 'format-gemini/fixtures/legacy-json/output.md')
const files = promisify(execFile)

/** An empty folder with the installed package as its only dependency, as `npm install chatmark` leaves it. */
async function consumerProject(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-consumer-'))
  await mkdir(join(dir, 'node_modules', '@types'), {recursive: true})
  await symlink(installedPackage().packageRoot, join(dir, 'node_modules', 'chatmark'), 'dir')
  // A TypeScript user has Node's types; chatmark's declarations name `node:stream` and such.
  const nodeTypes = dirname(createRequire(import.meta.url).resolve('@types/node/package.json'))
  await symlink(nodeTypes, join(dir, 'node_modules', '@types', 'node'), 'dir')
  await writeFile(join(dir, 'package.json'), JSON.stringify({name: 'consumer', private: true, type: 'module'}))
  return dir
}

test('the tarball holds the bundle, its types, the schema and the README, and depends on no workspace', async () => {
  const {tarball, packageRoot} = installedPackage()
  const {stdout} = await files('tar', ['-tzf', tarball])
  const listed = stdout
    .trim()
    .split('\n')
    .map((path) => path.replace(/^package\//, ''))
  const shipped = /^(dist\/bundle\/|dist\/types\/[\w-]+\.d\.ts$|schema\/|bin\/chatmark\.js$|README\.md$|LICENSE$)/
  const outside = listed.filter((path) => path !== 'package.json' && !shipped.test(path))
  assert.deepEqual(outside, [], 'files outside the bundle, its types and docs')
  for (const needed of [
    'dist/bundle/chatmark.js',
    'dist/bundle/index.js',
    'dist/bundle/test-kit.js',
    'dist/bundle/convert-worker.js',
    'dist/bundle/sql-wasm.wasm',
    'dist/bundle/emojibase-data/en/compact.json',
    'dist/bundle/emojibase-data/en/shortcodes/iamcal.json',
    'dist/types/index.d.ts',
    'dist/types/test-kit.d.ts',
    'LICENSE'
  ]) {
    assert.ok(listed.includes(needed), `${needed} is not in the tarball`)
  }
  const manifest = JSON.parse(await readFile(join(packageRoot, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>
  }
  for (const [name, range] of Object.entries(manifest.dependencies ?? {})) {
    assert.ok(!name.startsWith('@chatmark/'), `${name} is a workspace package, on no registry`)
    assert.match(range, /^\^?\d+\.\d+\.\d+$/, `${name}@${range} is not a registry version`)
  }
  // Every dependency npm installed is there and satisfied.
  const listing = await files('npm', ['ls', '--global', '--prefix', installedPackage().prefix, '--all', '--json'], {
    env: userEnvironment()
  })
  const tree = JSON.parse(listing.stdout) as {problems?: string[]; dependencies?: Record<string, unknown>}
  assert.deepEqual(tree.problems ?? [], [])
  assert.ok(tree.dependencies?.chatmark)
})

test('the installed command runs from an empty folder: a session becomes its reviewed note', async () => {
  const empty = await mkdtemp(join(tmpdir(), 'chatmark-empty-'))
  const run = await runInstalled([legacy], {cwd: empty})
  assert.equal(run.stderr, '')
  assert.equal(run.code, 0)
  assert.equal(run.stdout, await readFile(legacyNote, 'utf8'))
  const {version} = JSON.parse(await readFile(join(repoRoot, 'packages/cli/package.json'), 'utf8')) as {
    version: string
  }
  assert.equal((await runInstalled(['--version'], {cwd: empty})).stdout, `chatmark ${version}\n`)
})

test('a Slack export with emoji shortcodes reads through the installed command (the emoji tables ship)', async () => {
  const dir = join(packages, 'format-slack/fixtures/emoji-shortcodes')
  const run = await runInstalled([join(dir, 'input.json')], {cwd: await mkdtemp(join(tmpdir(), 'chatmark-'))})
  assert.equal(run.code, 0, run.stderr)
  assert.equal(run.stdout, await readFile(join(dir, 'output.md'), 'utf8'))
  assert.match(run.stdout, /🚀/)
})

test('render options, gzip and --parse-messages: the installed command writes what the sources write', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-gz-'))
  const gzipped = join(dir, 'session.json.gz')
  await writeFile(gzipped, gzipSync(await readFile(legacy)))
  const inputs = [
    join(packages, 'format-plaintext/fixtures/hostile-content/input.txt'),
    join(packages, 'format-claude/fixtures/claude-code/real-tui-compact/input.jsonl'),
    join(packages, 'format-gemini/fixtures/compress-rewind/input.jsonl'),
    join(packages, 'format-opencode/fixtures/database/input.db'),
    gzipped
  ]
  for (const options of [
    ['--parse-messages'],
    [
      '--profile',
      'obsidian',
      '--no-thinking',
      '--no-notices',
      '--time-zone',
      'Asia/Tokyo',
      '--max-result-chars',
      '100'
    ],
    ['--to', 'html'],
    ['--json']
  ]) {
    const installed = await runInstalled([...options, ...inputs], {cwd: dir})
    const library = await runCli([...options, ...inputs])
    assert.equal(installed.stderr, library.stderr)
    assert.equal(installed.code, library.code)
    assert.equal(installed.stdout, library.stdout, options.join(' '))
  }
})

test('the installed command writes notes into a folder, with workers, and a second run keeps them', async () => {
  const out = join(await mkdtemp(join(tmpdir(), 'chatmark-out-')), 'notes')
  const inputs = [
    'format-aider/fixtures/real-head/input.md',
    'format-codex/fixtures/keep-meta/input.jsonl',
    'format-gemini/fixtures/legacy-json/input.json'
  ]
  const first = await runInstalled(['-j', '2', '-o', out, ...inputs.map((path) => join(packages, path))], {
    cwd: repoRoot
  })
  assert.equal(first.code, 0, first.stderr)
  const names = (await readdir(out)).filter((name) => !name.startsWith('.'))
  assert.ok(names.includes('2026-02-10-fix-the-off-by-one-in-paginate.md'), names.join(', '))
  assert.equal(first.stdout.trim().split('\n').length, names.length)
  // The existing notes' frontmatter is read (YAML's parser, a chunk of its own) and found to be the same.
  const second = await runInstalled(['-j', '2', '-o', out, ...inputs.map((path) => join(packages, path))], {
    cwd: repoRoot
  })
  assert.equal(second.code, 0, second.stderr)
  assert.deepEqual(
    (await readdir(out)).filter((name) => !name.startsWith('.')),
    names
  )
  assert.equal(
    await readFile(join(out, '2026-02-10-fix-the-off-by-one-in-paginate.md'), 'utf8'),
    await readFile(legacyNote, 'utf8')
  )
})

test('the library entry converts, renders a model with toNote and redacts, in a project that has it', async () => {
  const project = await consumerProject()
  const script = `
    import {readFile} from 'node:fs/promises'
    import {convert, inputFromPath, normalizer, toNote, redactSecrets} from 'chatmark'
    const [input, model] = process.argv.slice(2)
    const {notes} = await convert(normalizer, await inputFromPath(input))
    // A model from JSON, rendered with no reading before it: the renderers' optional modules must be there.
    const conversation = JSON.parse(await readFile(model, 'utf8'))
    const note = toNote(conversation)
    // secretlint's rules, loaded from chunks of their own.
    const {title: redacted} = await redactSecrets({...conversation, title: 'AKIAZ7Q2XW4M5N6P3R8T'})
    process.stdout.write(JSON.stringify({converted: notes[0].markdown, note, redacted}))`
  await writeFile(join(project, 'use.mjs'), script)
  const hostile = join(packages, 'format-plaintext/fixtures/hostile-content')
  const run = await runCommand(process.execPath, ['use.mjs', legacy, join(hostile, 'conversation.json')], {
    cwd: project
  })
  assert.equal(run.code, 0, run.stderr)
  const {converted, note, redacted} = JSON.parse(run.stdout) as Record<string, string>
  assert.equal(converted, await readFile(legacyNote, 'utf8'))
  assert.equal(note, await readFile(join(hostile, 'output.md'), 'utf8'))
  assert.equal(redacted, '[redacted: AWS access key ID]')
})

test('the test kit checks a format from a project that installed chatmark', async () => {
  const project = await consumerProject()
  const script = `
    import {checkDetection, checkGolden} from 'chatmark/test-kit'
    import {builtinFormats} from 'chatmark'
    const gemini = builtinFormats().find((format) => format.name === 'gemini')
    const [input, expected] = process.argv.slice(2)
    const report = await checkDetection({format: gemini, fixtures: [input]})
    await checkGolden({format: gemini, input, expected})
    process.stdout.write(report.fixtures[0].verdict.confidence)`
  await writeFile(join(project, 'kit.mjs'), script)
  const run = await runCommand(process.execPath, ['kit.mjs', legacy, dirname(legacy)], {cwd: project})
  assert.equal(run.stderr, '')
  assert.equal(run.stdout, 'certain')
})

test('the types of the library and the test kit check in a strict TypeScript project', async () => {
  const project = await consumerProject()
  await writeFile(
    join(project, 'plugin.ts'),
    `import type {Conversation, FormatPlugin, FormatVerdict, Sample} from 'chatmark'
import {convert, inputFromPath, isRecord, normalizer} from 'chatmark'
import {checkGolden} from 'chatmark/test-kit'

export function tinyFormat(): FormatPlugin {
  return {
    name: 'tiny',
    description: 'tiny: lines',
    extensions: ['.tiny'],
    detect(sample: Sample): FormatVerdict {
      const confidence = sample.text.startsWith('tiny:') ? 'certain' : 'none'
      return {format: 'tiny', confidence, reason: 'a tiny: line'}
    },
    async *parse() {
      const conversation: Conversation = {
        id: 't',
        title: 'tiny',
        source: {format: 'tiny'},
        participants: [{id: 'user', name: 'me', kind: 'human'}],
        metadata: {},
        turns: [{role: 'user', parts: [{type: 'text', text: 'hi'}]}],
        fidelity: {}
      }
      yield conversation
    }
  }
}
const {notes} = await convert(normalizer, await inputFromPath('x.txt'))
const markdown: string | undefined = notes[0]?.markdown
void markdown
void isRecord
void checkGolden
`
  )
  await writeFile(
    join(project, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        target: 'ES2022',
        module: 'NodeNext',
        moduleResolution: 'NodeNext',
        strict: true,
        exactOptionalPropertyTypes: true,
        noUncheckedIndexedAccess: true,
        skipLibCheck: false,
        noEmit: true,
        types: ['node']
      },
      files: ['plugin.ts']
    })
  )
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc')
  const run = await runCommand(process.execPath, [tsc, '-p', project], {cwd: project})
  assert.equal(`${run.stdout}${run.stderr}`, '')
  assert.equal(run.code, 0)
})

test('a folder conversion on a terminal shows progress from the installed command, and none into a pipe', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-progress-'))
  const folder = join(dir, 'sessions')
  await mkdir(folder)
  for (let index = 1; index <= 25; index++) {
    await writeFile(join(folder, `s${index}.txt`), `User: question ${index}\n\nAssistant: answer ${index}\n`)
  }
  // util-linux's script(1) gives the command a pseudo-terminal for stdout and stderr, as a user's shell does.
  const line = `chatmark -o ${join(dir, 'notes')} ${folder} > /dev/null`
  const onTerminal = await runCommand('script', ['-qec', line, '/dev/null'], {cwd: dir})
  assert.equal(onTerminal.code, 0, onTerminal.stdout)
  // Frames are redrawn after a carriage return or a cursor move to column 1 (`ESC [1G`).
  const frames = onTerminal.stdout.split('\r').flatMap((part) => part.split(`${String.fromCharCode(27)}[1G`))
  assert.ok(
    frames.some((frame) => /^convert \[.*\] 100% \| 25\/25 files \| [\d.]+ files\/s/.test(frame)),
    onTerminal.stdout
  )
  const piped = await runInstalled(['-o', join(dir, 'again'), folder], {cwd: dir})
  assert.equal(piped.code, 0)
  assert.equal(piped.stderr, '')
})

test('a conversion stopped by Ctrl-C on a terminal shows the cursor its progress bar hid, and exits 130', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-interrupt-'))
  const folder = join(dir, 'sessions')
  await mkdir(folder)
  for (let index = 1; index <= 25; index++) {
    await writeFile(join(folder, `s${index}.txt`), `User: question ${index}\n\nAssistant: answer ${index}\n`)
  }
  // A bar is drawn for 20 inputs or more. The last input is the terminal itself (`-`): the run waits there, its bar
  // drawn, until Ctrl-C comes. The command is the shell's only one, so the shell runs it in its own place and script's
  // status is the command's: a shell around it would receive the same Ctrl-C and could end first.
  const line = `exec chatmark -o ${join(dir, 'notes')} ${folder} - > /dev/null`
  const child = spawn('script', ['-qec', line, '/dev/null'], {cwd: dir, env: userEnvironment()})
  let output = ''
  const waiting = new Promise<void>((resolve) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      output += chunk
      if (/\d+\/25 files/.test(output)) resolve()
    })
  })
  const ended = new Promise<number | null>((resolve) => child.on('close', resolve))
  await Promise.race([waiting, ended])
  child.stdin.write('\u0003')
  assert.equal(await ended, 130, output)
  const esc = String.fromCharCode(27)
  const hidden = output.lastIndexOf(`${esc}[?25l`)
  assert.ok(hidden >= 0, 'the bar hid the cursor')
  assert.ok(output.indexOf(`${esc}[?25h`, hidden) > hidden, `the cursor is shown again:\n${JSON.stringify(output)}`)
})
