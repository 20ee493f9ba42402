import {dirname} from 'node:path'
import {Readable} from 'node:stream'
import {main} from 'chatmark'
import {runInstalled} from './installed.js'

/** What a run of the command printed, and its exit status. */
export interface SyncOutput {
  code: number
  stdout: string
  stderr: string
}

/**
 * `chatmark sync ARGV` of the installed package (./installed.ts), in a child
 * process on a fake home: `HOME` is `home`, paths are resolved from `home` (or
 * `cwd`), the tools' folders are found under it with only `env` set (none of
 * this machine's `CODEX_HOME`, `XDG_DATA_HOME`...), and times are rendered in
 * UTC (the machine's zone otherwise).
 */
export async function runSync(
  argv: readonly string[],
  where: {home: string; cwd?: string; env?: Record<string, string>}
): Promise<SyncOutput> {
  const baseEnv = {HOME: where.home, PATH: `${dirname(process.execPath)}:/usr/bin:/bin`, TZ: 'UTC'}
  const run = await runInstalled(['sync', ...argv], {cwd: where.cwd ?? where.home, baseEnv, env: where.env ?? {}})
  return {code: run.code ?? -1, stdout: run.stdout, stderr: run.stderr}
}

/**
 * {@link runSync} in this process, through the sources (and so under coverage): for the edge cases of
 * the vault's code, where the installed command's own tests (test/vault/sync*.test.ts) would add
 * nothing but a process start.
 */
export async function runSyncHere(
  argv: readonly string[],
  where: {home: string; cwd?: string; env?: Record<string, string>}
): Promise<SyncOutput> {
  let stdout = ''
  let stderr = ''
  const code = await main(['sync', ...argv], {
    stdout: {write: (chunk: string) => (stdout += chunk)},
    stderr: {write: (chunk: string) => (stderr += chunk)},
    stdin: Readable.from([]),
    cwd: where.cwd ?? where.home,
    home: where.home,
    env: where.env ?? {},
    timeZone: 'UTC'
  })
  return {code, stdout, stderr}
}
