import {availableParallelism} from 'node:os'
import type {Readable, Writable} from 'node:stream'
import type {CliIo} from './base/cli-io.js'
import {main} from './main.js'

/** What the command uses of `process`. */
export interface CommandProcess {
  argv: readonly string[]
  stdout: Writable
  stderr: Writable & {isTTY?: boolean}
  stdin: Readable
  cwd(): string
  /** Signal handlers (a real process's): `chatmark sync` stops cleanly on SIGINT and SIGTERM. */
  on?(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown
  off?(signal: 'SIGINT' | 'SIGTERM', listener: () => void): unknown
  exit?(code: number): never
}

/** How a run of the command ended. */
export interface CommandResult {
  code: number
  /** Whether stdout's reader went away: then nothing is left to wait for. */
  outputClosed: boolean
}

/**
 * Runs the command line on a process's own streams (`bin.ts` passes
 * `process`). A reader that goes away (`chatmark x | head`) is not a failure:
 * stdout's EPIPE aborts the run, which stops reading and writing and ends
 * quietly. Any other error on stdout ends the run too, and is reported.
 */
export async function command(proc: CommandProcess): Promise<CommandResult> {
  const closed = new AbortController()
  let outputError: Error | undefined
  proc.stdout.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') outputError ??= error
    closed.abort()
  })
  // Nothing could report a closed stderr; without a listener it would end the run with a stack trace.
  proc.stderr.on('error', () => {})
  const io: CliIo = {
    stdout: proc.stdout,
    stderr: proc.stderr,
    stderrStream: proc.stderr,
    stdoutIsTerminal: (proc.stdout as {isTTY?: boolean}).isTTY === true,
    stdin: proc.stdin,
    cwd: proc.cwd(),
    cores: availableParallelism(),
    signal: closed.signal
  }
  // A sync asked to stop finishes the note it is placing and writes its state; asked again, it ends at once (the
  // next sync takes up what it did from its journal).
  const stop = new AbortController()
  const stopOn = (status: number) => (): void => {
    if (stop.signal.aborted) proc.exit?.(status)
    io.stopCode = status
    stop.abort()
  }
  // A conversion stopped ends at once, as by default (every note it wrote is whole: writes are atomic), but the
  // cursor its progress bar hid is shown again first: a signal's default action would leave the terminal so.
  const endOn = (status: number) => (): void => {
    if (proc.stderr.isTTY === true) proc.stderr.write('\u001b[?25h\n')
    proc.exit?.(status)
  }
  const sync = proc.argv[2] === 'sync'
  const handlers = [
    ['SIGINT', sync ? stopOn(130) : endOn(130)],
    ['SIGTERM', sync ? stopOn(143) : endOn(143)]
  ] as const
  for (const [signal, handler] of handlers) proc.on?.(signal, handler)
  if (sync) io.stop = stop.signal
  let code: number
  try {
    code = await main(proc.argv.slice(2), io)
  } catch (error) {
    proc.stderr.write(
      `chatmark: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`
    )
    code = 1
  }
  for (const [signal, handler] of handlers) proc.off?.(signal, handler)
  // A write that failed as the run ended reports its error on the next tick.
  await new Promise((resolve) => setImmediate(resolve))
  if (outputError) {
    proc.stderr.write(`chatmark: cannot write to stdout: ${outputError.message}\n`)
    code = 1
  }
  return {code, outputClosed: closed.signal.aborted}
}
