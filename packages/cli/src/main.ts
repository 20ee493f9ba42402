import type {CommandLine} from './args/command-line.js'
import {readCommandLine} from './args/command-line.js'
import {checkForcedFormat, helpOrVersion, writeListings} from './args/informational.js'
import {UsageError} from './base/usage-error.js'
import {usageReport} from './args/usage-report.js'
import type {CliIo} from './base/cli-io.js'
import {convertCommand} from './convert/convert-command.js'
import {normalizer as defaultNormalizer} from './formats/default-normalizer.js'

/**
 * Runs the `chatmark` command line: `chatmark sync ...`, or a command line
 * read (with its `--use` formats) that asks for help, a listing, or a
 * conversion of its inputs.
 *
 * @returns the exit status: 0 when every input was converted, 1 when any
 *   failed, 2 for usage errors.
 */
export async function main(argv: string[], io: CliIo): Promise<number> {
  if (argv[0] === 'sync') {
    const {syncCommand} = await import('./sync/sync-command.js')
    return syncCommand(argv.slice(1), io, defaultNormalizer)
  }
  let line: CommandLine
  try {
    line = await readCommandLine(argv, io.cwd)
    const answer = helpOrVersion(line)
    if (answer !== undefined) {
      io.stdout.write(answer)
      return 0
    }
    checkForcedFormat(line)
  } catch (error) {
    if (!(error instanceof UsageError)) throw error
    io.stderr.write(usageReport('chatmark', error))
    return 2
  }
  if (writeListings(line, io.stdout)) return 0
  return convertCommand(argv, io, line)
}
