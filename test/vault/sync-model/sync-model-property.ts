import fc from 'fast-check'
import {DeleteNote} from './commands/delete-note.js'
import {EditNote} from './commands/edit-note.js'
import {GrowSource} from './commands/grow-source.js'
import {InterruptedSync} from './commands/interrupted-sync.js'
import {MoveNote} from './commands/move-note.js'
import {MoveSource} from './commands/move-source.js'
import {NewSource} from './commands/new-source.js'
import {RemoveSource} from './commands/remove-source.js'
import {RetitleSource} from './commands/retitle-source.js'
import {Sync} from './commands/sync.js'
import {TwoSyncs} from './commands/two-syncs.js'
import type {SyncModel} from './model.js'
import {noteEdits} from './note-edits.js'
import {addSource} from './sources.js'
import type {SyncWorld, WorldOptions} from './sync-world.js'
import {makeWorld, rememberOutside, removeWorld} from './sync-world.js'

/** How a model run is drawn. */
export interface SyncModelOptions extends WorldOptions {
  /** Sequences tried. */
  numRuns: number
  /** The longest sequence of steps. */
  maxCommands: number
  /**
   * How often a step runs child processes (two syncs at once; a killed sync, twice as often), against 64 for a
   * sync, a grown session or an edit, and 8 to 16 for the rarer changes (see `weights`).
   */
  childWeight: number
  /** Replays a run (fast-check's `seed` and `path`, from a failure's message). */
  seed?: number
  path?: string
}

/**
 * How often each kind of step is drawn, against the others: syncs, sessions that grow and the person's edits
 * most, the rarer changes (a rename, a move, a deletion) less; steps that start child processes are weighed
 * apart (`childWeight` for two syncs at once, twice that for a killed sync), since each costs a process start.
 */
const weights = {
  sync: 64,
  grow: 64,
  edit: 64,
  retitle: 16,
  moveNote: 16,
  deleteNote: 16,
  moveSource: 8,
  removeSource: 8,
  newSource: 8
}

function steps(childWeight: number): fc.Arbitrary<fc.AsyncCommand<SyncModel, SyncWorld>> {
  const choice = fc.nat({max: 7})
  const tool = fc.constantFrom('claude' as const, 'gemini' as const)
  const signal = fc.constantFrom('SIGKILL' as const, 'SIGTERM' as const)
  return fc.oneof(
    {weight: weights.sync, arbitrary: fc.constant(new Sync())},
    {
      weight: weights.grow,
      arbitrary: fc.tuple(choice, fc.integer({min: 1, max: 2})).map(([c, turns]) => new GrowSource(c, turns))
    },
    {
      weight: weights.edit,
      arbitrary: fc
        .tuple(choice, fc.constantFrom(...noteEdits), fc.nat({max: 11}))
        .map(([c, edit, where]) => new EditNote(c, edit, where))
    },
    {weight: weights.retitle, arbitrary: fc.tuple(choice, fc.nat({max: 3})).map(([c, t]) => new RetitleSource(c, t))},
    {weight: weights.moveNote, arbitrary: fc.tuple(choice, fc.boolean()).map(([c, into]) => new MoveNote(c, into))},
    {weight: weights.deleteNote, arbitrary: choice.map((c) => new DeleteNote(c))},
    {weight: weights.moveSource, arbitrary: choice.map((c) => new MoveSource(c))},
    {weight: weights.removeSource, arbitrary: choice.map((c) => new RemoveSource(c))},
    {
      weight: weights.newSource,
      arbitrary: fc.tuple(tool, fc.integer({min: 1, max: 2})).map(([t, turns]) => new NewSource(t, turns))
    },
    {weight: childWeight, arbitrary: fc.constant(new TwoSyncs())},
    {
      weight: childWeight * 2,
      arbitrary: fc.tuple(signal, fc.nat({max: 4})).map(([s, lines]) => new InterruptedSync(s, lines))
    }
  )
}

/** The sessions in the home folder before the first step: one to three, of either tool, one to three turns each. */
const initialSessions = fc.array(
  fc.record({tool: fc.constantFrom('claude' as const, 'gemini' as const), turns: fc.integer({min: 1, max: 3})}),
  {minLength: 1, maxLength: 3}
)

/**
 * Runs the model-based test of `chatmark sync`: sequences of steps (the tools' sessions change, the person edits,
 * moves and deletes notes, syncs run, two at once, or are killed), each followed by every invariant.
 */
export async function checkSyncModel(options: SyncModelOptions): Promise<void> {
  const property = fc.asyncProperty(
    initialSessions,
    fc.commands([steps(options.childWeight)], {maxCommands: options.maxCommands, size: 'max'}),
    async (initial, commands) => {
      const world = await makeWorld(options)
      try {
        const model: SyncModel = {conversations: [], markers: [], nextMarker: 1, interrupted: false}
        for (const {tool, turns} of initial) await addSource(model, world, tool, turns)
        await rememberOutside(world)
        await fc.asyncModelRun(() => ({model, real: world}), commands)
      } finally {
        await removeWorld(world)
      }
    }
  )
  await fc.assert(property, {
    numRuns: options.numRuns,
    ...(options.seed === undefined ? {} : {seed: options.seed}),
    ...(options.path === undefined ? {} : {path: options.path}),
    // A failure's message names the step and shows the vault; its shrunk sequence is the regression test's recipe.
    verbose: 1
  })
}
