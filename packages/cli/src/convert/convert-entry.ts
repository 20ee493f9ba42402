import type {Readable} from 'node:stream'
import type {EntryContext} from './entry-context.js'
import {convert} from './convert.js'
import type {ConvertibleEntry, EntrySink} from './entry-sink.js'
import {entryRun} from './entry-run.js'
import {endEntry, entryConvertOptions, explainEntry, failEntry, openEntry} from './entry-steps.js'

/**
 * Converts one input as the command line asks: detects it (or explains the
 * detection), reads its conversations, redacts them, and sends each matching
 * one to `sink` as a list line, a JSON piece, a printed note or a note for
 * the folder; then its messages. Never throws: a failure is reported on the
 * sink's stderr, naming the input.
 */
export async function convertEntry(
  entry: ConvertibleEntry,
  context: EntryContext,
  sink: EntrySink,
  stdin?: Readable | AsyncIterable<Uint8Array>
): Promise<void> {
  const run = entryRun(entry, context, sink)
  try {
    const input = await openEntry(run, stdin)
    if (context.args.explain) return await explainEntry(run, input)
    const shown = sink.progress(run.name)
    run.progress = shown
    await endEntry(run, await convert(context.normalizer, input, entryConvertOptions(run, shown)))
  } catch (error) {
    await failEntry(run, error)
  } finally {
    run.progress?.stop()
  }
}
