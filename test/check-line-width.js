// Fails when a tracked text file outside a fixtures/ folder (and the generated lockfile)
// has a line longer than the formatter's line width (biome.json). Biome wraps code, but it cannot break a
// long string, comment, regular expression or Markdown table row: this catches them.
import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'

const config = JSON.parse(readFileSync(new URL('../biome.json', import.meta.url), 'utf8'))
const width = config.formatter.lineWidth
const root = new URL('../', import.meta.url)
const files = execFileSync('git', ['ls-files', '-z', '*.ts', '*.js', '*.json', '*.md', '*.yaml'], {cwd: root})
  .toString()
  .split('\0')
  // The model's JSON Schema is generated too (packages/core/scripts/conversation-schema.js): its descriptions are
  // the TSDoc's paragraphs, one line each.
  .filter((file) => file !== '' && file !== 'pnpm-lock.yaml' && !/(^|\/)fixtures\//.test(file))
  .filter((file) => !file.endsWith('.schema.json'))
const long = []
for (const file of files) {
  const lines = readFileSync(new URL(file, root), 'utf8').split('\n')
  for (const [index, line] of lines.entries()) {
    if ([...line].length > width) long.push(`${file}:${index + 1}: ${[...line].length} characters`)
  }
}
if (long.length > 0) {
  console.error(`${long.length} line(s) over the line width of ${width}:\n${long.join('\n')}`)
  process.exit(1)
}
console.log(`${files.length} files, no line over ${width} characters`)
