import {existsSync} from 'node:fs'
import {generateOpencodeDatabase} from './generate-opencode.js'
import {measure} from './measure.js'

/** Where the case works. */
export interface OpencodePartSetup {
  dataDir: string
  /** A new folder of the bench's scratch space, removed when the bench ends. */
  freshFolder(label: string): string
  /** The `chatmark` command's launcher. */
  command: string
  runs: number
}

/**
 * Issue 25, item 4: OpenCode's real database (`packages/format-opencode/fixtures/database`,
 * four sessions) with one tool output of 1 to 64 MB (see
 * `generateOpencodeDatabase`), written with `-o`: peak RSS, and seconds and CPU
 * seconds per MB of the output, best of `runs`. BENCH_OPENCODE_MB: the sizes,
 * comma-separated.
 */
export async function benchOpencodePart(setup: OpencodePartSetup): Promise<void> {
  const {dataDir, freshFolder, command, runs} = setup
  const sizes = (process.env['BENCH_OPENCODE_MB'] ?? '1,4,16,64').split(',').map(Number)
  process.stdout.write(
    `OpenCode database with one tool output of 1 to 64 MB, chatmark -o (best of ${runs}, node ${process.version})\n` +
      `  ${'output'.padStart(6)}  ${'seconds'.padStart(7)}  ${'s / MB'.padStart(6)}  ${'CPU s / MB'.padStart(10)}  ` +
      `${'peak RSS'.padStart(8)}  RSS added per MB of output, over the smallest\n`
  )
  let first: {megabytes: number; mib: number} | undefined
  for (const megabytes of sizes) {
    const database = `${dataDir}opencode-${megabytes}mb.db`
    if (!existsSync(database)) await generateOpencodeDatabase(database, megabytes * 1024 * 1024)
    let seconds = Number.POSITIVE_INFINITY
    let cpu = Number.POSITIVE_INFINITY
    let peak = 0
    for (let run = 0; run < runs; run++) {
      const result = await measure([command, '-o', freshFolder('opencode'), database])
      seconds = Math.min(seconds, result.seconds)
      cpu = Math.min(cpu, result.cpuSeconds)
      peak = Math.max(peak, result.peakRss)
    }
    const mib = peak / 1024 / 1024
    first ??= {megabytes, mib}
    const growth = megabytes > first.megabytes ? ((mib - first.mib) / (megabytes - first.megabytes)).toFixed(1) : '-'
    process.stdout.write(
      `  ${`${megabytes} MB`.padStart(6)}  ${seconds.toFixed(2).padStart(7)}  ` +
        `${(seconds / megabytes).toFixed(2).padStart(6)}  ` +
        `${(cpu / megabytes).toFixed(3).padStart(10)}  ${`${mib.toFixed(0)} MB`.padStart(8)}  ${growth}\n`
    )
  }
  process.stdout.write('\n')
}
