import {existsSync} from 'node:fs'
import {readdir, stat} from 'node:fs/promises'
import {availableParallelism} from 'node:os'
import {join} from 'node:path'
import {generateClaudeHome} from './generate-claude-home.js'
import {homeEnvironment} from './home-environment.js'
import type {Measurement, Run} from './measure.js'
import {measure} from './measure.js'
import {sameNotes} from './notes-by-id.js'

/** Where the case works and how often it measures. */
export interface SyncVsOutSetup {
  dataDir: string
  /** A new folder of the bench's scratch space, removed when the bench ends. */
  freshFolder(label: string): string
  runs: number
  /** The bundled command's entry (`packages/cli/dist/bundle/chatmark.js`, or another build's). */
  bundle: string
}

/** What the differences between the two runs are, by design: printed with the figures. */
const byDesign = [
  'sync also keeps each note as rendered, gzipped, in .chatmark/base/ (the base of later merges), writes index',
  'notes (one per tool and project), its state (.chatmark/state.json, a journal while it runs) and files notes',
  'under {tool}/{year}-{month}/; -o writes flat, with its ledger (.chatmark-written). Both render with the',
  'obsidian profile, subagents nested, secrets redacted.'
]

/**
 * `chatmark sync` against `chatmark -o` on the same generated home of Claude
 * Code sessions (issue 22): in one run, taking turns, each the best of
 * `runs` in a process of its own, wall time, CPU time (all threads) and peak
 * RSS of each, and the ratios; then a sync with nothing changed, of that home
 * and of a home of many small sessions, against its target.
 */
export async function benchSyncVsOut(setup: SyncVsOutSetup): Promise<void> {
  const {dataDir, freshFolder, runs, bundle} = setup
  const sessions = Number(process.env['BENCH_SYNC_SESSIONS'] ?? 2000)
  const megabytes = Number(process.env['BENCH_SYNC_MB'] ?? 1024)
  const smallSessions = Number(process.env['BENCH_RESYNC_SESSIONS'] ?? 5000)
  const smallMegabytes = Number(process.env['BENCH_RESYNC_MB'] ?? 300)
  const jobs = Number(process.env['BENCH_SYNC_JOBS'] ?? availableParallelism())
  const home = await cachedHome(`${dataDir}claude-home-${sessions}-${megabytes}mb`, {
    sessions,
    totalBytes: megabytes * 1024 * 1024
  })
  const smallHome = await cachedHome(`${dataDir}claude-home-${smallSessions}-${smallMegabytes}mb`, {
    sessions: smallSessions,
    totalBytes: smallMegabytes * 1024 * 1024,
    headerShare: 0.1
  })
  const projects = join(home, '.claude/projects')
  const size = await bytesUnder(projects)
  const outArgs = (folder: string): string[] => [
    bundle,
    '--profile',
    'obsidian',
    '--subagents',
    '--jobs',
    String(jobs),
    '-o',
    folder,
    projects
  ]
  const syncArgs = (vault: string): string[] => [bundle, 'sync', vault, '--quiet', '--jobs', String(jobs)]

  let out = notYet
  let first = notYet
  let again = notYet
  let lastOut = ''
  let lastVault = ''
  const counts: string[] = []
  for (let run = 0; run < runs; run++) {
    // Taking turns, and the first of each pair alternating: a busy moment or a cold cache slows both alike.
    const order = run % 2 === 0 ? ['out', 'sync'] : ['sync', 'out']
    for (const which of order) {
      if (which === 'out') {
        lastOut = freshFolder('out')
        out = best(out, await measure(outArgs(lastOut)))
        continue
      }
      lastVault = freshFolder('sync')
      const fresh = await measure(syncArgs(lastVault), homeEnvironment(home))
      counts.push(expect(fresh, {new: sessions}))
      first = best(first, fresh)
      const unchanged = await measure(syncArgs(lastVault), homeEnvironment(home))
      counts.push(expect(unchanged, {unchanged: sessions}))
      again = best(again, unchanged)
    }
  }
  const same = await sameNotes(lastOut, lastVault)

  // The home of many small sessions: a first sync (one run, not the figure), then syncs with nothing changed.
  const smallVault = freshFolder('resync')
  const smallFirst = await measure(syncArgs(smallVault), homeEnvironment(smallHome))
  counts.push(expect(smallFirst, {new: smallSessions}))
  let smallAgain = notYet
  for (let run = 0; run < runs; run++) {
    const unchanged = await measure(syncArgs(smallVault), homeEnvironment(smallHome))
    counts.push(expect(unchanged, {unchanged: smallSessions}))
    smallAgain = best(smallAgain, unchanged)
  }

  const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(0)} MB`
  const line = (label: string, result: Measurement): string =>
    `  ${label.padEnd(11)}${result.seconds.toFixed(2)} s, CPU ${result.cpuSeconds.toFixed(2)} s ` +
    `(${(result.cpuSeconds / result.seconds).toFixed(2)} cores busy), peak RSS ${mb(result.peakRss)}`
  const ratio = (a: number, b: number): string => `${(a / b).toFixed(2)}x`
  const target = (seconds: number): string => `${seconds.toFixed(2)} s (target: under 1 s${seconds < 1 ? ': met' : ''})`
  const wrong = counts.filter((problem) => problem !== '')
  const count = (value: number): string => value.toLocaleString('en-US')
  process.stdout.write(
    [
      `chatmark sync against chatmark -o on the same ${count(sessions)} Claude Code sessions (${mb(size)}; ` +
        `best of ${runs} runs taking turns, node ${process.version}, ${availableParallelism()} cores, ` +
        `--jobs ${jobs} each)`,
      `  -o:        node ${bundle} --profile obsidian --subagents --jobs ${jobs} -o <new folder> ${projects}`,
      `  sync:      HOME=${home} node ${bundle} sync <new vault> --quiet --jobs ${jobs}`,
      line('-o:', out),
      line('sync:', first),
      `  sync / -o: CPU time ${ratio(first.cpuSeconds, out.cpuSeconds)}, ` +
        `wall time ${ratio(first.seconds, out.seconds)}, peak RSS ${ratio(first.peakRss, out.peakRss)} ` +
        '(target: within 1.2x each)',
      `  the same notes: ${same.same ? `yes (${count(same.count)} notes, byte for byte)` : `NO: ${same.why}`}`,
      ...byDesign.map((text, index) => `  ${index === 0 ? 'by design, ' : '  '}${text}`),
      `  again, nothing changed:            ${target(again.seconds)}, peak RSS ${mb(again.peakRss)}`,
      `${count(smallSessions)} small Claude Code sessions (${mb(await bytesUnder(join(smallHome, '.claude')))}), ` +
        'chatmark sync with nothing changed',
      `  first sync (one run, not timed):   ${smallFirst.seconds.toFixed(2)} s, peak RSS ${mb(smallFirst.peakRss)}`,
      `  again, nothing changed:            ${target(smallAgain.seconds)}, CPU ${smallAgain.cpuSeconds.toFixed(2)} s`,
      ...(wrong.length > 0 ? ['  UNEXPECTED COUNTS:', ...wrong.map((problem) => `    ${problem}`)] : []),
      ''
    ].join('\n')
  )
}

/** Before the first run: any run is better. */
const notYet: Measurement = {seconds: Number.POSITIVE_INFINITY, peakRss: 0, cpuSeconds: 0}

/** The fastest run's time and CPU time, and the highest peak of them all (as the bench's other cases keep). */
function best(kept: Measurement, next: Measurement): Measurement {
  return {...(next.seconds < kept.seconds ? next : kept), peakRss: Math.max(kept.peakRss, next.peakRss)}
}

/** A generated home, made once and kept in `bench/.data/`. */
async function cachedHome(home: string, options: Parameters<typeof generateClaudeHome>[1]): Promise<string> {
  if (!existsSync(home)) {
    process.stdout.write(`generating ${home} ...\n`)
    await generateClaudeHome(home, options)
  }
  return home
}

/** Every file's bytes under `folder`. */
async function bytesUnder(folder: string): Promise<number> {
  const names = await readdir(folder, {recursive: true})
  const sizes = await Promise.all(
    names.map(async (name) => {
      const info = await stat(join(folder, name))
      return info.isFile() ? info.size : 0
    })
  )
  return sizes.reduce((sum, bytes) => sum + bytes, 0)
}

/** '' when a sync's summary line (`12 new, 3 updated, 1,480 unchanged, ...`) says what was expected, else why not. */
function expect(run: Run, wanted: {new?: number; unchanged?: number}): string {
  const summary =
    /^(\S+) new, (\S+) updated, (\S+) unchanged, (\S+) renamed, (\S+) kept because edited, (\S+) failed/m.exec(
      run.stderr
    )
  if (!summary) return `no summary line in: ${run.stderr.slice(0, 300)}`
  const [made, updated, unchanged, renamed, kept, failed] = summary
    .slice(1, 7)
    .map((value) => Number(value.replaceAll(',', '')))
  const ok =
    made === (wanted.new ?? 0) &&
    unchanged === (wanted.unchanged ?? 0) &&
    updated === 0 &&
    renamed === 0 &&
    kept === 0 &&
    failed === 0
  return ok ? '' : summary[0]
}
