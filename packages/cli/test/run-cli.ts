import {Readable} from 'node:stream'
import {main} from 'chatmark'
import {fileURLToPath} from 'node:url'

/** The repository root, the working directory of CLI runs in tests. */
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url))

/** Where {@link runCli} runs: another working directory, a signal for a closed stdout, a stdout of its own. */
export interface RunOptions {
  cwd?: string
  signal?: AbortSignal
  onStdout?: (chunk: string) => void
  /** Run as if stdout were a terminal. */
  stdoutIsTerminal?: boolean
  /** Run as if stderr were a terminal (80 columns): progress bars are drawn there, escape sequences and all. */
  stderrIsTerminal?: boolean
  /** The clock progress bars measure their rate and time left on, in ms. */
  now?: () => number
  /** The clock `--time-limit` is measured on without workers, in ms. */
  timeLimitNow?: () => number
}

/** Runs the CLI in-process with captured output. */
export async function runCli(
  argv: string[],
  stdin: string | Buffer = '',
  options: RunOptions = {}
): Promise<{code: number; stdout: string; stderr: string}> {
  let stdout = ''
  let stderr = ''
  const stderrStream = {
    write(chunk: string) {
      stderr += chunk
      return true
    },
    isTTY: options.stderrIsTerminal === true,
    columns: 80
  }
  const code = await main(argv, {
    stdout: {
      write: (chunk: string) => {
        stdout += chunk
        options.onStdout?.(chunk)
      }
    },
    stderr: stderrStream,
    ...(options.stderrIsTerminal ? {stderrStream} : {}),
    ...(options.now ? {now: options.now} : {}),
    ...(options.timeLimitNow ? {timeLimitNow: options.timeLimitNow} : {}),
    stdin: Readable.from([Buffer.from(stdin)]),
    cwd: options.cwd ?? repoRoot,
    ...(options.signal ? {signal: options.signal} : {}),
    ...(options.stdoutIsTerminal ? {stdoutIsTerminal: true} : {})
  })
  return {code, stdout, stderr}
}

/** The files in an output folder, sorted, without the hidden ones (chatmark's ledger, `.chatmark-written`). */
export async function notesIn(dir: string): Promise<string[]> {
  const {readdir} = await import('node:fs/promises')
  return (await readdir(dir)).filter((name) => !name.startsWith('.')).sort()
}
