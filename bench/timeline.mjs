import {spawn} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'

// A command's phases, from /proc (Linux): every INTERVAL ms (BENCH_TIMELINE_MS, default 500), its resident set
// and how busy each of its threads was since the line before (1.00: a whole core), so one sees when the main thread
// works alone (hashing sources, writing indexes) and when the workers do, and where memory climbs. The peak RSS is
// the process's high-water mark (VmHWM). Usage: node bench/timeline.mjs COMMAND ARGS...
// Threads are named as the kernel names them (`node`: the main thread; V8's and libuv's helpers; workers' threads).
const [command, ...args] = process.argv.slice(2)
if (!command) throw new Error('usage: node bench/timeline.mjs COMMAND ARGS...')
const interval = Number(process.env['BENCH_TIMELINE_MS'] ?? 500)
const ticksPerSecond = 100
const child = spawn(command, args, {stdio: ['ignore', 'ignore', 'inherit']})
const before = new Map()
const started = performance.now()
let last = started
let peak = 0

const status = (field) => {
  const text = readFileSync(`/proc/${child.pid}/status`, 'utf8')
  return Number(new RegExp(`^${field}:\\s+(\\d+)`, 'm').exec(text)?.[1] ?? 0) * 1024
}

const sample = () => {
  const now = performance.now()
  const busy = []
  let rss
  try {
    rss = status('VmRSS')
    peak = Math.max(peak, status('VmHWM'))
    for (const task of readdirSync(`/proc/${child.pid}/task`)) {
      try {
        const stat = readFileSync(`/proc/${child.pid}/task/${task}/stat`, 'utf8')
        const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        const ticks = Number(fields[11]) + Number(fields[12])
        const cores = (ticks - (before.get(task) ?? 0)) / ticksPerSecond / ((now - last) / 1000)
        before.set(task, ticks)
        if (cores >= 0.05) busy.push(`${name}:${task} ${cores.toFixed(2)}`)
      } catch {
        // The thread ended between the listing and the read.
      }
    }
  } catch {
    return
  }
  last = now
  const seconds = ((now - started) / 1000).toFixed(1).padStart(6)
  process.stdout.write(`${seconds} s  RSS ${(rss / 1024 / 1024).toFixed(0).padStart(4)} MB  ${busy.join(', ')}\n`)
}

const timer = setInterval(sample, interval)
child.on('exit', (code) => {
  clearInterval(timer)
  const seconds = (performance.now() - started) / 1000
  process.stdout.write(
    `wall ${seconds.toFixed(2)} s, peak RSS (VmHWM, at the last sample) ${(peak / 1024 / 1024).toFixed(0)} MB, ` +
      `exit code ${code}\n`
  )
})
