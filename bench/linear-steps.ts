import {mkdir, rm, writeFile} from 'node:fs/promises'
import type {Measurement} from './measure.js'
import {measure} from './measure.js'

// The steps whose tests show them linear by the work of the built-ins (test/util/builtin-work.ts), timed here
// instead, through the command: inputs of growing size, taking turns, and the time and CPU time per unit beyond
// what the run of an empty input takes. Flat per-unit figures are linear; figures that double with the size are
// quadratic.

/** A step run through the command on inputs of a number of units. */
interface Step {
  label: string
  /** What a unit is called, and the scale of the figures per unit. */
  unit: string
  per: 'µs' | 'ms'
  sizes: number[]
  /** Writes an input of `units` units into `dir`; the command's arguments for it. */
  prepare(dir: string, units: number): Promise<string[]>
}

/** A plain-text transcript whose answer is `message`. */
const transcript = (message: string): string => `User: a request\n\nAssistant: here it is\n\n${message}\n`

/** A step converting a transcript whose answer is `unit` repeated, with `flags`. */
function repeated(label: string, unit: string, text: string, flags: string[] = []): Step {
  const name = unit.replaceAll(' ', '-')
  return {
    label: `${label} (${JSON.stringify(text)} repeated)`,
    unit,
    per: 'µs',
    sizes: [25_000, 50_000, 100_000, 200_000],
    async prepare(dir, units) {
      const path = `${dir}/${name}.txt`
      await writeFile(path, transcript(text.repeat(units)))
      return [...flags, path]
    }
  }
}

const megabyte = 1024 * 1024

const steps: Step[] = [
  {
    label: 'containment, setext headings',
    unit: 'heading',
    per: 'µs',
    sizes: [25_000, 50_000, 100_000, 200_000],
    async prepare(dir, units) {
      const path = `${dir}/setext.txt`
      await writeFile(path, transcript(Array.from({length: units}, (_, index) => `Heading ${index}\n===`).join('\n\n')))
      return [path]
    }
  },
  repeated('containment, empty items under rules', 'item', '- \n---\n\n'),
  repeated('Obsidian rewrite, delimiters never closed', 'delimiter', '\\( ', ['--profile', 'obsidian']),
  repeated('Obsidian rewrite, code spans and dollars', 'code span', '```x $ ', ['--profile', 'obsidian']),
  {
    label: '-o ledger with a planted line without breaks',
    unit: 'MB',
    per: 'ms',
    sizes: [16, 32, 64, 128],
    async prepare(dir, units) {
      const out = `${dir}/out`
      await rm(out, {recursive: true, force: true})
      await mkdir(out)
      await writeFile(`${out}/.chatmark-written`, `{"name":"${'x'.repeat(units * megabyte)}`)
      const path = `${dir}/ledger.txt`
      await writeFile(path, transcript('a short answer'))
      return ['-o', out, path]
    }
  }
]

/** Times each step at its sizes and prints the figures. */
export async function benchLinearSteps(options: {dataDir: string; runs: number; command: string}): Promise<void> {
  const dir = `${options.dataDir}linear-steps`
  await mkdir(dir, {recursive: true})
  const lines = [`Linear steps through the command (best of ${options.runs} runs, node ${process.version})`]
  for (const step of steps) {
    const sizes = [0, ...step.sizes]
    const bestOf = new Map<number, Measurement>()
    // The sizes take turns, run after run, so that a busy moment slows all of them alike; each keeps its best.
    for (let run = 0; run < options.runs; run++) {
      for (const units of sizes) {
        const args = await step.prepare(dir, units)
        const result = await measure([options.command, ...args])
        const kept = bestOf.get(units)
        if (!kept || result.cpuSeconds < kept.cpuSeconds) bestOf.set(units, result)
      }
    }
    const empty = bestOf.get(0)
    if (!empty) continue
    lines.push(`  ${step.label} (an empty input: ${empty.seconds.toFixed(2)} s, CPU ${empty.cpuSeconds.toFixed(2)} s)`)
    for (const units of step.sizes) {
      const result = bestOf.get(units)
      if (!result) continue
      const scale = step.per === 'µs' ? 1e6 : 1e3
      const per = (seconds: number, base: number): string =>
        `${(((seconds - base) / units) * scale).toFixed(2)} ${step.per}`
      lines.push(
        `    ${units.toLocaleString('en-US').padStart(7)} ${`${step.unit}s`.padEnd(11)}` +
          `${result.seconds.toFixed(2).padStart(6)} s, CPU ${result.cpuSeconds.toFixed(2).padStart(5)} s; ` +
          `per ${step.unit} beyond the empty input: ${per(result.seconds, empty.seconds)}, ` +
          `CPU ${per(result.cpuSeconds, empty.cpuSeconds)}`
      )
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`)
}
