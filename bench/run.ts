import {existsSync, statSync} from 'node:fs'
import {mkdir} from 'node:fs/promises'
import {fileURLToPath} from 'node:url'
import {generateGeminiSession} from './generate-gemini.js'
import {measure} from './measure.js'

// Side-by-side benchmark: each input is timed against the bare JSON.parse
// floor in the same run, and the ratios are printed. Figures go to BENCHMARKS.md.
const megabytes = Number(process.env['BENCH_MB'] ?? 100)
const dataDir = fileURLToPath(new URL('.data/', import.meta.url))
const cli = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url))
const floor = fileURLToPath(new URL('json-parse-floor.ts', import.meta.url))
const runs = Number(process.env['BENCH_RUNS'] ?? 3)

await mkdir(dataDir, {recursive: true})
const input = `${dataDir}gemini-${megabytes}mb.jsonl`
if (!existsSync(input)) {
  process.stdout.write(`generating ${input} ...\n`)
  await generateGeminiSession(input, megabytes * 1024 * 1024)
}
const size = statSync(input).size

const best = async (args: string[]) => {
  let result = await measure(args)
  for (let run = 1; run < runs; run++) {
    const next = await measure(args)
    if (next.seconds < result.seconds) result = {...next, peakRss: Math.max(result.peakRss, next.peakRss)}
    else result = {...result, peakRss: Math.max(result.peakRss, next.peakRss)}
  }
  return result
}

const floorResult = await best(['--import', 'tsx', floor, input])
const chatmarkResult = await best([cli, input])
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`

process.stdout.write(
  [
    `Gemini JSONL session, ${mb(size)} (best of ${runs} runs, node ${process.version})`,
    `  JSON.parse of every line (floor): ${floorResult.seconds.toFixed(2)} s, peak RSS ${mb(floorResult.peakRss)}`,
    `  chatmark to a Markdown note:     ${chatmarkResult.seconds.toFixed(2)} s, peak RSS ${mb(chatmarkResult.peakRss)}`,
    `  time ratio chatmark / floor:     ${(chatmarkResult.seconds / floorResult.seconds).toFixed(2)}x (target: within 3x)`,
    `  peak RSS / input size:           ${(chatmarkResult.peakRss / size).toFixed(2)}x (target: under 2x; the floor alone: ${(floorResult.peakRss / size).toFixed(2)}x)`,
    ''
  ].join('\n')
)
