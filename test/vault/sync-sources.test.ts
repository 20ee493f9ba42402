import assert from 'node:assert/strict'
import {cp, mkdir, mkdtemp, readdir, readFile, rename, rm, stat, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fileURLToPath} from 'node:url'
import {beforeAll, describe, test} from 'vitest'
import type {SyncOutput} from '../util/run-sync.js'
import {runSync, runSyncHere} from '../util/run-sync.js'
import {zipOfMembers} from '../util/zip-of.js'

// Where `chatmark sync` finds sessions, what it takes from folders, and what it says when it finds nothing (issue 22,
// items 2, 3, 4 and 6): every tool chatmark reads, each in the folder where the tool keeps its sessions. Each test
// runs twice: by the installed package, where each format's tool descriptor, the OpenCode reader's SQLite and the
// rest must ship, and in this process through the sources, under coverage.

const packages = fileURLToPath(new URL('../../packages/', import.meta.url))

/** How a test runs `chatmark sync`: the installed command, or the sources in this process. */
let run: typeof runSync = runSync

function chatmark(home: string, env: Record<string, string>, ...argv: string[]): Promise<SyncOutput> {
  return run(argv, {home, env})
}

/** The notes of a vault (chatmark's own folder and the index notes left out), relative, sorted. */
async function notes(vault: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(vault, {recursive: true, withFileTypes: true})) {
    const path = relative(vault, join(entry.parentPath, entry.name))
    if (!entry.isFile() || path.startsWith('.chatmark') || path.startsWith('projects/')) continue
    if (/^([^/]+)\/\1\.md$/.test(path)) continue
    found.push(path)
  }
  return found.sort()
}

/** A home holding a session of every tool that keeps its sessions in a folder, where the tool keeps it. */
async function everyTool(home: string): Promise<void> {
  const place = async (fixture: string, path: string): Promise<void> => {
    await mkdir(join(home, path, '..'), {recursive: true})
    await cp(join(packages, fixture), join(home, path), {recursive: true})
  }
  await place(
    'format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl',
    '.claude/projects/-work-demo/session.jsonl'
  )
  await place('format-codex/fixtures/fork/input.jsonl', '.codex/sessions/2026/11/30/rollout-2026-11-30-fork.jsonl')
  await place('format-gemini/fixtures/jsonl-shell-tool/input.jsonl', '.gemini/tmp/demo/chats/session-1.jsonl')
  await place('format-qwen/fixtures/tool-error/input.jsonl', '.qwen/projects/-work-demo/chats/session.jsonl')
  await place('format-continue/fixtures/headless-tools/input.json', '.continue/sessions/session.json')
  await place('format-continue/fixtures/sessions-index/input.json', '.continue/sessions/sessions.json')
  await place('format-opencode/fixtures/database/input.db', '.local/share/opencode/opencode.db')
  await place('format-opencode/fixtures/storage-folder/input/storage', '.local/share/opencode/storage')
  const cursorUser = '.config/Cursor/User'
  await place('format-cursor/fixtures/global-2025/input.vscdb', `${cursorUser}/globalStorage/state.vscdb`)
  await place('format-cursor/fixtures/workspace-2024/input.vscdb', `${cursorUser}/workspaceStorage/f00d/state.vscdb`)
  await place(
    'format-cursor/fixtures/workspace-2024/workspace.json',
    `${cursorUser}/workspaceStorage/f00d/workspace.json`
  )
  await place('format-cursor/fixtures/cli-store/input.db', '.cursor/chats/0f3e/s1/store.db')
  await place('format-cursor/fixtures/cli-store/meta.json', '.cursor/chats/0f3e/s1/meta.json')
  // The session's transcript: its store holds it all, so the sync leaves it out (no second note of the session).
  await place('format-cursor/fixtures/cli-transcript/input.jsonl', '.cursor/projects/p/agent-transcripts/s1/s1.jsonl')
}

for (const [where, runner] of [
  ['the installed package', runSync],
  ['the sources', runSyncHere]
] as const) {
  describe(`sync by ${where}`, () => {
    beforeAll(() => {
      run = runner
    })
    test('--list-sources names every tool’s folder, found or not, and how many sessions each holds', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      await everyTool(home)
      const run = await chatmark(home, {CODEX_HOME: join(home, 'elsewhere')}, 'vault', '--list-sources')
      assert.equal(run.code, 0, run.stderr)
      const lines = run.stdout.trimEnd().split('\n')
      const row = (tool: string, state: string, sessions: string, folder: string): RegExp =>
        new RegExp(
          `^${tool} +${state} +${sessions.replace('-', '\\-')} +${folder.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`
        )
      const expected = [
        row('Claude Code', 'found', '1 session', `${home}/.claude/projects`),
        row('Codex', 'missing', '-', `${home}/elsewhere/sessions (from $CODEX_HOME)`),
        row('Codex', 'missing', '-', `${home}/elsewhere/archived_sessions (from $CODEX_HOME)`),
        row('Gemini CLI', 'found', '1 session', `${home}/.gemini/tmp`),
        row('Qwen Code', 'found', '1 session', `${home}/.qwen/projects`),
        row('Continue', 'found', '1 session', `${home}/.continue/sessions`),
        row('OpenCode', 'found', '1 session', `${home}/.local/share/opencode`),
        row('OpenCode', 'found', '1 session', `${home}/.local/share/opencode/storage`)
      ]
      for (const pattern of expected)
        assert.ok(
          lines.some((line) => pattern.test(line)),
          `${pattern} in\n${run.stdout}`
        )
      // Nothing was written: listing is not syncing.
      assert.equal(await stat(join(home, 'vault')).catch(() => undefined), undefined)
    })

    test('a sync of a home holding every tool writes a note for each, in its tool’s folder', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      await everyTool(home)
      const run = await chatmark(home, {}, 'vault', '--quiet')
      assert.equal(run.code, 0, run.stderr)
      const written = await notes(join(home, 'vault'))
      const folders = [...new Set(written.map((path) => path.split('/')[0]))].sort()
      assert.deepEqual(folders, [
        'claude-code',
        'codex',
        'continue',
        'cursor',
        'cursor-cli',
        'gemini-cli',
        'opencode',
        'qwen-code'
      ])
      // A sync places a note by the tool of the folder it was found in: the CLI's folder is Cursor CLI's. Its store
      // gives one note; the transcript beside it none. The global database gives three, the workspace four.
      assert.equal(written.filter((path) => path.startsWith('cursor/')).length, 7)
      assert.equal(written.filter((path) => path.startsWith('cursor-cli/')).length, 1)
      // The Continue index of sessions is a listing, not a session; OpenCode's database and its old storage folder
      // each give their sessions.
      assert.match(run.stderr, /^\d+ new, 0 updated, 0 unchanged, 0 renamed, 0 kept because edited, 0 failed\n$/)
      // Dated, each: a Continue session holds no time, and is placed by its index's date, else by its file's time.
      assert.deepEqual(
        written.filter((path) => path.includes('undated')),
        []
      )
      const opencode = written.filter((path) => path.startsWith('opencode/'))
      assert.ok(opencode.length >= 2, opencode.join(', '))
      // Again with nothing changed: nothing is read or written.
      const again = await chatmark(home, {}, 'vault', '--quiet')
      assert.match(again.stderr, /^0 new, 0 updated, \d+ unchanged, 0 renamed, 0 kept because edited, 0 failed\n$/)
    })

    test('every tool is found where the variable it reads moved its folder', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      await everyTool(home)
      // Each tool's folder moved where its variable says, as the tool itself would look for it.
      await mkdir(join(home, 'moved/gemini-home'), {recursive: true})
      const moves: [string, string, string][] = [
        ['.claude', 'moved/claude', 'CLAUDE_CONFIG_DIR'],
        ['.codex', 'moved/codex', 'CODEX_HOME'],
        ['.gemini', 'moved/gemini-home/.gemini', 'GEMINI_CLI_HOME'],
        ['.qwen', 'moved/qwen', 'QWEN_HOME'],
        ['.continue', 'moved/continue', 'CONTINUE_GLOBAL_DIR'],
        ['.local/share', 'moved/data', 'XDG_DATA_HOME']
      ]
      const env: Record<string, string> = {}
      for (const [from, to, variable] of moves) {
        await rename(join(home, from), join(home, to))
        env[variable] = join(home, variable === 'GEMINI_CLI_HOME' ? 'moved/gemini-home' : to)
      }
      // Aider keeps its history in each project, unless one file is named for all of them.
      await mkdir(join(home, 'moved/aider'), {recursive: true})
      await writeFile(
        join(home, 'moved/aider/history.md'),
        '\n# aider chat started at 2026-11-30 10:00:00\n\n#### Fix the flaky test\n\nIt waits for the event now.\n'
      )
      env['AIDER_CHAT_HISTORY_FILE'] = join(home, 'moved/aider/history.md')
      const listed = await chatmark(home, env, 'vault', '--list-sources')
      for (const variable of Object.keys(env))
        assert.match(listed.stdout, new RegExp(`found .*\\(from \\$${variable}\\)$`, 'm'))
      const run = await chatmark(home, env, 'vault', '--quiet')
      assert.equal(run.code, 0, run.stderr)
      const folders = [...new Set((await notes(join(home, 'vault'))).map((path) => path.split('/')[0]))].sort()
      assert.deepEqual(folders, [
        'aider',
        'claude-code',
        'codex',
        'continue',
        'cursor',
        'cursor-cli',
        'gemini-cli',
        'opencode',
        'qwen-code'
      ])
    })

    test('with an empty home the summary says that no tool’s folder was found, and where it looked', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      const run = await chatmark(home, {}, 'vault')
      assert.equal(run.code, 0)
      assert.match(
        run.stderr,
        /^chatmark sync: no tool's session folder was found \(looked in [^)]*\.claude\/projects, /
      )
      assert.match(run.stderr, /\.local\/share\/opencode\/storage, .*\.pi\/agent\/sessions, .*\.gemini\/tmp\)\n0 new, /)
      const listed = await chatmark(home, {}, 'vault', '--list-sources')
      assert.match(listed.stdout, /^Claude Code +missing +- +/)
      assert.match(listed.stderr, /no tool's session folder was found; name files or folders to sync them/)
    })

    test('a file for a vault, or a vault under a file, fails in one line (exit 1), the file as it was', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      await writeFile(join(home, 'some-file.md'), '# a note\n')
      const file = await chatmark(home, {}, 'some-file.md')
      assert.equal(file.code, 1)
      assert.equal(
        file.stderr,
        'chatmark sync: cannot write to some-file.md: it is a file, not a folder of notes. No note was written, ' +
          'and nothing that was there changed\n'
      )
      const under = await chatmark(home, {}, 'some-file.md/vault')
      assert.equal(under.code, 1)
      assert.equal(
        under.stderr,
        'chatmark sync: cannot write to some-file.md/vault: a file is on the way, where a folder should be. ' +
          'No note was written, and nothing that was there changed\n'
      )
      assert.equal(await readFile(join(home, 'some-file.md'), 'utf8'), '# a note\n')
    })

    test('files found in a named folder become notes only when a format knows them; the rest are skipped', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      const folder = join(home, 'folder')
      await mkdir(folder)
      await writeFile(join(folder, 'hello.txt'), 'hello\n')
      await writeFile(join(folder, 'broken.json'), '{"results": [1, 2,')
      await writeFile(join(folder, 'binary.json'), Buffer.from([0xff, 0xfe, 0x00, 0x01, 0x02, 0x03, 0x80, 0x81]))
      await cp(join(packages, 'format-codex/fixtures/fork/input.jsonl'), join(folder, 'rollout.jsonl'))
      const run = await chatmark(home, {}, 'vault', '--no-defaults', 'folder')
      assert.equal(run.code, 0, run.stderr)
      assert.deepEqual(
        (await notes(join(home, 'vault'))).map((path) => path.split('/')[0]),
        ['codex']
      )
      for (const name of ['hello.txt', 'broken.json', 'binary.json']) {
        const lines = run.stderr.split('\n').filter((line) => line.startsWith(join(folder, name)))
        assert.equal(lines.length, 1, `${name} once in\n${run.stderr}`)
        assert.match(lines[0] ?? '', /: skipped: /)
      }
      assert.match(run.stderr, /1 new, .* 0 failed, 3 skipped\n$/)
      // Skipped once: the next run does not read them again while they are unchanged.
      const again = await chatmark(home, {}, 'vault', '--no-defaults', 'folder')
      assert.doesNotMatch(again.stderr, /skipped/)
      // Named, a file is read whatever a detector thinks of it.
      const named = await chatmark(home, {}, 'vault', '--no-defaults', join('folder', 'hello.txt'))
      assert.match(named.stderr, /^1 new, /)
    })

    test('a zip of two exports, ChatGPT and Claude.ai in two folders, is synced whole: both give notes', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      const archive = zipOfMembers([
        {
          name: 'chatgpt/conversations.json',
          content: await readFile(join(packages, 'format-chatgpt/fixtures/branches-current/input.json'))
        },
        {
          name: 'claude/conversations.json',
          content: await readFile(join(packages, 'format-claude/fixtures/claude-ai/branches-current/input.json'))
        }
      ])
      await writeFile(join(home, 'exports.zip'), archive)
      const first = await chatmark(home, {}, 'vault', 'exports.zip', '--quiet')
      assert.equal(first.code, 0, first.stderr)
      assert.match(first.stderr, /^2 new, /)
      assert.deepEqual(
        (await notes(join(home, 'vault'))).map((path) => path.split('/').at(-1)),
        ['2026-01-03 Grey cat names.md', '2025-03-01 Name for a hiking app.md']
      )
    })

    test('an export named once is not reported as gone by later syncs that do not name it', async () => {
      const home = await mkdtemp(join(tmpdir(), 'chatmark-sources-'))
      const conversations = await readFile(join(packages, 'format-chatgpt/fixtures/odd-conversations/input.json'))
      await writeFile(join(home, 'export.zip'), zipOfMembers([{name: 'conversations.json', content: conversations}]))
      const first = await chatmark(home, {}, 'vault', 'export.zip', '--quiet')
      assert.equal(first.code, 0, first.stderr)
      // Named, it is what is synced: no word about the tools' folders this empty home lacks.
      assert.match(first.stderr, /^[1-9]\d* new, /)
      const later = await chatmark(home, {}, 'vault', '--quiet')
      assert.doesNotMatch(later.stderr, /gone since the last sync/)
      // Gone from the disk, it is.
      await rm(join(home, 'export.zip'))
      const gone = await chatmark(home, {}, 'vault', '--quiet')
      assert.match(gone.stderr, /export\.zip: gone since the last sync; its notes are kept\n/)
    })
  })
}
