import {readFileSync} from 'node:fs'

// The plain floor (issue 13): plain `node` on a plain `.mjs` file, no loader; read the whole file, split it into
// lines, JSON.parse each line, nothing else. What any converter of this file must at least do.
const path = process.argv[2]
if (!path) throw new Error('usage: plain-floor.mjs FILE')
let records = 0
for (const line of readFileSync(path, 'utf8').split('\n')) {
  if (line.length > 0) {
    JSON.parse(line)
    records++
  }
}
process.stderr.write(`records ${records}\n`)
