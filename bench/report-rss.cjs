// Preloaded into benchmark children: report peak RSS (kilobytes) and CPU time (all threads, microseconds) on exit.
process.on('exit', () => {
  const usage = process.resourceUsage()
  process.stderr.write(`\npeak-rss-kb ${usage.maxRSS}\ncpu-us ${usage.userCPUTime + usage.systemCPUTime}\n`)
})
