import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {builtinFormats, defaultFormatOrder, normalizer} from 'chatmark'
import {formatPackages, formatPrefix} from '../../../scripts/workspace.js'
import {repoRoot, runCli} from './run-cli.js'

test('the default dispatch order: specific fingerprints first, then plain text, then Gemini', () => {
  assert.ok(Object.isFrozen(defaultFormatOrder))
  assert.deepEqual(
    builtinFormats().map((format) => format.name),
    defaultFormatOrder
  )
  assert.deepEqual(
    normalizer.formats.map((format) => format.name),
    defaultFormatOrder
  )
  // Plain text accepts prose, so every format with a fingerprint looks first; Gemini's `sessionId` is shared with
  // Claude Code, which must look before it.
  assert.deepEqual(defaultFormatOrder.slice(-2), ['plaintext', 'gemini'])
  assert.ok(defaultFormatOrder.indexOf('claude') < defaultFormatOrder.indexOf('gemini'))
})

test('every format package is a built-in, named after its folder, once', () => {
  const packaged = formatPackages(repoRoot).map((pkg) => pkg.dir.slice(formatPrefix.length))
  for (const name of packaged)
    assert.ok(
      defaultFormatOrder.includes(name),
      `packages/${formatPrefix}${name} is not a built-in: add its format to builtinFormats() ` +
        '(packages/cli/src/formats/builtin-formats.ts), where dispatch order is decided'
    )
  assert.deepEqual([...defaultFormatOrder].sort(), packaged.sort())
})

test('--list-options prints every format option: flag, values, default, formats and description', async () => {
  const {code, stdout, stderr} = await runCli(['--list-options'])
  assert.equal(stderr, '')
  assert.equal(code, 0)
  const rows = stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.split(/ {2,}/))
  assert.deepEqual(rows, [
    [
      '--branches',
      'current|all',
      'current',
      'claude,chatgpt,copilot-cli',
      "'current': the branch the user kept; 'all': abandoned branches too, as labelled alternates"
    ],
    [
      '--keep-meta',
      'boolean',
      'false',
      'claude,codex,droid,gemini',
      'show text the tool injected (context, reminders) as notices'
    ],
    [
      '--slack-part-messages',
      'number',
      '20000',
      'slack',
      'Slack exports: a channel of more messages is cut into notes of about this many (part 2...)'
    ],
    ['--slack-split', 'channel|day', 'channel', 'slack', "Slack exports: one note per 'channel', or per 'day'"],
    ['--subagents', 'boolean', 'false', 'claude', 'show subagent conversations under the calls that started them'],
    [
      '--view',
      'note|resume',
      'note',
      'qwen,gemini',
      "what to show: 'note', every turn said, or 'resume', what the tool itself would load on resume"
    ]
  ])
  // Padded columns: every description starts in the same column.
  const starts = stdout
    .trimEnd()
    .split('\n')
    .map((line) => line.lastIndexOf('  ') + 2)
  assert.equal(new Set(starts).size, 1)
})

test('--help lists the format options, generated from the declarations', async () => {
  const {stdout} = await runCli(['--help'])
  assert.match(stdout, /^Format options \(read by the formats that declare them; --list-options says which\):$/m)
  assert.match(stdout, /^ {6}--branches <current\|all>\n {29}'current': the branch the user kept;/m)
  assert.match(stdout, /^ {6}--keep-meta {12}show text the tool injected \(context, reminders\) as notices$/m)
  assert.match(stdout, /^ {6}--view <note\|resume> {3}what to show: 'note', /m)
  assert.match(stdout, /^ {6}--list-options {9}list the format options/m)
  assert.match(stdout, /\n\nExit status: 0 when every input was converted/)
  // Generated lines are wrapped to the width of the hand-written ones.
  const section = stdout.slice(stdout.indexOf('Format options'), stdout.indexOf('\n\nExit status'))
  for (const line of section.split('\n').slice(1)) assert.ok(line.length <= 91, line)
})

/** A format module in a temporary folder: it reads `.probe` files and prints its `context.options`. */
async function probeFormat(fields: string): Promise<{dir: string; probe: string}> {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-declare-'))
  const probe = join(dir, 'probe.js')
  await writeFile(
    probe,
    `export default {name: 'probe', description: 'x', extensions: ['.probe'], ${fields},
      detect: (sample) => sample.kind === 'folder' ? {confidence: 'none', reason: 'folder'}
        : {confidence: 'certain', reason: 'probe'},
      async *parse(input, context) {
        yield {id: input.name, source: {format: 'probe'}, participants: [], metadata: {}, fidelity: {},
          turns: [{role: 'user', parts: [{type: 'text', text: JSON.stringify(context.options)}]}]}
      }}\n`
  )
  await writeFile(join(dir, 'x.probe'), 'anything')
  return {dir, probe}
}

test('a --use format adds its own options: parsed, validated and passed under their keys', async () => {
  const {dir, probe} = await probeFormat(`options: [
    {name: 'tone', type: 'string', choices: ['dry', 'warm', 'loud'], default: 'dry', description: 'how it sounds'},
    {name: 'max-lines', type: 'number', description: 'at most this many lines'},
    {name: 'strip', type: 'boolean', key: 'stripAll', description: 'strip everything'},
    {name: 'branches', type: 'string', choices: ['current', 'all', 'none'], description: 'which branches'}
  ]`)
  const input = join(dir, 'x.probe')
  // The flags may come before --use: the formats are loaded first.
  const run = await runCli([
    '--tone',
    'warm',
    '--max-lines',
    '12',
    '--strip',
    '--branches',
    'none',
    '--use',
    probe,
    input
  ])
  assert.equal(run.stderr, '')
  assert.equal(run.code, 0)
  assert.match(run.stdout, /^\{"tone":"warm","maxLines":12,"stripAll":true,"branches":"none"\}$/m)
  const unset = await runCli(['--use', probe, input])
  assert.match(unset.stdout, /^\{\}$/m)

  const wrongChoice = await runCli(['--use', probe, '--tone', 'shrill', input])
  assert.equal(wrongChoice.code, 2)
  assert.equal(
    wrongChoice.stderr,
    'chatmark: Unknown tone `shrill`: expected `dry`, `warm` or `loud`\nTry `chatmark --help`.\n'
  )
  const notANumber = await runCli(['--use', probe, '--max-lines', 'many', input])
  assert.equal(notANumber.code, 2)
  assert.equal(notANumber.stderr, 'chatmark: --max-lines must be a number (got many)\n')
  // A declared minimum (Slack's part size): below it is a usage error, not a silent default.
  const tooSmall = await runCli(['--slack-part-messages', '0', input])
  assert.equal(tooSmall.code, 2)
  assert.equal(tooSmall.stderr, 'chatmark: --slack-part-messages must be at least 1 (got 0)\n')
  // Without the format its flags do not exist.
  assert.equal((await runCli(['--tone', 'warm', input])).code, 2)

  const listed = (await runCli(['--use', probe, '--list-options'])).stdout
  assert.match(listed, /^--tone +dry\|warm\|loud +dry +probe +how it sounds$/m)
  assert.match(listed, /^--max-lines +number +- +probe +at most this many lines$/m)
  assert.match(listed, /^--strip +boolean +- +probe +strip everything$/m)
  // Same-named declarations merge: the choices of both, the formats in dispatch order, a default that varies.
  assert.match(listed, /^--branches +current\|all\|none +varies +probe,claude,chatgpt,copilot-cli +which branches$/m)
  assert.match((await runCli(['--use', probe, '--help'])).stdout, /^ {6}--tone <dry\|warm\|loud> +how it sounds/m)
})

test('conflicting or invalid option declarations are usage errors that name the formats', async () => {
  const cases: Array<[string, RegExp]> = [
    [
      `options: [{name: 'keep-meta', type: 'string', description: 'x'}]`,
      new RegExp(
        '^chatmark: Formats `probe` and `claude` both declare the option `--keep-meta`, ' +
          'with conflicting types \\(string and boolean\\)\n'
      )
    ],
    [
      `options: [{name: 'keep-meta', type: 'boolean', key: 'meta', description: 'x'}]`,
      /^chatmark: Formats `probe` and `claude` both declare the option `--keep-meta`, read as conflicting keys/
    ],
    [
      `options: [{name: 'json', type: 'boolean', description: 'x'}]`,
      /^chatmark: Format `probe` declares the option `--json`, which is one of chatmark's own\n/
    ],
    [
      `options: [{name: 'keepMeta', type: 'boolean', description: 'x'}]`,
      /^chatmark: Format `probe` declares an option named `keepMeta`: expected kebab-case/
    ],
    [
      `options: [{name: 'level', type: 'integer', description: 'x'}]`,
      /^chatmark: Format `probe` declares the option `--level` with type `integer`: expected boolean, string/
    ]
  ]
  for (const [fields, message] of cases) {
    const {dir, probe} = await probeFormat(fields)
    const {code, stderr} = await runCli(['--use', probe, join(dir, 'x.probe')])
    assert.equal(code, 2, fields)
    assert.match(stderr, message)
  }
})

test('a folder walk takes the hidden files that a format names, and still skips other hidden entries', async () => {
  const {dir, probe} = await probeFormat(`fileNames: ['.probe.history.md', /^\\.probe-\\d+\\.log$/]`)
  const root = join(dir, 'notes')
  await mkdir(join(root, '.hidden'), {recursive: true})
  await mkdir(join(root, 'project'), {recursive: true})
  await writeFile(join(root, '.probe.history.md'), 'x')
  await writeFile(join(root, 'project', '.probe-2.log'), 'x')
  await writeFile(join(root, 'project', 'probe-2.skip'), 'x')
  await writeFile(join(root, '.other.md'), 'x')
  await writeFile(join(root, '.hidden', '.probe.history.md'), 'x')
  await writeFile(join(root, '.hidden', 'y.probe'), 'x')
  await writeFile(join(root, 'z.probe'), 'x')
  const {code, stdout, stderr} = await runCli(['--use', probe, '--list', root])
  assert.equal(stderr, '')
  assert.equal(code, 0)
  assert.deepEqual(
    stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[0]),
    [join(root, '.probe.history.md'), join(root, 'project', '.probe-2.log'), join(root, 'z.probe')]
  )
  // Without a format that names it, a hidden file is left out of the walk.
  const {dir: plainDir, probe: plain} = await probeFormat(`fileNames: []`)
  await writeFile(join(plainDir, '.probe.history.md'), 'x')
  const walked = await runCli(['--use', plain, '--list', plainDir])
  assert.deepEqual(
    walked.stdout
      .trim()
      .split('\n')
      .map((line) => line.split('\t')[0]),
    [join(plainDir, 'x.probe')]
  )
})

test(
  'a ChatGPT export split over numbered conversations-NNN.json files is read whole, in order, as one ' + 'input',
  async () => {
    // chatgpt-split-export.zip (made with `zip -X -D`): user.json, conversations-001.json (the conversation of
    // packages/format-chatgpt/fixtures/branches-current) and conversations-000.json (python-images-uploads,
    // web-search-citations).
    const zip = 'packages/cli/test/fixtures/chatgpt-split-export.zip'
    const cases = ['python-images-uploads', 'web-search-citations', 'branches-current']
    const {code, stdout, stderr} = await runCli([zip])
    assert.equal(stderr, '')
    assert.equal(code, 0)
    const notes = await Promise.all(
      cases.map((name) => readFile(join(repoRoot, 'packages/format-chatgpt/fixtures', name, 'output.md'), 'utf8'))
    )
    assert.equal(stdout, notes.join('\n'))
    const json = JSON.parse((await runCli(['--json', zip])).stdout)
    assert.equal(json.file, zip)
    assert.equal(json.detection.format, 'chatgpt')
    assert.equal(json.conversations.length, 3)
  }
)
