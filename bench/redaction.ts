import {existsSync} from 'node:fs'
import {spawn} from 'node:child_process'
import {fileURLToPath} from 'node:url'
import {measure} from './measure.js'

// Redaction's cost on the 100 MB sessions: the time `redactSecrets` takes over each session's conversation
// (in a child process per bundle, so two builds are measured side by side: `BENCH_REDACT_BEFORE=<an older
// packages/cli folder>`), and the command's wall time with and without `--no-redact`, taking turns.
// `BENCH_ONLY=redaction`; the sessions are the ones `run.ts` generates in `.data/`.

const dataDir = fileURLToPath(new URL('.data/', import.meta.url))
const runs = Number(process.env['BENCH_RUNS'] ?? 3)
const megabytes = Number(process.env['BENCH_MB'] ?? 100)
const here = fileURLToPath(new URL('../packages/cli/', import.meta.url))
const builds = [
  ...(process.env['BENCH_REDACT_BEFORE'] ? [{label: 'before', root: process.env['BENCH_REDACT_BEFORE']}] : []),
  {label: process.env['BENCH_REDACT_BEFORE'] ? 'after' : 'this build', root: here}
]

/**
 * A child that reads `input` with the build at `root` (its library bundle), then redacts a fresh copy of each
 * conversation `times` times and prints the best time of the redaction alone, in seconds, and how many secrets
 * it found.
 */
const timer = `
const [root, input, times] = process.argv.slice(1)
const {convert, inputFromPath, normalizer, redactSecrets} = await import(root + '/dist/bundle/index.js')
const conversations = []
await convert(normalizer, await inputFromPath(input), {onConversation: (c) => void conversations.push(c)})
let best = Infinity
let found = 0
for (let run = 0; run < Number(times); run++) {
  const copies = conversations.map((c) => structuredClone(c))
  const started = process.hrtime.bigint()
  for (const copy of copies) await redactSecrets(copy)
  best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9)
  found = copies.reduce((sum, c) => sum + (c.fidelity['redacted-secret'] ?? 0), 0)
}
process.stdout.write(JSON.stringify({seconds: best, found}))
`

async function redactionAlone(root: string, input: string): Promise<{seconds: number; found: number}> {
  const child = spawn(process.execPath, ['--input-type=module', '-e', timer, root, input, String(runs)], {
    stdio: ['ignore', 'pipe', 'inherit']
  })
  let out = ''
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  if (code !== 0) throw new Error(`the redaction timer exited ${code}`)
  return JSON.parse(out) as {seconds: number; found: number}
}

/** Prints, for each generated session, redaction's own time and the command's time with and without it. */
export async function benchRedaction(): Promise<void> {
  const lines = [`Secret redaction, best of ${runs} runs, node ${process.version}`]
  for (const name of ['claude', 'gemini', 'codex']) {
    const input = `${dataDir}${name}-${megabytes}mb.jsonl`
    if (!existsSync(input)) {
      lines.push(`  ${name}: ${input} is missing (run BENCH_ONLY=${name} first, which generates it)`)
      continue
    }
    for (const {label, root} of builds) {
      const alone = await redactionAlone(root, input)
      const command = `${root}/bin/chatmark.js`
      let plain = Number.POSITIVE_INFINITY
      let redacting = Number.POSITIVE_INFINITY
      for (let run = 0; run < runs; run++) {
        plain = Math.min(plain, (await measure([command, '--no-redact', input])).seconds)
        redacting = Math.min(redacting, (await measure([command, input])).seconds)
      }
      lines.push(
        `  ${name} ${megabytes} MB, ${label}: redactSecrets ${alone.seconds.toFixed(2)} s (${alone.found} found); ` +
          `command --no-redact ${plain.toFixed(2)} s, redacting ${redacting.toFixed(2)} s ` +
          `(+${(((redacting - plain) / plain) * 100).toFixed(0)}%)`
      )
    }
  }
  process.stdout.write(`${lines.join('\n')}\n\n`)
}
