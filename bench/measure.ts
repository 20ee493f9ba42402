import {spawn, spawnSync} from 'node:child_process'

/** Wall time, peak memory and CPU time of one child process. */
export interface Measurement {
  seconds: number
  /** Peak resident set size in bytes, as the child itself reported it. */
  peakRss: number
  /** User and system CPU time of all its threads (workers and V8's helpers too), as it reported it. */
  cpuSeconds: number
}

/** A {@link Measurement} with what the child wrote to stderr (its summary line, say). */
export interface Run extends Measurement {
  stderr: string
}

/**
 * Runs `node <args>` with a preload that reports the child's own peak RSS
 * and CPU time (`process.resourceUsage()`) when it exits, so the figures are
 * the child's alone. Output goes to /dev/null, as when a note is written. `env`:
 * the child's environment (a fake `HOME` for `chatmark sync`).
 */
export async function measure(args: string[], env: NodeJS.ProcessEnv = process.env): Promise<Run> {
  // Every run starts with nothing waiting to be written back: the notes of the run before would otherwise be
  // flushed during this one, and its fsyncs wait behind them (a run with one job, which waits on its fsyncs
  // more, took 15% longer then). Where there is no `sync` command (Windows) nothing is done.
  spawnSync('sync', {stdio: 'ignore'})
  const started = process.hrtime.bigint()
  const reporter = new URL('./report-rss.cjs', import.meta.url).pathname
  const child = spawn(process.execPath, ['--require', reporter, ...args], {stdio: ['ignore', 'ignore', 'pipe'], env})
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  const seconds = Number(process.hrtime.bigint() - started) / 1e9
  const match = /^peak-rss-kb (\d+)$/m.exec(stderr)
  const cpu = /^cpu-us (\d+)$/m.exec(stderr)
  if (code !== 0 || !match?.[1] || !cpu?.[1]) throw new Error(`node ${args.join(' ')} exited ${code}:\n${stderr}`)
  return {seconds, peakRss: Number(match[1]) * 1024, cpuSeconds: Number(cpu[1]) / 1e6, stderr}
}
