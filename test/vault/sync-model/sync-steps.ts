import type {SyncRun} from './in-process-sync.js'
import {syncInProcess} from './in-process-sync.js'
import type {StepFacts} from './invariants.js'
import {checkInvariants} from './invariants.js'
import type {SyncModel} from './model.js'
import {refusedAsLocked, summaryCounts} from './summary-line.js'
import type {InvariantName, SyncWorld} from './sync-world.js'
import {beginStep} from './sync-world.js'
import type {FileFacts} from './vault-files.js'
import {differences, filesUnder} from './vault-files.js'

/** How one sync of a step ended, as the invariants judge it. */
export type SyncEnd = 'completed' | 'refused' | 'killed' | 'failed'

/** Sorts a sync's end, with the problem it shows (a refused run is one only when nothing else held the vault). */
export function judgeRun(
  model: SyncModel,
  run: SyncRun,
  {killedByUs = false, concurrent = false}: {killedByUs?: boolean; concurrent?: boolean} = {}
): {end: SyncEnd; problem?: [InvariantName, string]} {
  const summary = summaryCounts(run.stderr)
  if (killedByUs) return {end: 'killed'}
  if (refusedAsLocked(run)) {
    // Refused while another sync of the step held the vault: as promised. Else nothing held it.
    if (concurrent) return {end: 'refused'}
    return model.interrupted
      ? {
          end: 'refused',
          problem: ['sync-runs-after-kill', `a sync after a killed one was refused: ${run.stderr.trim()}`]
        }
      : {end: 'refused', problem: ['sync-succeeds', `a sync was refused with no other running: ${run.stderr.trim()}`]}
  }
  if (run.signal) {
    return {end: 'failed', problem: ['sync-succeeds', `the sync did not end by itself (${run.signal}): ${run.stderr}`]}
  }
  if (run.code !== 0 || summary === undefined || (summary['failed'] ?? 0) > 0) {
    return {end: 'failed', problem: ['sync-succeeds', `the sync ended with ${run.code}: ${run.stderr.trim()}`]}
  }
  return {end: 'completed'}
}

/**
 * The checks after a step's syncs: what the runs printed and how they ended, then every invariant; once a sync
 * ran to its end, the model knows every conversation there has its note, and a sync with nothing to do follows
 * (which must write nothing).
 */
export async function afterSyncs(
  model: SyncModel,
  world: SyncWorld,
  command: string,
  runs: ReadonlyArray<{run: SyncRun; killedByUs: boolean}>,
  before: Map<string, FileFacts>
): Promise<void> {
  const concurrent = runs.length > 1
  const judged = runs.map(({run, killedByUs}) => ({run, ...judgeRun(model, run, {killedByUs, concurrent})}))
  const problems = judged.flatMap(({problem}) => (problem ? [problem] : []))
  const completed = judged.filter(({end}) => end === 'completed')
  if (concurrent && judged.every(({end}) => end === 'refused')) {
    const name = model.interrupted ? 'sync-runs-after-kill' : 'sync-succeeds'
    problems.push([name, `each of the ${runs.length} syncs was refused as locked: none held the vault`])
  }
  const facts: StepFacts = {command, ranSync: true, problems, killed: judged.some(({end}) => end === 'killed')}
  if (completed.length > 0) {
    facts.sync = {
      output: judged.map(({run}) => `${run.stdout}\n${run.stderr}`).join('\n'),
      kept: completed.reduce((sum, {run}) => sum + (summaryCounts(run.stderr)?.['kept'] ?? 0), 0),
      before
    }
    model.interrupted = false
    for (const conversation of model.conversations) {
      if (conversation.source === undefined) continue
      conversation.synced = true
      if (conversation.changed) conversation.movedUnseen = false
      conversation.changed = false
    }
  } else if (facts.killed) {
    model.interrupted = true
    // It may have written or moved notes without recording where.
    for (const conversation of model.conversations) conversation.movedUnseen = true
  }
  await checkInvariants(model, world, facts)
  if (completed.length > 0) await noChangeSync(model, world)
}

/** A sync right after one that ran to its end, with nothing changed between: it writes nothing, reports nothing new. */
async function noChangeSync(model: SyncModel, world: SyncWorld): Promise<void> {
  beginStep(world, 'sync again, nothing changed')
  const before = await filesUnder(world.vault)
  const run = await syncInProcess(world)
  const after = await filesUnder(world.vault)
  const {end, problem} = judgeRun(model, run)
  const problems: Array<[InvariantName, string]> = problem ? [problem] : []
  for (const change of differences(before, after)) problems.push(['no-change-sync-writes-nothing', change])
  const counts = summaryCounts(run.stderr) ?? {}
  for (const name of ['new', 'updated', 'renamed']) {
    if ((counts[name] ?? 0) > 0) problems.push(['no-change-sync-writes-nothing', `it reported ${counts[name]} ${name}`])
  }
  const facts: StepFacts = {command: 'sync again, nothing changed', ranSync: true, problems}
  if (end === 'completed') facts.sync = {output: `${run.stdout}\n${run.stderr}`, kept: counts['kept'] ?? 0, before}
  await checkInvariants(model, world, facts)
}
