import type {Input} from './input.js'
import type {ParseContext} from './plugin.js'
import {readJsonDocument, startsAsJsonDocument} from './read-json-document.js'
import type {JsonLine, ReadJsonLinesOptions} from './read-json-lines.js'
import {readJsonLineBatches} from './read-json-lines.js'

/** What {@link readDocumentOrLines} read: one whole JSON document, or the batches of a JSONL input. */
export type DocumentOrLines = {kind: 'document'; value: unknown} | {kind: 'lines'; batches: AsyncGenerator<JsonLine[]>}

/** Options for {@link readDocumentOrLines}. */
export interface ReadDocumentOrLinesOptions extends Omit<ReadJsonLinesOptions, 'file' | 'limits'> {
  /** The verdict variant of the one-document form (`gemini-json`): when the detector chose it, it is read whole. */
  documentVariant: string
  /** What the format wanted, for the message when a document is not JSON (see `readJsonDocument`). */
  expected: string
}

/**
 * Reads an input a format accepts as one JSON document or as JSON Lines: a
 * document when the verdict names `documentVariant` or when the input
 * {@link startsAsJsonDocument} (read whole with {@link readJsonDocument},
 * within `maxInputBytes`), JSONL otherwise (the batches of
 * {@link readJsonLineBatches}, with `source`, `onSkip` and `skipped`: a bad or
 * oversized line is a warning naming its line). The lines are read only as
 * the batches are.
 */
export async function readDocumentOrLines(
  input: Input,
  context: ParseContext,
  options: ReadDocumentOrLinesOptions
): Promise<DocumentOrLines> {
  const {file, limits} = context
  const {documentVariant, expected, ...lineOptions} = options
  if (context.verdict?.variant === documentVariant || (await startsAsJsonDocument(input, limits.sampleBytes))) {
    return {kind: 'document', value: await readJsonDocument(input, limits, expected)}
  }
  return {kind: 'lines', batches: readJsonLineBatches(input, {...lineOptions, file, limits})}
}
