import {join} from 'node:path'
import type {RenderOptions, temporaryRun} from '@chatmark/core'
import type {NotePlacer} from './note-placer.js'
import {diskFailure} from './note-placer.js'
import type {ReadSourcesOptions, SourceEvent, SourceToRead} from './read-sources.js'
import {readInProcess} from './read-sources.js'
import type {Changed} from './source-changes.js'
import {changedSource} from './source-changes.js'
import type {SyncOptions, SyncReport} from './sync.js'
import type {SourceRecord, VaultState} from './vault-state.js'

/** What the sources' phase needs of its run (a `SyncRun`): its options, its report, and its steps for a source. */
export interface SourcesRun {
  readonly options: SyncOptions
  readonly report: SyncReport
  readonly render: RenderOptions
  readonly place: {readonly stateDir: string}
  readonly run: ReturnType<typeof temporaryRun>
  companions(source: SourceToRead): Promise<string[]>
  fail(path: string, reason: string): void
  skip(path: string, reason: string): void
  advance(path: string, done: number, total: number): void
  recordSource(
    sources: Record<string, SourceRecord>,
    reading: SourceReading,
    how: {partial?: boolean; skipped?: string}
  ): Promise<void>
}

/** A changed source being read: the ids of its conversations so far, and whether some were left out. */
export interface SourceReading {
  file: string
  changed: Changed
  ids: string[]
  partial: boolean
}

/** The sources' phase of a run: the state it updates, the placer of notes, and how far it got. */
export interface SourcesPhase {
  readonly state: VaultState
  readonly placer: NotePlacer
  readonly total: number
  /** Sources done (unchanged, failed, or read to their end). */
  done: number
  /** The sources that changed since the last run, to be read. */
  readonly changed: Map<string, Changed>
  /** The source being read. */
  current: SourceReading | undefined
}

/** Finds which sources changed (into `phase.changed`); returns the records of those that did not. */
export async function sortSources(
  run: SourcesRun,
  phase: SourcesPhase,
  sources: readonly SourceToRead[],
  force: boolean
): Promise<SourceRecord[]> {
  const {state} = phase
  const unchanged: SourceRecord[] = []
  for (const source of sources) {
    const found = await changedSource(source, state.sources[source.path], {
      companions: () => run.companions(source),
      pending: (id) => state.notes[id]?.beside !== undefined,
      force
    })
    if ('failed' in found) {
      run.fail(source.path, found.failed)
      run.advance(source.path, ++phase.done, phase.total)
    } else if ('unchanged' in found) {
      unchanged.push(found.unchanged)
      run.advance(source.path, ++phase.done, phase.total)
    } else phase.changed.set(source.path, found)
  }
  return unchanged
}

/** What the readers are asked for: the notes rendered as this vault's, staged on its disk. */
function readOptions(run: SourcesRun, placer: NotePlacer, formatOptions: Record<string, unknown>): ReadSourcesOptions {
  const {options} = run
  return {
    formatOptions,
    prepare: {
      render: run.render,
      ...(options.template === undefined ? {} : {template: options.template}),
      placedByUser: placer.placedByUser()
    },
    ...(options.since ? {since: options.since} : {}),
    ...(options.until ? {until: options.until} : {}),
    ...(options.project ? {project: options.project} : {}),
    // Texts are staged on the vault's disk by whoever renders them, and linked into place from there.
    ...(options.dryRun
      ? {}
      : {
          staging: {
            folder: join(run.place.stateDir, 'staging'),
            bases: join(run.place.stateDir, 'base'),
            run: run.run,
            sync: true
          }
        })
  }
}

/** Reads the changed sources, in order, placing each note as it comes; stops between sources when aborted. */
export async function readChanged(
  run: SourcesRun,
  phase: SourcesPhase,
  toRead: readonly SourceToRead[],
  formatOptions: Record<string, unknown>
): Promise<void> {
  const read = run.options.readSources ?? readInProcess(run.options.normalizer)
  for await (const event of read(toRead, readOptions(run, phase.placer, formatOptions))) {
    if (phase.current?.file !== event.file) {
      const known = phase.changed.get(event.file)
      if (!known) continue
      run.report.sourcesRead++
      phase.current = {file: event.file, changed: known, ids: [], partial: false}
    }
    await takeEvent(run, phase, phase.current, event)
    // Stopped: the sources not read yet are read next time; what was placed is kept.
    if (run.options.signal?.aborted && phase.current === undefined) {
      run.report.interrupted = true
      break
    }
  }
}

/** One event of the source being read. */
async function takeEvent(
  run: SourcesRun,
  phase: SourcesPhase,
  current: SourceReading,
  event: SourceEvent
): Promise<void> {
  switch (event.type) {
    case 'note':
      current.ids.push(event.note.id)
      if (!(await phase.placer.place(event.note, event.file, event.ready))) current.partial = true
      break
    case 'left-out':
      current.ids.push(event.id)
      current.partial = true
      break
    case 'note-failed':
      // The vault's disk is full or read-only: every note to come would fail too.
      if (diskFailure(event)) throw Object.assign(new Error(event.reason), {code: event.code})
      current.ids.push(event.id)
      current.partial = true
      run.fail(`${event.file} (conversation ${event.id})`, event.reason)
      break
    case 'skipped':
      run.skip(event.file, event.reason)
      await run.recordSource(phase.state.sources, current, {skipped: event.reason})
      finishSource(run, phase, event.file)
      break
    case 'end':
      if (event.fatal !== undefined) {
        // Its notes stay as they are, those read before the failure updated; it is read again next time.
        run.fail(event.file, event.fatal)
        if (current.ids.length > 0) await run.recordSource(phase.state.sources, current, {partial: true})
      } else await run.recordSource(phase.state.sources, current, current.partial ? {partial: true} : {})
      finishSource(run, phase, event.file)
      break
  }
}

function finishSource(run: SourcesRun, phase: SourcesPhase, file: string): void {
  phase.current = undefined
  run.advance(file, ++phase.done, phase.total)
}
