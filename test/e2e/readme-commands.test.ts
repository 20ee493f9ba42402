import assert from 'node:assert/strict'
import {existsSync, readdirSync, readFileSync} from 'node:fs'
import {copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {basename, dirname, join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, beforeAll, test} from 'vitest'
import {normalizer} from 'chatmark'
import {newPersonEnvironment, runDocLine} from '../util/doc-run.js'
import type {InstalledRun} from '../util/installed.js'
import {installedPackage, runInstalled} from '../util/installed.js'
import {shellBlocks} from '../util/shell-blocks.js'
import {zipOfMembers} from '../util/zip-of.js'

// Every command of the README and of the examples' READMEs, as a person types it: each line of their shell blocks
// runs once, in bash, with the installed package's `chatmark` first on PATH, in a temporary folder that holds the
// files it names (copies of real ones) and a home of its own (`~/vault`, `~/sessions/`, the tools' folders). Each
// has a check of its own: its exit status and what it wrote. A line that is not run here is listed with what
// runs it instead (CI, the run's global setup, another test), and a line that is neither fails the test, so the
// docs cannot gain a command nobody runs.

const repository = fileURLToPath(new URL('../../', import.meta.url))
const docs = [
  'README.md',
  ...readdirSync(join(repository, 'examples'))
    .map((name) => `examples/${name}/README.md`)
    .filter((path) => existsSync(join(repository, path)))
]
const fixture = (path: string): string => join(repository, path)

/** The temporary folder: `work/`, where the README's commands run, and `home/`, the person's home. */
let root: string
const work = (...path: string[]): string => join(root, 'work', ...path)
const home = (...path: string[]): string => join(root, 'home', ...path)

/**
 * The files the README's commands name, each a copy of one of its kind (real sessions where the fixtures have one):
 * by where it goes, from where in the repository.
 */
const inputs: Record<string, string> = {
  'work/session.jsonl': 'packages/format-claude/fixtures/claude-code/real-2.1-branch/input.jsonl',
  'work/session.json': 'packages/format-gemini/fixtures/checkpoint-real/input.json',
  'work/a.json': 'fixtures/corpus/chatgpt/chatgpt-export-parser__example-conversation.json',
  'work/b.jsonl': 'fixtures/corpus/codex/real-0.171.0__exec-json-shell.jsonl',
  'work/a.jsonl': 'fixtures/corpus/claude-code/claude-code-transcripts__sample_session.jsonl',
  'work/dir/.aider.chat.history.md': 'packages/format-aider/fixtures/real-shell/input.md',
  'work/dir/session.jsonl': 'packages/format-claude/fixtures/claude-code/real-1.0-slash-command/input.jsonl',
  'work/file': 'fixtures/corpus/gemini-cli/real-0.61.0__headless-yolo-shell.jsonl',
  'work/big.jsonl': 'packages/format-claude/fixtures/claude-code/real-tui-compact/input.jsonl',
  'home/sessions/fork.jsonl': 'packages/format-claude/fixtures/claude-code/real-2.0-fork-of-fork/input.jsonl',
  'home/sessions/print.jsonl': 'packages/format-claude/fixtures/claude-code/real-print-streamjson/input.jsonl',
  'home/sessions/rollout.jsonl': 'fixtures/corpus/codex/real-0.171.0__exec-json-shell.jsonl',
  'home/sessions/checkpoint.json': 'packages/format-gemini/fixtures/checkpoint-real/input.json',
  // Where Claude Code keeps its sessions: what `chatmark sync ~/vault` finds.
  'home/.claude/projects/-work-demo/session.jsonl':
    'packages/format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'chatmark-readme-'))
  for (const [to, from] of Object.entries(inputs)) {
    await mkdir(dirname(join(root, to)), {recursive: true})
    await copyFile(fixture(from), join(root, to))
  }
  // `./my-format.js`: a format of one's own, the example's.
  await copyFile(join(repository, 'examples/custom-format/irc-format.js'), work('my-format.js'))
  // `export.zip`: a ChatGPT export of three real-shaped conversations, one of them about tax (`--only 'tax'`).
  const first = (path: string): Record<string, unknown> =>
    (JSON.parse(readFileSync(fixture(path), 'utf8')) as Record<string, unknown>[])[0]!
  const conversations = [
    first('packages/format-chatgpt/fixtures/branches-current/input.json'),
    first('packages/format-chatgpt/fixtures/web-search-citations/input.json'),
    {...first('packages/format-chatgpt/fixtures/tool-messages/input.json'), title: 'Sales tax by region'}
  ]
  await writeFile(
    work('export.zip'),
    zipOfMembers([{name: 'conversations.json', content: JSON.stringify(conversations)}])
  )
})

afterAll(async () => {
  await rm(root, {recursive: true, force: true})
})

/** Where a doc's commands run: the README's in `work/`, an example's from the repository root, as it says. */
function placeOf(doc: string): {cwd: string; env: NodeJS.ProcessEnv} {
  return {cwd: doc === 'README.md' ? work() : repository, env: newPersonEnvironment(home())}
}

/** What a command's check is given: its run, and the vault as it was before the run. */
interface Ran extends InstalledRun {
  vaultBefore: ReadonlyMap<string, string>
}

type Check = (run: Ran) => Promise<void> | void

/** Lines not run here, by `doc: command`, and what runs them. */
const elsewhere: Record<string, string> = {
  ['README.md: npx -y pnpm@10 install && npx -y pnpm@10 exec chatmark ' +
    'packages/format-gemini/fixtures/legacy-json/input.json']:
    'the install is every CI run; the fixture it converts is converted below',
  'README.md: npx -y pnpm@10 install && npx -y pnpm@10 test': '.ci/run, verbatim (the line after "# 2.")',
  'README.md: cd packages/cli && npm pack': 'test/setup/installed-package.ts (npm pack of packages/cli)',
  'README.md: npm install -g ./chatmark-0.1.0.tgz': 'test/setup/installed-package.ts (npm install --global)',
  'examples/custom-format/README.md: npm install --no-audit --no-fund': 'test/e2e/example-plugin.test.ts',
  'examples/custom-format/README.md: node --test': 'test/e2e/example-plugin.test.ts',
  'examples/custom-format/README.md: UPDATE_GOLDEN=1 node --test': 'test/e2e/example-plugin.test.ts',
  'examples/custom-format/README.md: chatmark --use ./irc-format.js sample.irclog': 'test/e2e/example-plugin.test.ts',
  'examples/custom-format/README.md: chatmark --use ./irc-format.js --explain sample.irclog':
    'test/e2e/example-plugin.test.ts'
}

/** Exit status 0, or the failure with what the command printed. */
function ok(run: InstalledRun): void {
  assert.equal(run.code, 0, `exit status ${run.code}\n${run.stderr}`)
}

/** The paths a run printed, one a line, each of a file that is there. */
function writtenFiles(run: InstalledRun, count: number): string[] {
  const paths = run.stdout.split('\n').filter((line) => line !== '')
  assert.equal(paths.length, count, run.stdout)
  for (const path of paths) assert.ok(existsSync(work(path)), `${path} is not there`)
  return paths
}

const claudeNote =
  /^---\ntitle: Hi\. Briefly, what can you help me with in this project\? \(Branch\)\nsource:\n {2}format: claude\n/
const summary = (run: InstalledRun): string => run.stdout + run.stderr

/** The example's script, as its README runs it. */
const pipeline = 'examples/unified-pipeline/README.md: node examples/unified-pipeline/convert.js'

/** The checks, by `doc: command`. */
const checks: Record<string, Check> = {
  'README.md: chatmark session.jsonl': (run) => {
    ok(run)
    assert.match(run.stdout, claudeNote)
  },
  'README.md: chatmark -o notes/ a.json b.jsonl dir/': async (run) => {
    ok(run)
    // One note each: the ChatGPT file, the Codex rollout, and the folder's Aider history and Claude Code session.
    const paths = writtenFiles(run, 4)
    assert.ok(paths.every((path) => path.startsWith('notes/') && path.endsWith('.md')))
    assert.match(await readFile(work(paths[0]!), 'utf8'), /^---\ntitle: Sample conversation with branch\n/)
  },
  'README.md: cat session.jsonl | chatmark -': (run) => {
    ok(run)
    assert.match(run.stdout, claudeNote)
  },
  'README.md: chatmark --explain session.json': (run) => {
    ok(run)
    assert.match(run.stdout, /^→ gemini +certain +top-level history\[\]/m)
    assert.match(run.stdout, /^ {2}decided: gemini gave the highest verdict/m)
  },
  'README.md: chatmark --to html -o pages/ export.zip': async (run) => {
    ok(run)
    const paths = writtenFiles(run, 4)
    assert.equal(paths.at(-1), 'pages/index.html')
    const index = await readFile(work('pages/index.html'), 'utf8')
    for (const title of ['Grey cat names', 'Lisbon sunshine', 'Sales tax by region']) assert.ok(index.includes(title))
  },
  'README.md: chatmark --to json -o models/ a.jsonl': async (run) => {
    ok(run)
    const [path] = writtenFiles(run, 1)
    const model = JSON.parse(await readFile(work(path!), 'utf8')) as {id: string; title: string}
    assert.deepEqual([model.id, model.title], ['test-session-id', 'Create a hello world function'])
  },
  'README.md: chatmark --json session.jsonl': (run) => {
    ok(run)
    const lines = run.stdout.trimEnd().split('\n')
    const first = JSON.parse(lines[0]!) as {detection: {format: string}}
    assert.equal(first.detection.format, 'claude')
  },
  'README.md: chatmark --format gemini file': (run) => {
    ok(run)
    assert.match(run.stdout, /^source:\n {2}format: gemini\n {2}variant: gemini-jsonl$/m)
  },
  'README.md: chatmark --list-formats': (run) => {
    ok(run)
    const names = run.stdout
      .trimEnd()
      .split('\n')
      .filter((line) => !line.startsWith(' '))
      .map((line) => line.split(' ')[0])
    assert.deepEqual(
      names,
      normalizer.formats.map((format) => format.name)
    )
  },
  'README.md: chatmark --list export.zip': (run) => {
    ok(run)
    const titles = run.stdout
      .trimEnd()
      .split('\n')
      .map((line) => line.split('\t').at(-1))
    assert.deepEqual(titles, ['Grey cat names', 'Lisbon sunshine', 'Sales tax by region'])
  },
  "README.md: chatmark -o notes/ --only 'tax' export.zip": (run) => {
    ok(run)
    assert.deepEqual(writtenFiles(run, 1), ['notes/2026-01-02-sales-tax-by-region.md'])
  },
  'README.md: chatmark --use ./my-format.js file': (run) => {
    // The format is registered and, not claiming the file, leaves it to the built-in that reads it.
    ok(run)
    assert.match(run.stdout, /^source:\n {2}format: gemini\n/m)
  },
  'README.md: chatmark big.jsonl | head -20': (run) => {
    // `pipefail`: chatmark's own status is 0 too, and it says nothing when head stops reading.
    ok(run)
    assert.equal(run.stdout.split('\n').length, 21)
    assert.equal(run.stderr, '')
  },
  'README.md: chatmark -j 4 -o notes/ ~/sessions/': (run) => {
    ok(run)
    writtenFiles(run, 4)
  },
  'README.md: chatmark sync ~/vault': (run) => {
    ok(run)
    assert.match(summary(run), /^1 new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed$/m)
    const notes = readdirSync(home('vault/claude-code/2026-11'))
    assert.deepEqual(notes, ['2026-11-30 Hi. Briefly, what can you help me with in this project.md'])
  },
  'README.md: chatmark sync ~/vault --list-sources': (run) => {
    ok(run)
    assert.match(run.stdout, /^Claude Code +found +1 session +\S+\/\.claude\/projects$/m)
    assert.match(run.stdout, /^Codex +missing /m)
  },
  'README.md: chatmark sync ~/vault export.zip': (run) => {
    ok(run)
    assert.match(summary(run), /^3 new, 0 updated, 1 unchanged, /m)
    assert.ok(existsSync(home('vault/chatgpt/2026-01/2026-01-02 Sales tax by region.md')))
  },
  'README.md: chatmark sync ~/vault --dry-run': async (run) => {
    ok(run)
    assert.match(summary(run), /^dry run \(nothing written\): 0 new, 0 updated, 1 unchanged, /m)
    assert.deepEqual(await snapshot(home('vault')), run.vaultBefore)
  },
  'README.md: chatmark sync ~/vault --time-zone Europe/Berlin --no-thinking --keep-meta': async (run) => {
    ok(run)
    assert.match(summary(run), /^0 new, 1 updated, /m)
    const note = await readFile(
      home('vault/claude-code/2026-11/2026-11-30 Hi. Briefly, what can you help me with in this project.md'),
      'utf8'
    )
    // Berlin in November is an hour ahead of UTC, the zone of the runs before.
    assert.match(note, /^created: 2026-11-30T\d\d:\d\d:\d\d\+01:00$/m)
  },
  [`${pipeline} examples/unified-pipeline/sample.txt`]: (run) => {
    ok(run)
    // remark-gemoji's emoji in the title heading, and so in the frontmatter's title too.
    assert.ok(run.stdout.startsWith('---\ntitle: Ship the release today 🚀\n'), run.stdout)
    assert.ok(run.stdout.includes('\n# Ship the release today 🚀\n'), run.stdout)
    assert.ok(run.stdout.includes('Done 🎉'), run.stdout)
  },
  [`${pipeline} packages/format-claude/fixtures/claude-code/real-print-streamjson/input.jsonl --obsidian`]: (run) => {
    ok(run)
    assert.match(run.stdout, /^---\ntitle: Please list the files in this folder\.\naliases:\n/)
    // The obsidian profile: thinking folded as a callout.
    assert.match(run.stdout, /^> \[!quote\]- /m)
  }
}

/** Every file under `folder` (none when it is not there), by its path, with its size and modification time. */
async function snapshot(folder: string): Promise<Map<string, string>> {
  const files = new Map<string, string>()
  if (!existsSync(folder)) return files
  for (const path of (await readdir(folder, {recursive: true})).sort()) {
    const info = await stat(join(folder, path))
    if (info.isFile()) files.set(path, `${info.size} ${info.mtimeMs}`)
  }
  return files
}

const commands = docs.flatMap((doc) =>
  shellBlocks(join(repository, doc)).flatMap((block) =>
    block.commands.map((command) => ({doc, ...command, key: `${doc}: ${command.command}`}))
  )
)

test('every command of the READMEs is run here or listed with what runs it, and every listed one is there', () => {
  const run = commands.filter(({key}) => !(key in elsewhere)).map(({key}) => key)
  assert.deepEqual(run, Object.keys(checks))
  const covered = commands.filter(({key}) => key in elsewhere).map(({key}) => key)
  assert.deepEqual(covered, Object.keys(elsewhere))
})

test('the Quick start keeps the test command CI runs, and the Use section the tarball the setup installs', () => {
  const readme = readFileSync(join(repository, 'README.md'), 'utf8')
  // .ci/run takes the line after the Quick start's `# 2.` comment and runs it.
  assert.match(readme, /^# 2\. .*\nnpx -y pnpm@10 install && npx -y pnpm@10 test$/m)
  const tarball = basename(installedPackage().tarball)
  const named = [...readme.matchAll(/chatmark-\d+\.\d+\.\d+[^ ]*?\.tgz/g)].map(([name]) => name)
  assert.ok(named.length >= 2)
  for (const name of named) assert.equal(name, tarball)
})

test('the Quick start’s first command converts the fixture it names', async () => {
  const quickStart = commands.find(
    ({key}) => key.startsWith('README.md: npx -y pnpm@10 install && ') && key.includes(' exec chatmark ')
  )
  const path = /exec chatmark (\S+)$/.exec(quickStart?.command ?? '')?.[1]
  assert.ok(path, 'the Quick start converts no file')
  const run = await runInstalled([path], {cwd: repository, baseEnv: newPersonEnvironment(tmpdir())})
  ok(run)
  assert.match(run.stdout, /^---\ntitle: .+\nsource:\n {2}format: gemini\n/)
})

for (const {doc, line, text, command, key} of commands) {
  if (key in elsewhere) continue
  test(`${doc}:${line}: ${command}`, async () => {
    const check = checks[key]
    assert.ok(check, `no check for \`${command}\` (${doc}:${line}): add one, or say what runs it`)
    const vaultBefore = await snapshot(home('vault'))
    const run = await runDocLine(text, placeOf(doc))
    await check({...run, vaultBefore})
  })
}
