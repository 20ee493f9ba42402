import {formatBytes} from '@chatmark/core'
import {countProgress, minimumCount} from './count-progress.js'
import type {CliIo} from '../base/cli-io.js'
import {printable} from '../base/printable.js'
import type {Progress} from './progress-bar.js'
import {createProgress, minimumBytes} from './progress-bar.js'
import type {ProgressStream} from '../base/cli-io.js'
import type {RunProgress} from './run-progress.js'
import {plainRunProgress} from './run-progress.js'

/** Options for {@link terminalRunProgress}. */
export interface RunProgressOptions {
  /** How many inputs (files and folders) the run converts. */
  inputs: number
  /** Whether notes go into a folder (`-o`): then stdout holds only their paths, and a count of inputs can show. */
  folder: boolean
}

/**
 * Progress on a terminal's stderr. Many inputs converted into a folder:
 * one bar counting them (`convert [...] 7% | 120/1,650 files | 66 files/s | 23s
 * left | the file at work`), with the lines written meanwhile above it.
 * Otherwise a bar for each large input (bytes read, conversations).
 */
export function terminalRunProgress(
  io: Pick<CliIo, 'stdout' | 'stderr' | 'stdoutIsTerminal' | 'now'>,
  stream: ProgressStream,
  options: RunProgressOptions
): RunProgress {
  const now = io.now ?? (() => performance.now())
  const plain = plainRunProgress(io)
  if (!options.folder || options.inputs < minimumCount) {
    return {...plain, input: (name) => createProgress(name, stream, now)}
  }
  const bar = countProgress(stream, {label: 'convert', unit: 'files', total: options.inputs, now})
  let begun = 0
  return {
    begin(path) {
      bar.advance(begun++, printable(path))
    },
    input(name): Progress {
      // One bar on the screen: a large input's share read is shown beside its name in the count's line.
      return {
        read(bytes, size) {
          if (size === undefined || size < minimumBytes) return
          bar.current(`${printable(name)} (${formatBytes(Math.min(bytes, size))} of ${formatBytes(size)})`)
        },
        conversation() {},
        stop() {}
      }
    },
    write(text, failure) {
      // Into a pipe or a file, stdout's lines cannot garble the bar; on the same terminal they go above it.
      if (failure || io.stdoutIsTerminal) bar.log(text)
      else plain.write(text, failure)
    },
    stop() {
      bar.advance(begun)
      bar.stop()
    }
  }
}
