import {readFileSync} from 'node:fs'
import {deserialize, serialize} from 'node:v8'

// What handing parsed records from one thread to another would cost, against parsing them: the plain floor's
// read and JSON.parse of every line, then the structured clone a worker's postMessage does (v8.serialize on the
// sending thread, v8.deserialize on the receiving one). Usage: node bench/clone-cost.mjs FILE.jsonl
const path = process.argv[2]
if (!path) throw new Error('usage: node bench/clone-cost.mjs FILE.jsonl')
const time = (what) => {
  const started = performance.now()
  const result = what()
  return {result, ms: Math.round(performance.now() - started)}
}
const lines = time(() =>
  readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.length > 0)
)
const records = time(() => lines.result.map((line) => JSON.parse(line)))
const bytes = time(() => serialize(records.result))
const copy = time(() => deserialize(bytes.result))
process.stdout.write(
  `${path}: ${records.result.length} records; read and split ${lines.ms} ms, JSON.parse ${records.ms} ms, ` +
    `serialize ${bytes.ms} ms, deserialize ${copy.ms} ms (${copy.result.length} records, ` +
    `${(bytes.result.length / 1e6).toFixed(0)} MB cloned)\n`
)
