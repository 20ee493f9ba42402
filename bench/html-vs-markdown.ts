import {spawn, spawnSync} from 'node:child_process'
import {existsSync, statSync} from 'node:fs'
import {loadavg} from 'node:os'
import {fileURLToPath} from 'node:url'
import {generateClaudeSession} from './generate-claude.js'
import type {Measurement} from './measure.js'
import {measure} from './measure.js'

/** Where the case works: its data folder, a fresh output folder, the bundled command, runs and sizes. */
export interface HtmlVsMarkdownSetup {
  dataDir: string
  freshFolder(label: string): string
  bundle: string
  runs: number
  /** The session's size in MB (`BENCH_MB`, 100). */
  megabytes: number
  /** The smaller session's, for peers that fail on the large one (`BENCH_SMALL_MB`, 5). */
  smallMegabytes: number
}

/** One command of the comparison: how it is run on a session, or why it is not. */
interface Contender {
  label: string
  run?(input: string): Promise<Measurement>
  skipped?: string
}

/** The best of a contender's runs (the fastest run's times, the highest peak), or why it failed. */
type Outcome = Measurement | {failed: string}

/** claude-code-transcripts, a devDependency of bench/ (`claude-code-transcripts json FILE -o DIR`). */
const transcripts = fileURLToPath(new URL('node_modules/claude-code-transcripts/dist/cli.js', import.meta.url))

/**
 * Issue 28, "As fast as the Markdown writer": `--to html` against `--to markdown` of the bundled command on one
 * generated Claude Code session, taking turns, with CPU time (all threads), wall time and peak RSS of each and the
 * ratios; beside them, on the same file, claude-code-transcripts (npm) and claude-code-log (Python, when installed).
 * A peer that fails on the large session is compared again with chatmark on a small one.
 */
export async function benchHtmlVsMarkdown(setup: HtmlVsMarkdownSetup): Promise<void> {
  const chatmark = (to: string): Contender => ({
    label: `chatmark --to ${to}`,
    run: (input) => measure([setup.bundle, '--to', to, input])
  })
  // Another build's HTML beside this one's (`BENCH_HTML_BEFORE`: its `dist/bundle/chatmark.js`), taking turns too.
  const before = process.env['BENCH_HTML_BEFORE']
  const peers = [
    ...(before
      ? [{label: 'BENCH_HTML_BEFORE --to html', run: (input: string) => measure([before, '--to', 'html', input])}]
      : []),
    claudeCodeTranscripts(setup),
    claudeCodeLog(setup)
  ]
  const large = await session(setup, setup.megabytes)
  // As people write notes and pages: into a folder (pages of a long session split at 4 MB, with the folder's index).
  const folder = (to: string): Contender => ({
    label: `chatmark --to ${to} -o DIR`,
    run: (input) => measure([setup.bundle, '--to', to, '-o', setup.freshFolder(to), input])
  })
  const results = await compare(setup, large, [
    chatmark('markdown'),
    chatmark('html'),
    ...peers,
    folder('markdown'),
    folder('html')
  ])
  const failed = peers.filter((peer, index) => peer.run && 'failed' in (results[index + 2] as Outcome))
  if (failed.length > 0 && setup.smallMegabytes < setup.megabytes) {
    const small = await session(setup, setup.smallMegabytes)
    process.stdout.write(
      `${failed.map((peer) => peer.label).join(' and ')} failed on ${mb(large)}: again on ${mb(small)}\n`
    )
    await compare(setup, small, [chatmark('markdown'), chatmark('html'), ...failed])
  }
}

/** The generated session of `megabytes` (the `claude` case's file), written when missing. */
async function session(setup: HtmlVsMarkdownSetup, megabytes: number): Promise<string> {
  const input = `${setup.dataDir}claude-${megabytes}mb.jsonl`
  if (!existsSync(input)) {
    process.stdout.write(`generating ${input} ...\n`)
    await generateClaudeSession(input, megabytes * 1024 * 1024)
  }
  return input
}

/** Runs the contenders in turn, `runs` rounds, and prints each one's best and HTML's ratios to Markdown's. */
async function compare(setup: HtmlVsMarkdownSetup, input: string, contenders: Contender[]): Promise<Outcome[]> {
  const load = loadavg()
  const outcomes: Outcome[] = contenders.map(() => ({seconds: Number.POSITIVE_INFINITY, peakRss: 0, cpuSeconds: 0}))
  for (let run = 0; run < setup.runs; run++) {
    for (const [index, contender] of contenders.entries()) {
      const kept = outcomes[index] as Outcome
      if (!contender.run || 'failed' in kept) continue
      try {
        const next = await contender.run(input)
        outcomes[index] = {
          ...(next.seconds < kept.seconds ? next : kept),
          peakRss: Math.max(kept.peakRss, next.peakRss)
        }
      } catch (error) {
        outcomes[index] = {failed: failure(error)}
      }
    }
  }
  const after = loadavg()
  const [markdown] = outcomes as [Outcome]
  const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`
  const lines = [
    `HTML against Markdown: a generated Claude Code session, ${mb(input)} (best of ${setup.runs} runs, taking ` +
      `turns, node ${process.version}; load average ${load[0]?.toFixed(2)} before, ${after[0]?.toFixed(2)} after)`,
    `  ${''.padEnd(44)}${'CPU'.padStart(9)}${'wall'.padStart(9)}${'peak RSS'.padStart(10)}` +
      '   / markdown: CPU, wall, peak RSS'
  ]
  for (const [index, contender] of contenders.entries()) {
    const outcome = outcomes[index] as Outcome
    const label = `  ${contender.label.padEnd(44)}`
    if (contender.skipped) lines.push(`${label}skipped: ${contender.skipped}`)
    else if ('failed' in outcome) lines.push(`${label}failed: ${outcome.failed}`)
    else
      lines.push(
        `${label}${`${outcome.cpuSeconds.toFixed(2)} s`.padStart(9)}${`${outcome.seconds.toFixed(2)} s`.padStart(9)}` +
          `${mb(outcome.peakRss).padStart(10)}` +
          (index === 0 || 'failed' in markdown
            ? ''
            : `   ${ratio(outcome.cpuSeconds, markdown.cpuSeconds)}, ${ratio(outcome.seconds, markdown.seconds)}, ` +
              ratio(outcome.peakRss, markdown.peakRss))
      )
  }
  lines.push('  targets for chatmark --to html: CPU 1.5x, peak RSS 1.2x of --to markdown')
  process.stdout.write(`${lines.join('\n')}\n\n`)
  return outcomes
}

function claudeCodeTranscripts(setup: HtmlVsMarkdownSetup): Contender {
  const label = 'claude-code-transcripts 1.0.2 json -o DIR'
  if (!existsSync(transcripts)) return {label, skipped: `not installed (${transcripts}; run pnpm install)`}
  return {label, run: (input) => measure([transcripts, 'json', input, '-o', setup.freshFolder('transcripts')])}
}

/**
 * claude-code-log (Python), when `claude-code-log` is on the PATH: timed by `/usr/bin/time`, which reports the
 * same three figures for a process that cannot take the bench's preload.
 */
function claudeCodeLog(setup: HtmlVsMarkdownSetup): Contender {
  const label = 'claude-code-log FILE -o PAGE'
  const found = spawnSync('claude-code-log', ['--help'], {stdio: 'ignore'})
  if (found.error)
    return {
      label,
      skipped:
        'not installed (not on the PATH; `pip install claude-code-log` needs PyPI, which this machine cannot reach)'
    }
  if (!existsSync('/usr/bin/time')) return {label, skipped: '/usr/bin/time is missing'}
  return {
    label,
    run: (input) => timed('claude-code-log', [input, '-o', `${setup.freshFolder('claude-code-log')}.html`])
  }
}

/** Wall time, CPU time and peak RSS of a command that is not node, as `/usr/bin/time` reports them. */
async function timed(command: string, args: string[]): Promise<Measurement> {
  const child = spawn('/usr/bin/time', ['-f', 'bench-time %e %U %S %M', command, ...args], {
    stdio: ['ignore', 'ignore', 'pipe']
  })
  let stderr = ''
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk))
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve))
  const match = /^bench-time ([\d.]+) ([\d.]+) ([\d.]+) (\d+)$/m.exec(stderr)
  if (code !== 0 || !match) throw new Error(`${command} exited ${code}:\n${stderr}`)
  const [, wall, user, system, kilobytes] = match.map(Number) as number[]
  return {seconds: wall ?? 0, cpuSeconds: (user ?? 0) + (system ?? 0), peakRss: (kilobytes ?? 0) * 1024}
}

/** A failed run in a line: its exit and the error it printed. */
function failure(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error)
  const exit = /exited (\d+|null)/.exec(text)?.[1] ?? '?'
  const message = text.split('\n').find((line) => /^\w*Error\b/.test(line)) ?? text.split('\n')[0]
  return `exit ${exit}, ${message}`
}

function mb(pathOrBytes: string | number): string {
  const bytes = typeof pathOrBytes === 'string' ? statSync(pathOrBytes).size : pathOrBytes
  return `${(bytes / 1024 / 1024).toFixed(0)} MB`
}
