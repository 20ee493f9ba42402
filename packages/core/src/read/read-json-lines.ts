import type {VFile} from 'vfile'
import type {Input} from './input.js'
import type {Limits} from './limits.js'
import {nestsDeeperThan} from './json-depth.js'
import {readLineBatches} from './read-lines.js'

/** One parsed JSONL record. */
export interface JsonLine {
  /** 1-based line number in the input. */
  line: number
  /** The parsed value: untrusted, narrow it with a guard. */
  value: unknown
}

/** Options for {@link readJsonLines}. */
export interface ReadJsonLinesOptions {
  file: VFile
  limits: Limits
  /** Message source, such as `chatmark:gemini`. */
  source: string
  /** Called for every line that was skipped, with the reason (`malformed-line`, `oversized-line`). */
  onSkip?: (reason: 'malformed-line' | 'oversized-line', line: number) => void
  /** Counts of skipped lines by reason are added here (a conversation's fidelity map, say). */
  skipped?: Record<string, number>
}

/**
 * Reads a JSONL input record by record. Blank lines are passed over, as every
 * JSONL writer's own reader does. A line that is not JSON (a session still
 * being written ends in a cut-off line), that is over `limits.maxLineBytes` or
 * that nests deeper than `limits.maxJsonDepth` (refused before it is parsed)
 * becomes a warning naming its line, and reading goes on.
 */
export async function* readJsonLines(input: Input, options: ReadJsonLinesOptions): AsyncGenerator<JsonLine> {
  for await (const batch of readJsonLineBatches(input, options)) yield* batch
}

/** {@link readJsonLines}, a batch per chunk read (see `readLineBatches`). */
export async function* readJsonLineBatches(input: Input, options: ReadJsonLinesOptions): AsyncGenerator<JsonLine[]> {
  const {file, limits, source} = options
  const onSkip = (reason: 'malformed-line' | 'oversized-line', line: number): void => {
    if (options.skipped) options.skipped[reason] = (options.skipped[reason] ?? 0) + 1
    options.onSkip?.(reason, line)
  }
  const batches = readLineBatches(input, {
    maxLineBytes: limits.maxLineBytes,
    onLongLine(line, bytes) {
      file.message(
        `Line ${line} is ${formatBytes(bytes)}, over the ${formatBytes(limits.maxLineBytes)} line limit ` +
          `(maxLineBytes): skipped`,
        {place: {line, column: 1}, ruleId: 'oversized-line', source}
      )
      onSkip('oversized-line', line)
    }
  })

  for await (const lines of batches) {
    const records: JsonLine[] = []
    for (const {line, text} of lines) {
      if (isBlank(text)) continue
      if (nestsDeeperThan(text, limits.maxJsonDepth)) {
        file.message(
          `Line ${line} nests arrays or objects deeper than ${limits.maxJsonDepth} levels (maxJsonDepth): skipped`,
          {place: {line, column: 1}, ruleId: 'too-deep', source}
        )
        // Counted with the malformed lines: it cannot be read, as they cannot.
        onSkip('malformed-line', line)
        continue
      }
      let value: unknown
      try {
        value = JSON.parse(text)
      } catch (error) {
        const detail = error instanceof Error ? error.message : String(error)
        file.message(`Line ${line} is not valid JSON (${detail}): skipped`, {
          place: {line, column: 1},
          ruleId: 'malformed-line',
          source
        })
        onSkip('malformed-line', line)
        continue
      }
      records.push({line, value})
    }
    if (records.length > 0) yield records
  }
}

function isBlank(text: string): boolean {
  return /^\s*$/.test(text)
}

/** `1.5 MB`-style size for messages. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024
    unit++
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`
}
