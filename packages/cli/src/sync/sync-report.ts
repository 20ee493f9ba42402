import {join} from 'node:path'
import type {Normalizer, ToolEnvironment} from '@chatmark/core'
import type {SyncReport} from '@chatmark/vault'
import {toolSources} from '@chatmark/vault'
import type {CliIo} from '../base/cli-io.js'
import {printable} from '../base/printable.js'
import type {SyncArgs} from './sync-args.js'

/** What a sync did, on stderr: what it had to take up or set aside, what it could not find, and the summary line. */
export function printReport(io: CliIo, report: SyncReport, args: SyncArgs, named: boolean): void {
  if (report.stateSetAside) {
    io.stderr.write(
      `chatmark sync: the state file could not be trusted (${printable(report.stateSetAside.reason)}): ` +
        `set aside as ${printable(report.stateSetAside.path)}, and rebuilt from the notes\n`
    )
  }
  if (report.resumedInterrupted) {
    io.stderr.write('chatmark sync: the last sync was stopped before it finished; what it did is taken up\n')
  }
  if (report.rerendered) io.stderr.write('chatmark sync: the options changed: every note was rendered again\n')
  for (const problem of report.toolProblems) io.stderr.write(`chatmark sync: ${printable(problem)}\n`)
  for (const other of report.otherVaults) {
    const where = printable(join(args.vault, other))
    io.stderr.write(`chatmark sync: ${where} is another vault (it has .chatmark/): its notes are its own\n`)
  }
  for (const path of report.missingSources) {
    io.stderr.write(`${printable(path)}: gone since the last sync; its notes are kept\n`)
  }
  const looked = report.toolFolders
  if (args.defaults && !named && looked.length > 0 && !looked.some((folder) => folder.found)) {
    const folders = [...new Set(looked.map((folder) => folder.path))].map(printable).join(', ')
    io.stderr.write(`chatmark sync: no tool's session folder was found (looked in ${folders})\n`)
  }
  for (const kept of report.kept) {
    if (args.quiet) io.stderr.write(`kept: ${printable(join(args.vault, kept.path))} (${printable(kept.reason)})\n`)
  }
  if (report.interrupted) io.stderr.write('chatmark sync: stopped; the next sync reads the sources not read yet\n')
  io.stderr.write(`${summaryLine(report, args.dryRun)}\n`)
}

/** `12 new, 3 updated, 1,480 unchanged, 1 renamed, 2 kept because edited, 0 failed` (and skipped, when any). */
export function summaryLine(report: SyncReport, dryRun: boolean): string {
  const {counts} = report
  const count = (value: number): string => value.toLocaleString('en-US')
  return (
    `${dryRun ? 'dry run (nothing written): ' : ''}${count(counts.new)} new, ${count(counts.updated)} updated, ` +
    `${count(counts.unchanged)} unchanged, ${count(counts.renamed)} renamed, ` +
    `${count(counts.kept)} kept because edited, ${count(counts.failed)} failed` +
    (counts.skipped > 0 ? `, ${count(counts.skipped)} skipped` : '')
  )
}

/** `chatmark sync --list-sources`: a line per folder: tool, found or not, sessions, the folder (and what set it). */
export async function listSources(io: CliIo, normalizer: Normalizer, environment: ToolEnvironment): Promise<number> {
  const {sources, problems} = await toolSources(normalizer.formats, environment)
  for (const problem of problems) io.stderr.write(`chatmark sync: ${printable(problem)}\n`)
  const rows = sources.map((source) => [
    source.tool,
    source.found ? 'found' : 'missing',
    source.found ? `${source.sessions.toLocaleString('en-US')} session${source.sessions === 1 ? '' : 's'}` : '-',
    `${printable(source.path)}${source.setBy ? ` (from $${source.setBy})` : ''}`
  ])
  const widths = [0, 1, 2].map((column) => Math.max(0, ...rows.map((row) => row[column]!.length)))
  for (const row of rows) {
    io.stdout.write(`${row.map((cell, column) => (column < 3 ? cell.padEnd(widths[column]!) : cell)).join('  ')}\n`)
  }
  if (!sources.some((source) => source.found)) {
    io.stderr.write("chatmark sync: no tool's session folder was found; name files or folders to sync them\n")
  }
  return 0
}
