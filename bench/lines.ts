import {existsSync, statSync} from 'node:fs'
import {mkdir, rename, rm} from 'node:fs/promises'
import {dirname, join} from 'node:path'
import type {LineTool} from './generate-lines.js'
import {generateLineSession} from './generate-lines.js'
import {homeEnvironment} from './home-environment.js'
import type {Run} from './measure.js'
import {measure} from './measure.js'

/** Where the case works. */
export interface LinesSetup {
  dataDir: string
  /** A new folder of the bench's scratch space, removed when the bench ends. */
  freshFolder(label: string): string
  /** The bundled command's entry (`packages/cli/dist/bundle/chatmark.js`, or another build's). */
  bundle: string
}

/** Where each tool keeps a session in a home folder, so that `chatmark sync` finds it there. */
const sessionPaths: Record<LineTool, string> = {
  claude: '.claude/projects/-home-dev-app/7a1e2b3c-4d5e-4f60-8a71-92b3c4d5e6f7.jsonl',
  codex: '.codex/sessions/2026/11/30/rollout-2026-11-30T08-00-00-01a22b02-2b07-7891-8afc-c9352ed8c4ef.jsonl',
  gemini: '.gemini/tmp/d16a3a011a06/chats/session-2026-11-30T08-00-0b9f3c7e.jsonl',
  qwen: '.qwen/projects/-home-dev-app/chats/405b0a87-f901-47ad-baf6-0c32eeab007c.jsonl'
}

const labels: Record<LineTool, string> = {
  claude: 'Claude Code session',
  codex: 'Codex CLI rollout',
  gemini: 'Gemini CLI JSONL session',
  qwen: 'Qwen Code chat recording'
}

type Mode = 'markdown' | 'json' | 'sync'

/**
 * Issue 25, item 2: memory and time against the number of lines. One session
 * of short records per size (50,000 to 800,000 lines by default), converted to
 * Markdown and to JSON on stdout and synced into a new vault, each in a
 * process of its own; for each, peak RSS per input byte and per line, and
 * time per line, so that growth shows as a curve. `BENCH_LINES` (sizes),
 * `BENCH_LINES_TOOLS` (`claude` by default; `all`, or a list of claude, codex,
 * gemini, qwen) and `BENCH_LINES_MODES` (markdown, json, sync) narrow it.
 */
export async function benchLines(setup: LinesSetup): Promise<void> {
  const sizes = (process.env['BENCH_LINES'] ?? '50000,100000,200000,400000,800000').split(',').map(Number)
  const toolList = process.env['BENCH_LINES_TOOLS'] ?? 'claude'
  const tools = (toolList === 'all' ? 'claude,codex,gemini,qwen' : toolList).split(',') as LineTool[]
  const modes = (process.env['BENCH_LINES_MODES'] ?? 'markdown,json,sync').split(',') as Mode[]
  const count = (value: number): string => value.toLocaleString('en-US')
  for (const tool of tools) {
    const rows: string[] = []
    for (const lines of sizes) {
      const home = await cachedHome(join(setup.dataDir, 'lines', `${tool}-${lines}`), tool, lines)
      const session = join(home, sessionPaths[tool])
      const size = statSync(session).size
      for (const mode of modes) {
        const run = await runMode(mode, setup, home, session)
        rows.push(
          [
            count(lines).padStart(9),
            `${(size / 1024 / 1024).toFixed(0)} MB`.padStart(7),
            mode.padEnd(9),
            `${run.seconds.toFixed(2)} s`.padStart(9),
            `${(run.peakRss / 1024 / 1024).toFixed(0)} MB`.padStart(8),
            `${(run.peakRss / size).toFixed(2)}x`.padStart(7),
            `${count(Math.round(run.peakRss / lines))} B`.padStart(8),
            `${((run.seconds / lines) * 1e6).toFixed(1)} µs`.padStart(9)
          ].join('  ')
        )
      }
    }
    process.stdout.write(
      [
        `Line-heavy ${labels[tool]}s (bench/generate-lines.ts; one run each, node ${process.version}; ` +
          'target: peak RSS under 3x the input from 200,000 lines)',
        `  ${[
          'lines'.padStart(9),
          'input'.padStart(7),
          'mode'.padEnd(9),
          'time'.padStart(9),
          'peak RSS'.padStart(8),
          'RSS/in'.padStart(7),
          'RSS/line'.padStart(8),
          'time/line'.padStart(9)
        ].join('  ')}`,
        ...rows.map((row) => `  ${row}`),
        ''
      ].join('\n')
    )
  }
}

/** One conversion of the session: a note or the model on stdout, or a sync of its home into a new vault. */
async function runMode(mode: Mode, setup: LinesSetup, home: string, session: string): Promise<Run> {
  if (mode === 'markdown') return measure([setup.bundle, session])
  if (mode === 'json') return measure([setup.bundle, '--to', 'json', session])
  const run = await measure([setup.bundle, 'sync', setup.freshFolder('lines-vault'), '--quiet'], homeEnvironment(home))
  if (!/^1 new, 0 updated/m.test(run.stderr))
    throw new Error(`sync of ${session} did not write its note:\n${run.stderr}`)
  return run
}

/** A home holding one generated session, made once and kept in `bench/.data/`. */
async function cachedHome(home: string, tool: LineTool, lines: number): Promise<string> {
  if (existsSync(home)) return home
  process.stdout.write(`generating ${home} ...\n`)
  const partial = `${home}.partial`
  await rm(partial, {recursive: true, force: true})
  const session = join(partial, sessionPaths[tool])
  await mkdir(dirname(session), {recursive: true})
  await generateLineSession(session, tool, lines)
  await rename(partial, home)
  return home
}
