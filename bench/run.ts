import {existsSync, statSync} from 'node:fs'
import {mkdir, readdir, readFile, rm} from 'node:fs/promises'
import {availableParallelism} from 'node:os'
import {fileURLToPath} from 'node:url'
import {generateChatgptExport} from './generate-chatgpt.js'
import {generateClaudeSession} from './generate-claude.js'
import {generateCodexRollout} from './generate-codex.js'
import {generateGeminiSession} from './generate-gemini.js'
import {generateFolder} from './generate-folder.js'
import {generateHome} from './generate-home.js'
import {benchHtmlLines} from './html-lines.js'
import {benchHtmlVsMarkdown} from './html-vs-markdown.js'
import {benchLinearSteps} from './linear-steps.js'
import {benchLines} from './lines.js'
import {benchMarkdownBudget} from './markdown-budget.js'
import type {Measurement} from './measure.js'
import {measure} from './measure.js'
import {benchRedaction} from './redaction.js'
import {benchOpencodePart} from './opencode-part.js'
import {benchSlackChannels} from './slack-channels.js'
import {benchSyncVsOut} from './sync-vs-out.js'

// Side-by-side benchmark: each input is timed against the bare JSON.parse
// floor in the same run, and the ratios are printed. Figures go to BENCHMARKS.md.
const megabytes = Number(process.env['BENCH_MB'] ?? 100)
const exportMegabytes = Number(process.env['BENCH_EXPORT_MB'] ?? 2048)
const runs = Number(process.env['BENCH_RUNS'] ?? 3)
const only = process.env['BENCH_ONLY']

/** Before the first run: any run is better. */
const notYet: Measurement = {seconds: Number.POSITIVE_INFINITY, peakRss: 0, cpuSeconds: 0}

/** Runs taking turns keep their best: the fastest run's time and CPU time, and the highest peak of them all. */
function best(kept: Measurement, next: Measurement): Measurement {
  return {...(next.seconds < kept.seconds ? next : kept), peakRss: Math.max(kept.peakRss, next.peakRss)}
}

const dataDir = fileURLToPath(new URL('.data/', import.meta.url))
const cli = fileURLToPath(new URL('../packages/cli/dist/bin.js', import.meta.url))
// The `chatmark` command: its launcher, which imports the esbuild bundle in packages/cli/dist/bundle/.
const command = fileURLToPath(new URL('../packages/cli/bin/chatmark.js', import.meta.url))
const startupRuns = Number(process.env['BENCH_STARTUP_RUNS'] ?? 20)
const smallSession = fileURLToPath(
  new URL('../packages/format-gemini/fixtures/legacy-json/input.json', import.meta.url)
)
const floor = fileURLToPath(new URL('json-parse-floor.ts', import.meta.url))
const plainFloor = fileURLToPath(new URL('plain-floor.mjs', import.meta.url))

/** One generated input: what it is, its file, and how to write it. */
interface Case {
  name: string
  label: string
  file: string
  generate(path: string, bytes: number): Promise<void>
}

const cases: Case[] = [
  {name: 'gemini', label: 'Gemini JSONL session', file: `gemini-${megabytes}mb.jsonl`, generate: generateGeminiSession},
  {
    name: 'claude',
    label: 'Claude Code JSONL session',
    file: `claude-${megabytes}mb.jsonl`,
    generate: generateClaudeSession
  },
  {name: 'codex', label: 'Codex CLI rollout', file: `codex-${megabytes}mb.jsonl`, generate: generateCodexRollout}
]

const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`

// Each run writes its notes into a folder of its own, and all are removed when the bench ends: removing thousands
// of notes just before a run made that run's file creation pay for it (perf: ext4's `recently_deleted` scan in
// `__ext4_new_inode`, 5% of the export's samples), which is the bench's doing, not what a user's run meets. (And
// `measure` flushes what earlier runs wrote before it starts the clock.)
const scratch = `${dataDir}scratch/`
await rm(scratch, {recursive: true, force: true})
let scratchCount = 0
const freshFolder = (label: string): string => `${scratch}${label}-${++scratchCount}`

// Startup: how long a small session takes, against node doing nothing. The
// three commands take turns, run after run, so that a busy moment slows all of
// them alike; each keeps its best time.
if (!only || only === 'startup') {
  const commands = [
    {label: 'node -e 0', args: ['-e', '0']},
    {label: 'chatmark (bundle: bin/chatmark.js)', args: [command, smallSession]},
    {label: 'node packages/cli/dist/bin.js (tsc output)', args: [cli, smallSession]}
  ]
  const bestSeconds = commands.map(() => Number.POSITIVE_INFINITY)
  for (let run = 0; run < startupRuns; run++) {
    for (const [index, {args}] of commands.entries()) {
      bestSeconds[index] = Math.min(bestSeconds[index]!, (await measure(args)).seconds)
    }
  }
  const [bare, bundled, unbundled] = bestSeconds as [number, number, number]
  const ms = (seconds: number): string => `${(seconds * 1000).toFixed(0)} ms`.padStart(7)
  process.stdout.write(
    [
      'Startup: one small session to a note ' +
        `(packages/format-gemini/fixtures/legacy-json, ${statSync(smallSession).size} bytes), ` +
        `best of ${startupRuns} runs, node ${process.version}`,
      ...commands.map(({label}, index) => {
        const seconds = bestSeconds[index]!
        const ratio = index === 0 ? '' : `  (${(seconds / bare).toFixed(2)}x node -e 0)`
        return `  ${label.padEnd(45)} ${ms(seconds)}${ratio}`
      }),
      `  chatmark's own startup, over node -e 0:       ${ms(bundled - bare)} bundled, ` +
        `${ms(unbundled - bare)} unbundled`,
      `  unbundled / bundled:                          ${(unbundled / bundled).toFixed(2)}x (target: the bundle ` +
        `under 150 ms)`,
      ''
    ].join('\n')
  )
}

await mkdir(dataDir, {recursive: true})
for (const benchCase of cases) {
  if (only && only !== benchCase.name) continue
  const input = `${dataDir}${benchCase.file}`
  if (!existsSync(input)) {
    process.stdout.write(`generating ${input} ...\n`)
    await benchCase.generate(input, megabytes * 1024 * 1024)
  }
  const size = statSync(input).size
  // The three take turns, run after run, so that a busy moment slows all of them alike; each keeps its best.
  let plainResult = notYet
  let floorResult = notYet
  let chatmarkResult = notYet
  for (let run = 0; run < runs; run++) {
    plainResult = best(plainResult, await measure([plainFloor, input]))
    floorResult = best(floorResult, await measure(['--import', 'tsx', floor, input]))
    chatmarkResult = best(chatmarkResult, await measure([command, input]))
  }
  const cores = availableParallelism()
  const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`
  process.stdout.write(
    [
      `${benchCase.label}, ${mb(size)} (best of ${runs} runs, node ${process.version})`,
      `  plain floor (node, readFileSync, split, JSON.parse each line): ${plainResult.seconds.toFixed(2)} s, ` +
        `peak RSS ${mb(plainResult.peakRss)}`,
      `  old floor (readline under the tsx loader):                    ${floorResult.seconds.toFixed(2)} s ` +
        `(${ratio(floorResult.seconds, plainResult.seconds)} the plain floor: the loader's start and readline)`,
      `  chatmark to a Markdown note (the bundled command):           ${chatmarkResult.seconds.toFixed(2)} s, ` +
        `peak RSS ${mb(chatmarkResult.peakRss)}`,
      `  time, chatmark / plain floor:   ${ratio(chatmarkResult.seconds, plainResult.seconds)} (target: within 2x)`,
      `  peak RSS / input size:          ${(chatmarkResult.peakRss / size).toFixed(2)}x (target: under 2x; the ` +
        `plain floor alone: ${(plainResult.peakRss / size).toFixed(2)}x)`,
      // What the cores allow: the work of the best run spread perfectly over all of them, nothing added to split it.
      `  CPU time (all threads):         ${chatmarkResult.cpuSeconds.toFixed(2)} s; over ${cores} cores with no ` +
        `overhead, at least ${(chatmarkResult.cpuSeconds / cores).toFixed(2)} s: ` +
        `${ratio(chatmarkResult.cpuSeconds / cores, plainResult.seconds)} the plain floor`,
      ''
    ].join('\n')
  )
}

// Data exports: one conversations.json far larger than V8's longest string,
// converted to one note per conversation. There is no JSON.parse floor to
// compare with (the file cannot be one string); the target is memory.
const exportCases: Case[] = [
  {
    name: 'chatgpt',
    label: 'ChatGPT conversations.json',
    file: `chatgpt-${exportMegabytes}mb.json`,
    generate: generateChatgptExport
  }
]
for (const benchCase of exportCases) {
  if (only && only !== benchCase.name) continue
  const input = `${dataDir}${benchCase.file}`
  if (!existsSync(input)) {
    process.stdout.write(`generating ${input} ...\n`)
    await benchCase.generate(input, exportMegabytes * 1024 * 1024)
  }
  const size = statSync(input).size
  // The default (a worker per core); BENCH_EXPORT_JOBS=1 for one thread, side by side.
  const jobsList = [availableParallelism(), ...(process.env['BENCH_EXPORT_JOBS'] === '1' ? [1] : [])]
  const lines = [`${benchCase.label}, ${mb(size)} (one run each, node ${process.version})`]
  for (const jobs of jobsList) {
    const result = await measure([command, '--jobs', String(jobs), '-o', freshFolder(benchCase.name), input])
    lines.push(
      `  chatmark --jobs ${jobs} -o notes/ (one note per conversation): ${result.seconds.toFixed(1)} s, ` +
        `${(size / 1024 / 1024 / result.seconds).toFixed(0)} MB/s (target: 40 MB/s), ` +
        `peak RSS ${mb(result.peakRss)} (target: under 300 MB)`
    )
  }
  process.stdout.write(`${lines.join('\n')}\n\n`)
}

// The vault: `chatmark sync` of a home folder holding 1,500 sessions of the three tools, first into an empty
// vault, then again with nothing changed (which must read no source and write no note).
if (!only || only === 'vault') {
  const sessions = Number(process.env['BENCH_VAULT_SESSIONS'] ?? 1500)
  const home = `${dataDir}home-${sessions}`
  if (!existsSync(home)) {
    process.stdout.write(`generating ${home} ...\n`)
    await generateHome(home, sessions)
  }
  const env = {...process.env, HOME: home}
  let first = Number.POSITIVE_INFINITY
  let again = Number.POSITIVE_INFINITY
  let firstRss = 0
  for (let run = 0; run < runs; run++) {
    const vault = freshFolder('vault')
    const fresh = await measure([command, 'sync', vault, '--quiet'], env)
    const unchanged = await measure([command, 'sync', vault, '--quiet'], env)
    first = Math.min(first, fresh.seconds)
    firstRss = Math.max(firstRss, fresh.peakRss)
    again = Math.min(again, unchanged.seconds)
  }
  process.stdout.write(
    [
      `chatmark sync of ${sessions.toLocaleString('en-US')} sessions (Claude Code, Codex, Gemini CLI; ` +
        `best of ${runs} runs, node ${process.version})`,
      `  first sync into an empty vault:   ${first.toFixed(2)} s (${(sessions / first).toFixed(0)} sessions/s), ` +
        `peak RSS ${mb(firstRss)}`,
      `  again, nothing changed:           ${again.toFixed(2)} s (target: under 1 s)`,
      ''
    ].join('\n')
  )
}

// Every core: a folder of generated sessions converted with one job and with one per core, taking turns; the
// notes must be the same files with the same bytes.
if (!only || only === 'jobs') {
  const sessions = Number(process.env['BENCH_FOLDER_SESSIONS'] ?? 1500)
  const folderMegabytes = Number(process.env['BENCH_FOLDER_MB'] ?? 700)
  const folder = `${dataDir}folder-${sessions}-${folderMegabytes}mb`
  if (!existsSync(folder)) {
    process.stdout.write(`generating ${folder} ...\n`)
    await generateFolder(folder, sessions, folderMegabytes * 1024 * 1024)
  }
  const cores = availableParallelism()
  const outOf = new Map<number, string>()
  let one = notYet
  let all = notYet
  for (let run = 0; run < runs; run++) {
    for (const jobs of [1, cores]) {
      outOf.set(jobs, freshFolder(`jobs-${jobs}`))
      const result = await measure([command, '--jobs', String(jobs), '-o', String(outOf.get(jobs)), folder])
      if (jobs === 1) one = best(one, result)
      else all = best(all, result)
    }
  }
  const [oneOut, allOut] = [String(outOf.get(1)), String(outOf.get(cores))]
  const names = (await readdir(oneOut)).sort()
  let same = names.join('\n') === (await readdir(allOut)).sort().join('\n')
  for (const name of names) {
    if (!same) break
    same = (await readFile(`${oneOut}/${name}`)).equals(await readFile(`${allOut}/${name}`))
  }
  const sizes = await Promise.all(
    (await readdir(folder, {recursive: true})).map((name) => statSync(`${folder}/${name}`).size)
  )
  const total = sizes.reduce((sum, size) => sum + size, 0)
  const busy = (result: Measurement): number => result.cpuSeconds / result.seconds
  const line = (label: string, result: Measurement): string =>
    `  ${label.padEnd(19)}${result.seconds.toFixed(2)} s (${(sessions / result.seconds).toFixed(0)} sessions/s), ` +
    `peak RSS ${mb(result.peakRss)}, CPU ${result.cpuSeconds.toFixed(1)} s (${busy(result).toFixed(2)} cores busy)`
  process.stdout.write(
    [
      `chatmark -o notes/ on a folder of ${sessions.toLocaleString('en-US')} sessions (Claude Code, Codex, ` +
        `Gemini CLI; ${mb(total)}; best of ${runs} runs, node ${process.version}, ${cores} cores)`,
      line('--jobs 1:', one),
      `${line(`--jobs ${cores}:`, all)} (the process: main thread and workers)`,
      `  speed-up:          ${(one.seconds / all.seconds).toFixed(2)}x (target: 1.7x with 2 jobs on 2 cores)`,
      // One job already keeps more than a core busy (V8 compiles its code on another), and each worker compiles
      // the same code again: what the cores allow, and what the workers cost.
      `  ceiling:           ${(cores / busy(one)).toFixed(2)}x (${cores} cores / the cores one job keeps busy); ` +
        `${cores} jobs used ${(all.cpuSeconds / one.cpuSeconds).toFixed(2)}x the CPU time of one`,
      `  the same notes:    ${same ? 'yes' : 'NO'} (${names.length.toLocaleString('en-US')} files, byte for byte)`,
      ''
    ].join('\n')
  )
}

// Steps whose tests count work, not time (containment, the Obsidian rewrite, the -o ledger): timed at growing sizes.
if (!only || only === 'linear-steps') await benchLinearSteps({dataDir, runs, command})

// Issue 22: `chatmark sync` against `chatmark -o` on the same home of Claude Code sessions, then syncs with nothing
// changed. BENCH_BUNDLE names another build's `dist/bundle/chatmark.js` (a worktree's), to compare two builds.
const bundle =
  process.env['BENCH_BUNDLE'] ?? fileURLToPath(new URL('../packages/cli/dist/bundle/chatmark.js', import.meta.url))
if (!only || only === 'sync-vs-out') await benchSyncVsOut({dataDir, freshFolder, runs, bundle})

// Issue 25, item 6: what redacting secrets costs on the 100 MB sessions (BENCH_REDACT_BEFORE: another build).
if (only === 'redaction') await benchRedaction()

// Issue 25: hostile Markdown in one message, 8 to 64 KB (item 7); HTML's memory by session lines (item 2).
if (!only || only === 'markdown-budget') await benchMarkdownBudget({runs})
if (!only || only === 'html-lines')
  await benchHtmlLines({dataDir, bundle, maxLines: Number(process.env['BENCH_MAX_LINES'] ?? 400_000)})

// Issue 28: `--to html` against `--to markdown` on one Claude Code session, with claude-code-transcripts and
// claude-code-log beside them; only when asked for (it runs the peers).
if (only === 'html-vs-markdown') {
  const smallMegabytes = Number(process.env['BENCH_SMALL_MB'] ?? 5)
  await benchHtmlVsMarkdown({dataDir, freshFolder, bundle, runs, megabytes, smallMegabytes})
}

// Issue 25: a Slack export of 2,500 to 40,000 channels, time per channel.
if (!only || only === 'slack-channels') await benchSlackChannels({dataDir, freshFolder, command})
// Issue 25: an OpenCode database with one tool output of 1 to 64 MB, memory and time per MB.
if (!only || only === 'opencode-part') await benchOpencodePart({dataDir, freshFolder, command, runs})

// Issue 25: memory and time against the number of lines of one session (bench/lines.ts); only when asked for, as
// its largest sessions take minutes each.
if (only === 'lines') await benchLines({dataDir, freshFolder, bundle})

await rm(scratch, {recursive: true, force: true})
