// Writes test/setup/test-durations.json, the seconds each test file took in the last run (vitest's JSON report,
// coverage/test-results.json, which every run writes), for the sequencer that starts the slowest files first
// (test/setup/slowest-first.ts). Run it after a full `pnpm test` on an idle machine when files were added or
// became slower: `node scripts/record-test-durations.js`. Files under half a second are left out (they run last).
import {readFileSync, writeFileSync} from 'node:fs'
import {relative} from 'node:path'
import {fileURLToPath} from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
/** @type {{testResults: Array<{name: string, startTime: number, endTime: number}>}} */
const report = JSON.parse(readFileSync(`${root}coverage/test-results.json`, 'utf8'))
/** @type {Array<[string, number]>} */
const durations = report.testResults
  .map(
    (file) =>
      /** @type {[string, number]} */ ([
        relative(root, file.name),
        Math.round((file.endTime - file.startTime) / 100) / 10
      ])
  )
  .filter(([, seconds]) => seconds >= 0.5)
  .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
writeFileSync(`${root}test/setup/test-durations.json`, `${JSON.stringify(Object.fromEntries(durations), null, 2)}\n`)
console.log(`${durations.length} test files with their durations in test/setup/test-durations.json`)
