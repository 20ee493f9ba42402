import assert from 'node:assert/strict'
import {spawnSync} from 'node:child_process'
import {installedPackage, userEnvironment} from './installed.js'

/** The installed package's command (see ./installed.ts), as `chatmark` on a user's PATH. */
export function chatmarkBin(): string {
  return installedPackage().bin
}

const megabyte = 1024 * 1024

/** How a {@link measuredChatmark} run ended. */
export interface MeasuredRun {
  status: number | null
  stdout: string
  stderr: string
  /** Peak resident memory of the command, in MiB (`/usr/bin/time`'s maximum resident set). */
  peakMb: number
}

/** Where a {@link measuredChatmark} run reads and writes, and Node's options (a heap's size). */
export interface MeasuredRunOptions {
  stdin?: number | 'ignore'
  stdout?: number | 'pipe'
  node?: string[]
  /** A run that hangs fails here, with a message, long before the test's timeout. */
  timeout?: number
}

/** Runs the installed command in a child process and measures its peak memory. */
export function measuredChatmark(args: string[], options: MeasuredRunOptions = {}): MeasuredRun {
  const {stdin = 'ignore', stdout = 'pipe', node = [], timeout = 30_000} = options
  const result = spawnSync('/usr/bin/time', ['-f', '%M', process.execPath, ...node, chatmarkBin(), ...args], {
    stdio: [stdin, stdout, 'pipe'],
    encoding: 'utf8',
    env: userEnvironment(),
    timeout,
    maxBuffer: 64 * megabyte
  })
  assert.equal(result.error, undefined, `chatmark ${args.join(' ')} did not finish within ${timeout} ms`)
  const lines = result.stderr.trimEnd().split('\n')
  const peak = Number(lines.pop())
  assert.ok(Number.isFinite(peak), `no peak memory in ${result.stderr.slice(-200)}`)
  return {status: result.status, stdout: result.stdout, stderr: lines.join('\n'), peakMb: peak / 1024}
}
