import {createReadStream} from 'node:fs'
import {createInterface} from 'node:readline'

// The floor: read the file line by line and JSON.parse every line, nothing
// else. No conversion can be faster than this.
const path = process.argv[2]
if (!path) throw new Error('usage: json-parse-floor.ts FILE')
let records = 0
for await (const line of createInterface({
  input: createReadStream(path, {highWaterMark: 1024 * 1024}),
  crlfDelay: Infinity
})) {
  if (line.length > 0) {
    JSON.parse(line)
    records++
  }
}
process.stderr.write(`records ${records}\n`)
