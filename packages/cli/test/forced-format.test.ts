import assert from 'node:assert/strict'
import {mkdtemp, readdir, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {repoRoot, runCli} from './run-cli.js'

// A real Claude Code session, read as Gemini: the Gemini reader finds no record it knows in it.
const claudeSession = 'packages/format-claude/fixtures/claude-code/real-tui-compact/input.jsonl'
const readNothing = `chatmark: \`gemini\` read no conversation from ${claudeSession} (detected as: claude)\n`

test('a forced --format that reads nothing fails, names the format detected, and writes no note', async () => {
  const out = await mkdtemp(join(tmpdir(), 'chatmark-forced-'))
  const run = await runCli(['--format', 'gemini', claudeSession, '-o', out])
  assert.equal(run.code, 1)
  assert.equal(run.stdout, '')
  assert.ok(run.stderr.endsWith(readNothing), run.stderr.slice(-300))
  assert.deepEqual(await readdir(out), [])
})

test('on stdout too: no empty note, exit 1; a --json line ends with the failure, a --list lists nothing', async () => {
  const printed = await runCli(['--format', 'gemini', claudeSession])
  assert.equal(printed.code, 1)
  assert.equal(printed.stdout, '')
  assert.ok(printed.stderr.endsWith(readNothing))
  const json = await runCli(['--format', 'gemini', '--json', claudeSession])
  assert.equal(json.code, 1)
  const line = JSON.parse(json.stdout) as {conversations: unknown[]; messages: {reason: string; ruleId: string}[]}
  assert.deepEqual(line.conversations, [])
  assert.deepEqual(line.messages.at(-1), {
    reason: readNothing.slice('chatmark: '.length, -1),
    line: null,
    ruleId: 'read-nothing',
    fatal: true
  })
  const listed = await runCli(['--format', 'gemini', '--list', claudeSession])
  assert.equal(listed.code, 1)
  assert.equal(listed.stdout, '')
})

test('an input no format claims is "detected as: nothing"; one that fails to read says so as well', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-forced-'))
  await writeFile(join(dir, 'object.json'), '{"a": 1}')
  const nothing = await runCli(['--format', 'gemini', 'object.json'], '', {cwd: dir})
  assert.equal(nothing.code, 1)
  assert.ok(
    nothing.stderr.endsWith('chatmark: `gemini` read no conversation from object.json (detected as: nothing)\n')
  )
  const failed = await runCli(['--format', 'codex', claudeSession])
  assert.equal(failed.code, 1)
  assert.match(failed.stderr, /: Could not read the input as codex: /)
  assert.ok(
    failed.stderr.endsWith(`chatmark: \`codex\` read no conversation from ${claudeSession} (detected as: claude)\n`)
  )
})

test('forced, the format detection chooses too reads an empty session as it does unforced: a warning', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-forced-'))
  await writeFile(join(dir, 'empty.json'), '{"sessionId": "s1", "messages": []}')
  const detected = await runCli(['empty.json'], '', {cwd: dir})
  const forced = await runCli(['--format', 'gemini', 'empty.json'], '', {cwd: dir})
  assert.equal(detected.code, 0)
  assert.equal(forced.code, 0)
  for (const run of [detected, forced]) {
    assert.equal(run.stdout, '')
    assert.match(run.stderr, /^empty\.json: warning: The session holds no messages to show .*: no note is written$/m)
  }
  assert.doesNotMatch(forced.stderr, /read no conversation/)
})

test('a forced format that reads the input is not held back: the note is the same as detected', async () => {
  const session = join(repoRoot, 'fixtures/corpus/gemini-cli/real-0.61.0__headless-yolo-shell.jsonl')
  const forced = await runCli(['--format', 'gemini', session])
  assert.equal(forced.code, 0)
  assert.equal(forced.stdout, (await runCli([session])).stdout)
})
