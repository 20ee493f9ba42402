import assert from 'node:assert/strict'
import {mkdtemp, writeFile} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {test} from 'vitest'
import {linesFormat, listedTitles} from '../../packages/cli/test/lines-format.js'
import {repoRoot} from '../../packages/cli/test/run-cli.js'
import {runInstalled} from '../util/installed.js'

// A worker that hangs on one part of an export, stopped by --time-limit: that part fails alone, the others are
// converted. In the stress run, not the default suite: the hang costs the run its time limit twice (the part with its
// group, then alone). The crash of a worker on a part, which costs nothing, is in packages/cli/test/jobs.test.ts.

/** The `--time-limit` of the run, in seconds: what does not hang ends far within it, however loaded the machine. */
const timeLimit = 5

test('a worker that hangs on a part past --time-limit fails that part alone', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'chatmark-jobs-hang-'))
  const format = await linesFormat(dir)
  const input = join(dir, 'hang.lines')
  const lines = Array.from({length: 6}, (_, index) => (index === 3 ? 'hang' : `line ${index + 1}`))
  await writeFile(input, lines.join('\n'))
  const {code, stdout, stderr} = await runInstalled(
    ['--use', format, '-j', '2', '--time-limit', String(timeLimit), '--list', input],
    {cwd: repoRoot}
  )
  assert.equal(code, 1)
  assert.deepEqual(
    listedTitles(stdout),
    lines.filter((line) => line !== 'hang')
  )
  assert.match(stderr, new RegExp(`hang\\.lines: item 4 of the input not converted: stopped after ${timeLimit} s`))
})
