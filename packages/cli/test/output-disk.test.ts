import assert from 'node:assert/strict'
import {mkdir, mkdtemp, readFile, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {installedPackage} from '../../../test/util/installed.js'
import {inNamespace} from './in-namespace.js'
import {repoRoot} from './run-cli.js'

// The installed command writing notes with -o into a folder whose disk fills up, or turns read-only, mid-run:
// with workers or without, on an export read in parts and on a folder of sessions, the run stops at the first
// note the disk refuses, with one line that names the folder, the error and how many notes were written. The
// disks are real file systems (tmpfs), mounted in a mount namespace of the test's own (`unshare`), as in
// sync-disk.test.ts.

/** The output of each `== name` step of a script, by name. */
function steps(output: string): Record<string, string> {
  return Object.fromEntries(
    output
      .split(/^== /m)
      .slice(1)
      .map((part) => [part.slice(0, part.indexOf('\n')), part.slice(part.indexOf('\n') + 1)])
  )
}

/** What a step that stopped on the disk printed: its one line, and the notes, ledger lines and temporaries left. */
const stopped = (problem: string, code: string): RegExp =>
  new RegExp(
    `^chatmark: cannot write notes to out: ${problem} \\(${code}\\)\\. Stopped after writing (\\d+) notes?; ` +
      'nothing that was there is lost, and a run with room writes the rest\\n' +
      'status 1\\nnotes: (\\d+)\\nrecorded: (\\d+)\\ntemporary files: 0\\n$'
  )

test('a full disk under -o stops the run at once, in one line, with or without workers, export or folder', async () => {
  const entry = installedPackage().bin
  const home = await mkdtemp(join(tmpdir(), 'chatmark-out-disk-'))
  // A ChatGPT export of 200 conversations (read in parts by workers), and a folder of 60 Claude Code sessions.
  const [conversation] = JSON.parse(
    await readFile(join(repoRoot, 'packages/format-chatgpt/fixtures/branches-current/input.json'), 'utf8')
  ) as Record<string, unknown>[]
  const conversations = Array.from({length: 200}, (_, index) => ({
    ...conversation,
    id: `c-${index}`,
    conversation_id: `c-${index}`,
    title: `Conversation ${index}`
  }))
  await writeFile(join(home, 'export.json'), JSON.stringify(conversations))
  await mkdir(join(home, 'sessions'))
  const session = await readFile(
    join(repoRoot, 'packages/format-claude/fixtures/claude-code/real-2.1-branch/input.jsonl'),
    'utf8'
  )
  for (let index = 0; index < 60; index++) {
    const renamed = session.replaceAll(/"sessionId":"[^"]*"/g, `"sessionId":"s-${index}"`)
    await writeFile(join(home, 'sessions', `session-${index}.jsonl`), renamed)
  }
  await mkdir(join(home, 'out'))
  const chatmark = (args: string): string => `"${process.execPath}" "${entry}" ${args} -o out > /dev/null`
  const after = [
    'echo "status $?"',
    'ls out | wc -l | sed "s/^ */notes: /"',
    'cat out/.chatmark-written 2> /dev/null | wc -l | sed "s/^ */recorded: /"',
    'ls -a out | grep -c "\\.tmp$" | sed "s/^/temporary files: /"',
    'rm -rf out/* out/.chatmark-written'
  ].join('\n')
  const script = [
    'set -u',
    'mount -t tmpfs -o size=200k tmpfs out',
    `echo '== export, 2 workers'; ${chatmark('export.json -j 2')}`,
    after,
    `echo '== export, 1 thread'; ${chatmark('export.json -j 1')}`,
    after,
    `echo '== folder, 2 workers'; ${chatmark('sessions -j 2')}`,
    after,
    `echo '== folder, 1 thread'; ${chatmark('sessions -j 1')}`,
    after,
    // Room again: the notes a full disk stopped are written, and none twice.
    `${chatmark('sessions -j 2')} 2> /dev/null`,
    'mount -o remount,size=4m out',
    `echo '== room again'; ${chatmark('sessions -j 2')}; echo "status $?"`,
    'ls out | wc -l | sed "s/^ */notes: /"'
  ].join('\n')
  const {code, output} = await inNamespace(script, home)
  assert.equal(code, 0, output)
  const step = steps(output)
  for (const name of ['export, 2 workers', 'export, 1 thread', 'folder, 2 workers', 'folder, 1 thread']) {
    const match = stopped('the disk is full', 'ENOSPC').exec(step[name] ?? '')
    assert.ok(match, `${name}:\n${step[name]}`)
    const [, said, notes, recorded] = match
    // What the line says was written is what is there, every note recorded as chatmark's own (a later run
    // replaces it rather than keeping it as someone's edit).
    assert.equal(said, notes, name)
    assert.equal(recorded, notes, name)
    // One thread places each note as soon as it is staged, so the first ones fit; two workers stage side by side,
    // and their temporary files can fill a disk this small before any is placed (the line then says none was).
    if (name.endsWith('1 thread')) assert.ok(Number(notes) > 0, `${name}: some notes fit`)
  }
  assert.equal(step['room again'], 'status 0\nnotes: 60\n')
})

test('a disk that turns read-only under -o mid-run stops the run in one line, with or without workers', async () => {
  const entry = installedPackage().bin
  const home = await mkdtemp(join(tmpdir(), 'chatmark-out-ro-'))
  // A format that, as it reads an input, mounts a read-only file system over the output folder unless one is there
  // (a remount would be refused: the run holds files there open for writing), so that every write of a note there
  // fails with EROFS, after the check of -o at the start passed. Every input does it, before its note is written:
  // with two workers, neither can write a note on the old file system (whose files the folder's path no longer
  // reaches: the test would see ENOENT, which a real remount never gives).
  await writeFile(
    join(home, 'read-only.mjs'),
    `import {execSync} from 'node:child_process'
    import {accessSync, constants} from 'node:fs'
    export default {name: 'read-only', description: 'x', extensions: ['.ro'],
      detect: (sample) => sample.extension === '.ro'
        ? {confidence: 'certain', reason: 'a .ro file'} : {confidence: 'none', reason: 'no'},
      async *parse(input) {
        try { accessSync('out', constants.W_OK); execSync('mount -t tmpfs -o ro,size=4k tmpfs out') } catch {}
        const text = Buffer.from(await input.head(100)).toString('utf8').trim()
        yield {id: input.name, title: input.name.slice(input.name.lastIndexOf('/') + 1),
          source: {format: 'read-only'}, participants: [], metadata: {}, fidelity: {},
          turns: [{role: 'user', parts: [{type: 'text', text}]}]}
      }}\n`
  )
  await mkdir(join(home, 'inputs'))
  for (let index = 0; index < 40; index++) {
    await writeFile(join(home, 'inputs', `input-${String(index).padStart(2, '0')}.ro`), `note ${index}\n`)
  }
  await mkdir(join(home, 'out'))
  const chatmark = (args: string): string =>
    `"${process.execPath}" "${entry}" --use ./read-only.mjs ${args} -o out > /dev/null`
  // What is left is counted on the file system under the read-only one(s).
  const after = [
    'echo "status $?"',
    'while umount out 2> /dev/null; do :; done',
    'ls -a out | grep -v "^\\.*$" | wc -l | sed "s/^ */files: /"'
  ].join('\n')
  const script = [
    'set -u',
    `echo '== 2 workers'; ${chatmark('inputs -j 2')}`,
    after,
    `echo '== 1 thread'; ${chatmark('inputs -j 1')}`,
    after
  ].join('\n')
  const {code, output} = await inNamespace(script, home)
  assert.equal(code, 0, output)
  const step = steps(output)
  for (const name of ['2 workers', '1 thread']) {
    assert.equal(
      step[name],
      'chatmark: cannot write notes to out: the file system is read-only (EROFS). Stopped after writing 0 notes; ' +
        'nothing that was there is lost, and a run with room writes the rest\nstatus 1\nfiles: 0\n',
      name
    )
  }
})

test('a ledger line the disk cuts short is taken back, so the next line a later run appends reads', async () => {
  const home = await mkdtemp(join(tmpdir(), 'chatmark-ledger-disk-'))
  await mkdir(join(home, 'out'))
  // The ledger module as built (tsc's output beside the bundle), run in the namespace: it records notes `from` to
  // `to` (a line of 99 bytes each), says how they went and how long the file is.
  const module = join(repoRoot, 'packages/cli/dist/output/written-notes.js')
  await writeFile(
    join(home, 'ledger.mjs'),
    `import {readFileSync} from 'node:fs'
    import {writtenNotes} from ${JSON.stringify(module)}
    const [folder, from, to] = process.argv.slice(2)
    const ledger = await writtenNotes(folder)
    try {
      for (let n = Number(from); n < Number(to); n++) {
        ledger.record('note-' + String(n).padStart(3, '0') + '.md', String(n).padStart(64, '0'))
      }
      console.log('recorded')
    } catch (error) {
      console.log('refused', error.code)
    }
    await ledger.close()
    const text = readFileSync(folder + '/.chatmark-written', 'utf8')
    const lines = text.split('\\n').filter((line) => line !== '').map((line) => JSON.parse(line))
    console.log(text.length, 'bytes,', lines.length, 'lines that read')\n`
  )
  const ledger = (from: number, to: number): string => `"${process.execPath}" ledger.mjs "$PWD/out" ${from} ${to}`
  const script = [
    'set -u',
    // Two pages: the ledger's first page holds 41 lines (4,059 bytes), the filler takes the other.
    'mount -t tmpfs -o size=8k tmpfs out',
    ledger(0, 41),
    'head -c 100000 /dev/zero > out/filler 2> /dev/null',
    // The 42nd line: 37 bytes fit in the first page, then the disk is full.
    ledger(41, 42),
    'rm out/filler',
    ledger(42, 43)
  ].join('\n')
  const {code, output} = await inNamespace(script, home)
  assert.equal(code, 0, output)
  assert.equal(
    output,
    [
      'recorded',
      '4059 bytes, 41 lines that read',
      'refused ENOSPC',
      '4059 bytes, 41 lines that read',
      'recorded',
      '4158 bytes, 42 lines that read',
      ''
    ].join('\n')
  )
})
