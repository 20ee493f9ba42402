import {existsSync, readFileSync} from 'node:fs'
import {dirname, relative, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'

// Where a CPU profile's time went, by function, by source file and by package: the bundle's functions traced
// back through its source maps to the workspace's TypeScript files and the dependencies they came from.
// Self time is where the samples fell; total time is the samples under a function (counted once a sample when
// it recurses). Usage: node bench/profile-summary.mjs FILE.cpuprofile [ROWS]
// (`node --cpu-prof --cpu-prof-dir=DIR ...` writes one file per thread, workers included).
const [file, rowsArgument] = process.argv.slice(2)
if (!file) throw new Error('usage: node bench/profile-summary.mjs FILE.cpuprofile [ROWS]')
const rows = Number(rowsArgument ?? 25)
const repository = fileURLToPath(new URL('../', import.meta.url))
const profile = JSON.parse(readFileSync(file, 'utf8'))

const base64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'
/** A source map's mappings decoded: per generated line, segments [column, source, line, column, name?]. */
function decodeMappings(mappings) {
  const lines = []
  let source = 0
  let sourceLine = 0
  let sourceColumn = 0
  for (const lineText of mappings.split(';')) {
    const segments = []
    let column = 0
    for (const segmentText of lineText.split(',')) {
      if (segmentText === '') continue
      const values = []
      let value = 0
      let shift = 0
      for (const char of segmentText) {
        const digit = base64.indexOf(char)
        value += (digit & 31) << shift
        if (digit & 32) shift += 5
        else {
          values.push(value & 1 ? -(value >>> 1) : value >>> 1)
          value = 0
          shift = 0
        }
      }
      column += values[0]
      if (values.length >= 4) {
        source += values[1]
        sourceLine += values[2]
        sourceColumn += values[3]
        segments.push([column, source, sourceLine, sourceColumn])
      }
    }
    lines.push(segments)
  }
  return lines
}

const maps = new Map()
/** The source map of a script (by URL), if it has one beside it. */
function mapOf(url) {
  if (maps.has(url)) return maps.get(url)
  let map
  if (url.startsWith('file://')) {
    const path = fileURLToPath(url)
    if (existsSync(`${path}.map`)) {
      const raw = JSON.parse(readFileSync(`${path}.map`, 'utf8'))
      const root = resolve(dirname(path), raw.sourceRoot ?? '')
      map = {sources: raw.sources.map((source) => resolve(root, source)), lines: decodeMappings(raw.mappings)}
    }
  }
  maps.set(url, map)
  return map
}

/** Where a call frame's function is in the sources: [file, line] (1-based), or the script's own. */
function located({url, lineNumber, columnNumber}) {
  const map = url ? mapOf(url) : undefined
  const segments = map?.lines[lineNumber]
  if (segments?.length) {
    let found = segments[0]
    for (const segment of segments) {
      if (segment[0] > columnNumber) break
      found = segment
    }
    return [map.sources[found[1]], found[2] + 1]
  }
  return [url ? (url.startsWith('file://') ? fileURLToPath(url) : url) : '', lineNumber + 1]
}

/** The workspace package or dependency a source file belongs to. */
function packageOf(path) {
  if (path === '') return '(V8 / native)'
  if (path.startsWith('node:')) return 'node (built-in JS)'
  const modules = path.lastIndexOf('/node_modules/')
  if (modules >= 0) {
    const [scope, name] = path.slice(modules + '/node_modules/'.length).split('/')
    return scope?.startsWith('@') ? `${scope}/${name}` : String(scope)
  }
  const inRepository = relative(repository, path)
  if (!inRepository.startsWith('..')) return inRepository.split('/').slice(0, 2).join('/')
  return path
}

const parentOf = new Map()
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id)
const keyOf = new Map()
for (const node of profile.nodes) {
  const frame = node.callFrame
  const [path, line] = located(frame)
  const shown = path.startsWith(repository) ? relative(repository, path) : path
  keyOf.set(node.id, {
    fn: `${frame.functionName || '(anonymous)'}  ${shown}${shown ? `:${line}` : ''}`,
    file: shown || frame.functionName,
    pkg: frame.url === '' ? frame.functionName : packageOf(path)
  })
}

// A sample lasts until the next one (as DevTools counts it); the last one, the mean interval.
const {samples, timeDeltas} = profile
const durations = samples.map(
  (_, index) => timeDeltas[index + 1] ?? (profile.endTime - profile.startTime) / samples.length
)
const total = durations.reduce((sum, duration) => sum + duration, 0)
const tables = {fn: [new Map(), new Map()], file: [new Map(), new Map()], pkg: [new Map(), new Map()]}
for (const [index, id] of samples.entries()) {
  const duration = durations[index]
  for (const [kind, [self, inclusive]] of Object.entries(tables)) {
    self.set(keyOf.get(id)[kind], (self.get(keyOf.get(id)[kind]) ?? 0) + duration)
    const seen = new Set()
    for (let at = id; at !== undefined; at = parentOf.get(at)) {
      const key = keyOf.get(at)[kind]
      if (seen.has(key)) continue
      seen.add(key)
      inclusive.set(key, (inclusive.get(key) ?? 0) + duration)
    }
  }
}

const seconds = (microseconds) => `${(microseconds / 1e6).toFixed(2)} s`.padStart(8)
const percent = (microseconds) => `${((100 * microseconds) / total).toFixed(1)}%`.padStart(6)
const titles = {fn: 'function', file: 'source file', pkg: 'package'}
const out = [`${file}: ${seconds(total).trim()} sampled (${samples.length} samples)`]
for (const [kind, [self, inclusive]] of Object.entries(tables)) {
  out.push('', `by ${titles[kind]}, self time        (total time)`)
  const sorted = [...self].sort((a, b) => b[1] - a[1]).slice(0, rows)
  for (const [key, time] of sorted) {
    out.push(`${seconds(time)} ${percent(time)}  (${seconds(inclusive.get(key) ?? 0).trim()})  ${key}`)
  }
}
out.push('', 'by function, total time')
const [, inclusive] = tables.fn
for (const [key, time] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, rows)) {
  out.push(`${seconds(time)} ${percent(time)}  ${key}`)
}
process.stdout.write(`${out.join('\n')}\n`)
