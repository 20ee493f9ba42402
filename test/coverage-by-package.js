// Prints line, branch, function and statement coverage per package from vitest's
// json-summary report (coverage/coverage-summary.json), after the test run.
import {readFileSync} from 'node:fs'

const summary = JSON.parse(readFileSync(new URL('../coverage/coverage-summary.json', import.meta.url), 'utf8'))
const kinds = ['lines', 'branches', 'functions', 'statements']
const packages = new Map()
for (const [file, counts] of Object.entries(summary)) {
  const name = /\/packages\/([^/]+)\/src\//.exec(file)?.[1]
  if (name === undefined) continue
  const total = packages.get(name) ?? Object.fromEntries(kinds.map((kind) => [kind, {covered: 0, total: 0}]))
  for (const kind of kinds) {
    total[kind].covered += counts[kind].covered
    total[kind].total += counts[kind].total
  }
  packages.set(name, total)
}
const percent = ({covered, total}) => (total === 0 ? '100.0' : ((100 * covered) / total).toFixed(1)).padStart(6)
console.log(`\nCoverage by package:\n${'package'.padEnd(18)}${kinds.map((kind) => kind.padStart(11)).join('')}`)
for (const [name, total] of [...packages].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`${name.padEnd(18)}${kinds.map((kind) => `${percent(total[kind])}%`.padStart(11)).join('')}`)
}
