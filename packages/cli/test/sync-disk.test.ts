import assert from 'node:assert/strict'
import {cp, mkdir, mkdtemp} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {installedPackage} from '../../../test/util/installed.js'
import {inNamespace} from './in-namespace.js'
import {repoRoot} from './run-cli.js'

// The installed command syncing into a vault on a disk that fills up, then on one that turns read-only: each run
// fails cleanly with one line (exit 1, issue 25 item 8: the vault took no note), no temporary file is left, and the
// vault is as the last good sync left it. The disks are real file systems (tmpfs), mounted in a mount namespace of
// the test's own (`unshare`), so nothing outside the test sees them.

test('a full disk, then a read-only one: the sync fails in one line and the vault stays as it was', async () => {
  const entry = installedPackage().bin
  const home = await mkdtemp(join(tmpdir(), 'chatmark-disk-'))
  await mkdir(join(home, '.claude/projects/-work-demo'), {recursive: true})
  await mkdir(join(home, 'vault'))
  const session = join(home, '.claude/projects/-work-demo/session.jsonl')
  await cp(join(repoRoot, 'packages/format-claude/fixtures/claude-code/real-resume-api-error/input.jsonl'), session)
  const grown = join(repoRoot, 'packages/format-claude/fixtures/claude-code/real-tui-compact/input.jsonl')
  const sync = `HOME="${home}" "${process.execPath}" "${entry}" sync vault`
  // Each step prints a marker, so the output says which step said what.
  const script = [
    'set -u',
    `mount -t tmpfs -o size=400k tmpfs vault`,
    `echo '== first'; ${sync}; echo "status $?"`,
    'snapshot() { (cd vault && find . -type f ! -name "*.gz" -print0 | sort -z | xargs -0 sha256sum); }',
    'snapshot > before.txt',
    // Fill the disk, then give the sync more to write: a second, larger session.
    'head -c 1000000 /dev/zero > vault/filler 2>/dev/null',
    `cp "${grown}" "${home}/.claude/projects/-work-demo/second.jsonl"`,
    `echo '== full'; ${sync}; echo "status $?"`,
    'rm vault/filler',
    'snapshot | diff before.txt - > /dev/null && echo "vault unchanged" || { echo "vault changed:"; snapshot; }',
    'ls -a vault vault/.chatmark vault/.chatmark/staging | grep -c "\\.tmp$" | sed "s/^/temporary files: /"',
    `mount -o remount,ro vault`,
    `echo '== read-only'; ${sync}; echo "status $?"`,
    'snapshot | diff before.txt - > /dev/null && echo "vault unchanged" || echo "vault changed"',
    `mount -o remount,rw vault`,
    `echo '== room again'; ${sync} --quiet; echo "status $?"`,
    'ls vault/claude-code/2026-11 | wc -l | sed "s/^ *//;s/^/notes: /"'
  ].join('\n')
  const {code, output} = await inNamespace(script, home)
  assert.equal(code, 0, output)
  const steps = Object.fromEntries(
    output
      .split(/^== /m)
      .slice(1)
      .map((part) => [part.slice(0, part.indexOf('\n')), part.slice(part.indexOf('\n') + 1)])
  )
  assert.match(steps['first'] ?? '', /^new: .*\n1 new, .*\nstatus 0\n$/)
  assert.match(
    steps['full'] ?? '',
    new RegExp(
      '^chatmark sync: cannot write to vault: the disk is full\\. No note was written; nothing in the vault is lost ' +
        'or half-written, and the next sync takes up what this one did\\nstatus 1\\nvault unchanged\\n' +
        'temporary files: 0\\n$'
    )
  )
  assert.match(
    steps['read-only'] ?? '',
    new RegExp(
      '^chatmark sync: cannot write to vault: the file system is read-only\\. No note was written, and nothing ' +
        'that was there changed\\nstatus 1\\nvault unchanged\\n$'
    )
  )
  assert.match(
    steps['room again'] ?? '',
    /^1 new, 0 updated, 1 unchanged, 0 renamed, 0 kept because edited, 0 failed\nstatus 0\nnotes: 2\n$/m
  )
})
