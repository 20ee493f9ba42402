import {spawn} from 'node:child_process'
import {readdirSync, readFileSync} from 'node:fs'

// CPU time of each thread of a command, read from /proc (Linux) every 100 ms until it exits: where a run's
// CPU goes between the thread that converts, its workers, and V8's helper threads (garbage collection,
// compilation), which /usr/bin/time adds together. Usage: node bench/thread-cpu.mjs COMMAND ARGS...
// Threads are listed by the order the process started them (the first is the main thread).
const [command, ...args] = process.argv.slice(2)
if (!command) throw new Error('usage: node bench/thread-cpu.mjs COMMAND ARGS...')
const ticksPerSecond = 100
const child = spawn(command, args, {stdio: ['ignore', 'ignore', 'inherit']})
const seen = new Map()
const sample = () => {
  let tasks = []
  try {
    tasks = readdirSync(`/proc/${child.pid}/task`)
  } catch {
    return
  }
  for (const task of tasks) {
    try {
      const stat = readFileSync(`/proc/${child.pid}/task/${task}/stat`, 'utf8')
      // Fields after the command name in parentheses: utime and stime are the 12th and 13th.
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      seen.set(Number(task), {user: Number(fields[11]), system: Number(fields[12])})
    } catch {
      // The thread ended between the listing and the read.
    }
  }
}
const started = performance.now()
const timer = setInterval(sample, 100)
child.on('exit', (code) => {
  clearInterval(timer)
  const seconds = (performance.now() - started) / 1000
  const rows = [...seen].sort((a, b) => a[0] - b[0]).filter(([, cpu]) => cpu.user + cpu.system > 0)
  let total = 0
  for (const [task, cpu] of rows) {
    total += cpu.user + cpu.system
    const user = (cpu.user / ticksPerSecond).toFixed(2)
    const system = (cpu.system / ticksPerSecond).toFixed(2)
    process.stdout.write(`thread ${task}: user ${user} s, system ${system} s\n`)
  }
  const cpu = total / ticksPerSecond
  process.stdout.write(
    `wall ${seconds.toFixed(2)} s, CPU ${cpu.toFixed(2)} s (${(cpu / seconds).toFixed(2)} cores; up to the ` +
      `last sample), exit code ${code}\n`
  )
})
