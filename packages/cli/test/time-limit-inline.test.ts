import assert from 'node:assert/strict'
import {mkdir, mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {notesIn, runCli} from './run-cli.js'
import {steppingClock} from './terminal-frames.js'

// `--time-limit` without workers (issue 25, item 7): with `-j 1`, or one input, there is no worker to stop, so
// the conversion checks the input's time between its steps. The clock here moves a second each time it is read,
// so what stops is decided by the steps taken, not by how fast the machine is.

/** A Claude Code session of `turns` short turns. */
function session(turns: number, id: string): string {
  const lines = Array.from({length: turns}, (_, index) => {
    const role = index % 2 === 0 ? 'user' : 'assistant'
    return JSON.stringify({
      type: role,
      uuid: `${id}-${index}`,
      parentUuid: index === 0 ? null : `${id}-${index - 1}`,
      sessionId: id,
      timestamp: new Date(Date.UTC(2026, 0, 1) + index * 1000).toISOString(),
      message: {role, content: [{type: 'text', text: `message ${index}`}]}
    })
  })
  return `${lines.join('\n')}\n`
}

async function inputs(): Promise<string> {
  const cwd = await mkdtemp(join(tmpdir(), 'chatmark-time-limit-'))
  await mkdir(join(cwd, 'in'))
  await writeFile(join(cwd, 'in', 'a-long.jsonl'), session(400, 'long'))
  await writeFile(join(cwd, 'in', 'b-short.jsonl'), session(2, 'short'))
  return cwd
}

test('-j 1: an input past --time-limit fails, its note unwritten, and the next input is converted', async () => {
  const cwd = await inputs()
  const run = await runCli(['-j', '1', '--time-limit', '60', '--to', 'html', '-o', 'out', 'in'], '', {
    cwd,
    timeLimitNow: steppingClock()
  })
  assert.equal(run.code, 1, run.stderr)
  assert.match(run.stderr, /in\/a-long\.jsonl: conversation long: not written: stopped after 60 s/)
  assert.match(run.stderr, /the time limit for one input \(--time-limit\)/)
  assert.deepEqual(await notesIn(join(cwd, 'out')), ['2026-01-01-message-0.html', 'index.html'])
})

test('one input printed on stdout stops at --time-limit, as a worker would be stopped', async () => {
  const cwd = await inputs()
  const run = await runCli(['--time-limit', '60', join('in', 'a-long.jsonl')], '', {cwd, timeLimitNow: steppingClock()})
  assert.equal(run.code, 1, run.stderr)
  assert.match(run.stderr, /in\/a-long\.jsonl: stopped after 60 s, the time limit for one input \(--time-limit\)/)
  assert.doesNotMatch(run.stdout, /message 399/)
  // A slow reader of stdout costs the input nothing: the clock stops while the note is written out.
  const within = await runCli(['--time-limit', '60', join('in', 'b-short.jsonl')], '', {
    cwd,
    timeLimitNow: steppingClock()
  })
  assert.equal(within.code, 0, within.stderr)
  assert.match(within.stdout, /message 1/)
})

test('--time-limit 0 sets no limit without workers either', async () => {
  const cwd = await inputs()
  const run = await runCli(['-j', '1', '--time-limit', '0', join('in', 'a-long.jsonl')], '', {
    cwd,
    timeLimitNow: steppingClock()
  })
  assert.equal(run.code, 0, run.stderr)
  assert.match(run.stdout, /message 399/)
})
