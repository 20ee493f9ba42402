import {mkdtemp, readFile, rm} from 'node:fs/promises'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {afterAll, beforeAll} from 'vitest'
import type {MeasuredRun} from '../util/measured-run.js'
import {measuredChatmark} from '../util/measured-run.js'

// What the limit tests share (./limits.test.ts, and the heaviest in ../stress/limits.stress.test.ts).

/** A real Claude Code session, the text that bombs and malformed lines are made of. */
export const claudeSession = fileURLToPath(
  new URL('../../packages/format-claude/fixtures/claude-code/flat-no-parents/input.jsonl', import.meta.url)
)
/** A real ChatGPT export of a few conversations. */
export const chatgptExport = fileURLToPath(
  new URL('../../packages/format-chatgpt/fixtures/odd-conversations/input.json', import.meta.url)
)
export const megabyte = 1024 * 1024

/** The installed command, in a child process whose peak memory is measured. */
export function limitedChatmark(
  args: string[],
  stdin: number | 'ignore' = 'ignore',
  timeout = 30_000,
  stdout: number | 'pipe' = 'pipe'
): MeasuredRun {
  return measuredChatmark(args, {stdin, stdout, timeout})
}

/** A folder of the test file's own (removed after it) and the Claude session's text, set before its tests. */
export function limitsScratch(): {folder: string; session: string} {
  const scratch = {folder: '', session: ''}
  beforeAll(async () => {
    scratch.folder = await mkdtemp(join(tmpdir(), 'chatmark-limits-'))
    scratch.session = await readFile(claudeSession, 'utf8')
  })
  afterAll(async () => {
    await rm(scratch.folder, {recursive: true, force: true})
  })
  return scratch
}
