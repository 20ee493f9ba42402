// Preloaded into benchmark children: report peak RSS (kilobytes) on exit.
process.on('exit', () => {
  process.stderr.write(`\npeak-rss-kb ${process.resourceUsage().maxRSS}\n`)
})
