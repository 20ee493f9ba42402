import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readFile, symlink, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import * as chatmark from 'chatmark'
import {notesIn, repoRoot, runCli} from './run-cli.js'

const geminiSample = join(repoRoot, 'fixtures/corpus/gemini-cli/real-0.61.0__headless-yolo-shell.jsonl')
const ircFormat = './examples/custom-format/irc-format.js'
const ircSample = 'examples/custom-format/sample.irclog'

test('the package exports the core API plus the batteries-included normalizer and CLI', () => {
  for (const name of [
    'builtinFormats',
    'convert',
    'createNormalizer',
    'main',
    'normalizer',
    'toNote',
    'dispatch',
    'inputFromPath'
  ]) {
    assert.ok(name in chatmark, name)
  }
  assert.equal(chatmark.normalizer.frozen, true)
})

test('usage errors exit with status 2 and say what to do', async () => {
  for (const argv of [
    [],
    ['--bogus'],
    ['--profile', 'pdf', 'x'],
    ['--format', 'nope', 'x'],
    ['--time-zone', 'Mars/Olympus', 'x']
  ]) {
    const {code, stderr} = await runCli(argv)
    assert.equal(code, 2, argv.join(' '))
    assert.match(stderr, /^chatmark: [\s\S]+\nTry `chatmark --help`\.\n$/)
  }
  // A message that holds its fix is the one line.
  for (const argv of [
    ['--max-result-chars', '-1', 'x'],
    ['--fold-lines', '2.5', 'x'],
    ['--fold-lines', '', 'x'],
    ['--ouptut', 'x']
  ]) {
    const {code, stderr} = await runCli(argv)
    assert.equal(code, 2, argv.join(' '))
    assert.match(stderr, /^chatmark: [^\n]+ \(got [^\n]*\)\n$|; did you mean '--\S+'\?\n$/, argv.join(' '))
  }
})

test('--fold-lines folds tool output of more lines, and 0 never folds', async () => {
  const input = join(repoRoot, 'packages/format-claude/fixtures/claude-code/real-tui-compact/input.jsonl')
  const folded = (await runCli(['--fold-lines', '2', input])).stdout
  assert.match(folded, /<details>\n<summary>Output \(5 lines\)<\/summary>\n\n```text\n1\t/)
  const never = (await runCli(['--fold-lines', '0', input])).stdout
  assert.doesNotMatch(never, /<summary>Output/)
  assert.equal((await runCli([input])).stdout, never, 'the default (20) folds nothing this short')
})

test('--help and --version print and exit 0', async () => {
  assert.match((await runCli(['--help'])).stdout, /^Usage: chatmark/)
  assert.match((await runCli(['--version'])).stdout, /^chatmark \d+\.\d+\.\d+\n$/)
})

test('--list-formats lists formats in dispatch order: extensions, a description, the tools each reads', async () => {
  const {code, stdout} = await runCli(['--list-formats'])
  assert.equal(code, 0)
  const lines = stdout.trimEnd().split('\n')
  const names = lines.filter((line) => !line.startsWith(' ')).map((line) => line.split(/\s+/)[0])
  assert.deepEqual(
    names,
    chatmark.normalizer.formats.map((format) => format.name)
  )
  assert.match(stdout, /^gemini +\.json \.jsonl +\S.+\n +tools: Gemini CLI$/m)
  assert.match(stdout, /^claude +.+\n +tools: Claude Code, Claude\.ai$/m)
})

test('--list-formats names the twenty-two tools chatmark reads, each once', async () => {
  const {stdout} = await runCli(['--list-formats'])
  const tools = stdout
    .split('\n')
    .flatMap((line) => (/^ +tools: /.test(line) ? line.replace(/^ +tools: /, '').split(', ') : []))
    .filter((tool) => tool !== 'Transcripts')
  assert.deepEqual([...new Set(tools)].sort(), [
    'Aider',
    'ChatGPT',
    'Claude Code',
    'Claude.ai',
    'Cline',
    'Codex',
    'Continue',
    'Crush',
    'Cursor',
    'Cursor CLI',
    'Factory Droid',
    'Gemini Apps',
    'Gemini CLI',
    'GitHub Copilot CLI',
    'GitHub Copilot Chat',
    'Kilo Code',
    'OpenClaw',
    'OpenCode',
    'Pi',
    'Qwen Code',
    'Roo Code',
    'Slack'
  ])
})

test('a Gemini session prints as a note on stdout', async () => {
  const {code, stdout, stderr} = await runCli([geminiSample])
  assert.equal(stderr, '')
  assert.equal(code, 0)
  assert.match(stdout, /^---\ntitle: /)
  assert.match(stdout, /^## Gemini · /m)
})

test('stdin is read with -', async () => {
  const text = await readFile(geminiSample, 'utf8')
  const {code, stdout} = await runCli(['-'], text)
  assert.equal(code, 0)
  assert.match(stdout, /^## Gemini · /m)
})

test('--explain shows every verdict in dispatch order and the decision', async () => {
  const {code, stdout} = await runCli(['--explain', geminiSample])
  assert.equal(code, 0)
  const lines = stdout.trim().split('\n')
  assert.equal(lines.length, chatmark.normalizer.formats.length + 2)
  assert.match(stdout, /^→ gemini +certain +\S/m)
  assert.match(lines.at(-1) ?? '', /^ {2}decided: gemini gave the highest verdict \(certain\)/)
})

/** One line of `--json` output, as far as these tests read it. */
interface JsonLine {
  file: string
  detection: {format: string | null; decidedBy: string; verdicts: unknown[]}
  conversations: Array<
    Record<string, unknown> & {turns: Array<Record<string, unknown> & {parts: Array<{type: string; text: unknown}>}>}
  >
  messages: Array<{fatal: boolean}>
}

test('--json prints one object per input with the documented shape', async () => {
  const {code, stdout} = await runCli(['--json', geminiSample, ircSample])
  assert.equal(code, 1, 'the IRC sample has no built-in format')
  const [gemini, irc] = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as JsonLine)
  assert.ok(gemini && irc)
  assert.equal(gemini.file, geminiSample)
  assert.deepEqual(Object.keys(gemini), ['schemaVersion', 'file', 'detection', 'conversations', 'messages'])
  assert.deepEqual(Object.keys(gemini.detection), ['format', 'decidedBy', 'verdicts'])
  assert.equal(gemini.detection.format, 'gemini')
  const conversation = gemini.conversations[0]
  assert.ok(conversation)
  for (const key of ['id', 'title', 'source', 'createdAt', 'updatedAt', 'metadata', 'turns'])
    assert.ok(key in conversation, key)
  for (const key of ['id', 'role', 'author', 'timestamp', 'model', 'parts'])
    assert.ok(key in conversation.turns[0]!, key)
  for (const part of conversation.turns.flatMap((turn) => turn.parts)) {
    assert.ok(['text', 'thinking', 'tool-call', 'attachment', 'notice'].includes(part.type))
    assert.equal(typeof part.text, 'string')
  }
  assert.equal(irc.detection.format, null)
  assert.equal(irc.detection.decidedBy, 'none')
  assert.deepEqual(irc.conversations, [])
  assert.equal(irc.messages[0]?.fatal, true)
})

test('a failed input is reported as file: reason, exits 1, and the others are still converted', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-'))
  const empty = join(dir, 'empty.jsonl')
  const data = join(dir, 'data.json')
  await writeFile(empty, '')
  await writeFile(data, '{"rows": [1, 2, 3]}')
  const {code, stdout, stderr} = await runCli([empty, geminiSample, data, join(dir, 'missing.json')])
  assert.equal(code, 1)
  assert.match(stdout, /^## Gemini · /m)
  const lines = stderr.trim().split('\n')
  assert.equal(lines[0], `${empty}: The input is empty: there is nothing to convert`)
  assert.match(
    lines[1] ?? '',
    new RegExp(`^${data}: The input is JSON, but no registered format claimed it \\(.*gemini: .+\\)$`)
  )
  assert.equal(lines[2], `${join(dir, 'missing.json')}: no such file or folder`)
})

test(
  '-o writes one note per conversation, walking folders, and re-running replaces rather than ' + 'duplicates',
  async () => {
    const out = await mkdtemp(join(tmpdir(), 'chatmark-out-'))
    const first = await runCli(['-o', out, join(repoRoot, 'fixtures/corpus/gemini-cli')])
    assert.equal(first.code, 0, first.stderr)
    // PROVENANCE.md in that folder is prose, not a transcript: reported, not converted.
    assert.match(first.stderr, /PROVENANCE\.md: skipped: only a possible match for plaintext/)
    const names = await notesIn(out)
    assert.equal(names.length, 2)
    for (const name of names) assert.match(name, /^\d{4}-\d{2}-\d{2}-[\p{L}\p{N}-]+\.md$/u)
    assert.deepEqual(
      first.stdout.trim().split('\n').sort(),
      names.map((name) => join(out, name))
    )
    await runCli(['-o', out, join(repoRoot, 'fixtures/corpus/gemini-cli')])
    assert.deepEqual(await notesIn(out), names)
  }
)

test('two conversations with the same title get numbered file names', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-same-'))
  const out = join(dir, 'notes')
  const text = await readFile(geminiSample, 'utf8')
  await writeFile(join(dir, 'a.jsonl'), text)
  await writeFile(join(dir, 'b.jsonl'), text.replaceAll('e40c9792-190c-4dfb-a3e2-701dbfa9a682', 'another-session'))
  const {code} = await runCli(['-o', out, join(dir, 'a.jsonl'), join(dir, 'b.jsonl')])
  assert.equal(code, 0)
  const names = await notesIn(out)
  assert.equal(names.length, 2)
  const [numbered, plain] = names
  assert.equal(numbered, plain?.replace(/\.md$/, '-2.md'))
})

test('a folder named with nothing chatmark reads in it says so, and a folder among others costs nothing', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-nothing-'))
  await mkdir(join(dir, 'empty'))
  await mkdir(join(dir, 'photos'))
  await writeFile(join(dir, 'photos', 'cat.jpg'), 'not a session')
  const reason = 'skipped: no file in it is of a kind chatmark reads (see --list-formats)'
  const nothing = await runCli([join(dir, 'empty'), join(dir, 'photos')])
  assert.equal(nothing.code, 0)
  assert.equal(nothing.stdout, '')
  assert.equal(nothing.stderr, `${join(dir, 'empty')}: ${reason}\n${join(dir, 'photos')}: ${reason}\n`)
  // Its subfolders are not named: a walk through them is quiet.
  await writeFile(join(dir, 'session.jsonl'), await readFile(geminiSample, 'utf8'))
  const walked = await runCli(['-o', join(dir, 'notes'), dir])
  assert.equal(walked.code, 0)
  assert.doesNotMatch(walked.stderr, /skipped/)
})

test('symbolic links are refused unless --follow-symlinks is given', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-link-'))
  const link = join(dir, 'link.jsonl')
  await symlink(geminiSample, link)
  const refused = await runCli([link])
  assert.equal(refused.code, 1)
  assert.equal(refused.stderr, `${link}: is a symbolic link; pass --follow-symlinks to read it\n`)
  assert.equal((await runCli(['--follow-symlinks', link])).code, 0)
})

test('--use registers a custom format from a file for that run', async () => {
  const {code, stdout, stderr} = await runCli(['--use', ircFormat, ircSample])
  assert.equal(stderr, '')
  assert.equal(code, 0)
  assert.match(stdout, /^## alice$/m)
  assert.match(stdout, /^## bob$/m)
  const listed = await runCli(['--use', ircFormat, '--list-formats'])
  assert.match(listed.stdout, /^irc /)
  const broken = await runCli(['--use', './no/such/format.js', ircSample])
  assert.equal(broken.code, 2)
  assert.match(broken.stderr, /^chatmark: Cannot load format `\.\/no\/such\/format\.js`/)
})

test('same-named transcripts from different folders never replace each other across runs', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-names-'))
  const out = join(dir, 'notes')
  for (const folder of ['a', 'b']) {
    await mkdir(join(dir, folder))
    await writeFile(join(dir, folder, 'chat.txt'), `User: Same question\nAssistant: answer from ${folder}\n`)
  }
  assert.equal((await runCli(['-o', out, join(dir, 'a', 'chat.txt')])).code, 0)
  assert.equal((await runCli(['-o', out, join(dir, 'b', 'chat.txt')])).code, 0)
  assert.equal((await runCli(['-o', out, join(dir, 'a', 'chat.txt')])).code, 0)
  const names = await notesIn(out)
  assert.deepEqual(names, ['same-question-2.md', 'same-question.md'])
  const texts = await Promise.all(names.map((name) => readFile(join(out, name), 'utf8')))
  assert.ok(texts.some((text) => text.includes('answer from a')))
  assert.ok(texts.some((text) => text.includes('answer from b')))
})

test('format options reach the formats as context.options', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-opts-'))
  const probe = join(dir, 'probe.js')
  await writeFile(
    probe,
    `export default {name: 'probe', description: 'x', extensions: ['.probe'],
      detect: () => ({confidence: 'certain', reason: 'probe'}),
      async *parse(input, context) {
        yield {id: 'p', source: {format: 'probe'}, participants: [], metadata: {}, fidelity: {},
          turns: [{role: 'user', parts: [{type: 'text', text: JSON.stringify(context.options)}]}]}
      }}\n`
  )
  await writeFile(join(dir, 'x.probe'), 'anything')
  const {stdout, code} = await runCli([
    '--use',
    probe,
    '--view',
    'resume',
    '--branches',
    'all',
    '--subagents',
    '--keep-meta',
    join(dir, 'x.probe')
  ])
  assert.equal(code, 0)
  assert.match(stdout, /^\{"view":"resume","branches":"all","subagents":true,"keepMeta":true\}$/m)
  assert.equal((await runCli(['--branches', 'some', 'x'])).code, 2)
})

const twoSessions = 'packages/format-claude/fixtures/claude-code/interleaved-sessions/input.jsonl'

test('--list prints one line per conversation: id, date, turns and title', async () => {
  const {code, stdout, stderr} = await runCli(['--list', twoSessions])
  assert.equal(code, 0, stderr)
  const lines = stdout.trim().split('\n')
  assert.equal(lines.length, 2)
  for (const line of lines) assert.match(line, /^[^\t]+\t\d{4}-\d{2}-\d{2}\t\d+ turns\t.+$/)
  assert.equal((await runCli(['--list', '--json', twoSessions])).code, 2)
})

test('--list escapes what a terminal would act on in titles and ids', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-'))
  const path = join(dir, 'conversations.json')
  const exported = JSON.parse(
    await readFile(join(repoRoot, 'packages/format-chatgpt/fixtures/odd-conversations/input.json'), 'utf8')
  ) as Array<Record<string, unknown>>
  exported[0]!['title'] = '\u001b]0;owned\u0007\u001b[2J hello'
  await writeFile(path, JSON.stringify(exported))
  const {code, stdout} = await runCli(['--list', path])
  assert.equal(code, 0)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f]/.test(stdout), JSON.stringify(stdout))
  // The title is made safe where it is made (core's `safeTitle`): its escape sequences go whole.
  assert.match(stdout, /\t3 turns\thello\n/)
})

test('a note printed on a terminal shows control characters as escapes; in a pipe or --json nothing acts', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-'))
  const path = join(dir, 'conversations.json')
  const exported = JSON.parse(
    await readFile(join(repoRoot, 'packages/format-chatgpt/fixtures/odd-conversations/input.json'), 'utf8')
  ) as Array<Record<string, unknown>>
  const hostile = '\u001b]0;owned\u0007\u001b[2J \u009b31m hello'
  exported[0]!['title'] = hostile
  await writeFile(path, JSON.stringify(exported.slice(0, 1)))
  const terminal = await runCli([path], '', {stdoutIsTerminal: true})
  assert.equal(terminal.code, 0)
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  assert.ok(!/[\u0000-\u0008\u000b-\u001f\u007f-\u009f]/.test(terminal.stdout), JSON.stringify(terminal.stdout))
  // The title is made safe where it is made (core's `safeTitle`): in a terminal and in a pipe alike.
  assert.match(terminal.stdout, /^# hello$/m)
  assert.match((await runCli([path])).stdout, /^# hello$/m)
  // JSON escapes C0 controls itself; chatmark escapes DEL and C1 too.
  const json = (await runCli(['--json', path])).stdout
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  assert.ok(!/[\u0000-\u001f\u007f-\u009f]/.test(json.trimEnd()))
  assert.ok(json.includes('\\u009b31m'))
  // The derived title is the safe one every writer uses; the model's own title above is kept as the tool wrote it.
  assert.equal((JSON.parse(json) as {conversations: {title: string}[]}).conversations[0]?.title, 'hello')
})

test('--only picks conversations by id or by part of the title, and says when nothing matched', async () => {
  const listed = (await runCli(['--list', twoSessions])).stdout
    .trim()
    .split('\n')
    .map((line) => line.split('\t'))
  const [id, , , title] = listed[1] ?? []
  assert.ok(id && title)
  const byId = await runCli(['--json', '--only', id, twoSessions])
  assert.deepEqual(
    JSON.parse(byId.stdout).conversations.map((conversation: {id: string}) => conversation.id),
    [id]
  )
  const byTitle = await runCli(['--list', '--only', title.slice(2, 12).toUpperCase(), twoSessions])
  assert.equal(byTitle.stdout.trim().split('\n').length, 1)
  const none = await runCli(['--only', 'no such conversation', twoSessions])
  assert.equal(none.code, 1)
  assert.match(none.stderr, /no conversation matched --only `no such conversation`/)
})

test('a .zip found in a folder is opened, and skipped when no format reads it', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-zip-'))
  await writeFile(join(dir, 'export.zip'), await readFile(join(repoRoot, 'packages/core/test/fixtures/other.zip')))
  const {code, stderr} = await runCli([dir])
  assert.equal(code, 0)
  assert.match(
    stderr,
    /export\.zip: skipped: The input is a folder \(or an archive\) of files, but no registered format claimed it/
  )
})

test('a folder that a format claims is one input, even inside a walked folder', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-claims-'))
  const probe = join(dir, 'probe.js')
  await writeFile(
    probe,
    `export default {name: 'probe', description: 'x', extensions: ['.day'],
      detect: (sample) => sample.kind === 'folder' && sample.entries.includes('channels.json')
        ? {confidence: 'certain', reason: 'channels.json'} : {confidence: 'none', reason: 'no'},
      async *parse(input) {
        const files = (await input.entries()).map((entry) => entry.path).join(', ')
        yield {id: input.name, source: {format: 'probe'}, participants: [], metadata: {}, fidelity: {},
          turns: [{role: 'user', parts: [{type: 'text', text: files}]}]}
      }}\n`
  )
  const root = join(dir, 'notes')
  await mkdir(join(root, 'export', 'general'), {recursive: true})
  await writeFile(join(root, 'export', 'channels.json'), '[]')
  await writeFile(join(root, 'export', 'general', '2024-01-01.day'), '[]')
  await writeFile(join(root, 'loose.day'), '[]')
  const {stdout, stderr} = await runCli(['--use', probe, root])
  assert.match(stdout, /^channels\.json, general\/2024-01-01\.day$/m, stderr)
  assert.match(stderr, /loose\.day: skipped/)
})
