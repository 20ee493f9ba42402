import type {Confidence, FormatPlugin, Verdict} from '../read/plugin.js'
import {confidences} from '../read/plugin.js'
import type {Sample} from '../read/sample.js'

/** One format's verdict, as reported. */
export interface FormatVerdict extends Verdict {
  format: string
}

/**
 * How the format was chosen: `option` (named by the caller), `verdict` (the one
 * highest verdict), `order` (a tie at the top, broken by dispatch order), or
 * `none` (no format claimed the input).
 */
export type DecidedBy = 'option' | 'verdict' | 'order' | 'none'

/** The dispatcher's decision, with every verdict and its reason. */
export interface Detection {
  /** The chosen format, or `undefined` when none claimed the input. */
  format: string | undefined
  decidedBy: DecidedBy
  /** Every registered format's verdict, in dispatch order. */
  verdicts: FormatVerdict[]
  /** Formats tied with the winner at its tier (ambiguous when not empty). */
  tiedWith: string[]
  /** One sentence saying why. */
  explanation: string
}

const rank = (confidence: Confidence): number => confidences.length - confidences.indexOf(confidence)

/**
 * Runs every detector on the sample, in order, and picks the highest verdict.
 * A tie at the top goes to the earlier format and is reported as ambiguous;
 * a detector that throws counts as `none` with its error as the reason.
 */
export function dispatch(sample: Sample, formats: readonly FormatPlugin[]): Detection {
  const verdicts = formats.map((format) => runDetector(format, sample))
  let best: FormatVerdict | undefined
  for (const verdict of verdicts) {
    if (verdict.confidence !== 'none' && (!best || rank(verdict.confidence) > rank(best.confidence))) best = verdict
  }

  if (!best) {
    return {format: undefined, decidedBy: 'none', verdicts, tiedWith: [], explanation: explainNone(sample, verdicts)}
  }

  const winner = best
  const tiedWith = verdicts
    .filter((verdict) => verdict !== winner && verdict.confidence === winner.confidence)
    .map((verdict) => verdict.format)
  const decidedBy: DecidedBy = tiedWith.length > 0 ? 'order' : 'verdict'
  const explanation =
    decidedBy === 'order'
      ? `${winner.format} won a tie at ${winner.confidence} with ${tiedWith.join(', ')} by coming first in dispatch ` +
        `order: ${winner.reason}`
      : `${winner.format} gave the highest verdict (${winner.confidence}): ${winner.reason}`
  return {format: winner.format, decidedBy, verdicts, tiedWith, explanation}
}

/** The decision when the caller named the format. */
export function chosenDetection(
  format: string,
  sample: Sample | undefined,
  formats: readonly FormatPlugin[]
): Detection {
  const verdicts = sample ? formats.map((plugin) => runDetector(plugin, sample)) : []
  return {
    format,
    decidedBy: 'option',
    verdicts,
    tiedWith: [],
    explanation: `${format} was chosen with the format option; detection was skipped`
  }
}

function runDetector(format: FormatPlugin, sample: Sample): FormatVerdict {
  try {
    const verdict = format.detect(sample)
    if (!confidences.includes(verdict.confidence) || typeof verdict.reason !== 'string') {
      return {format: format.name, confidence: 'none', reason: 'detector returned an invalid verdict'}
    }
    return {format: format.name, ...verdict}
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    return {format: format.name, confidence: 'none', reason: `detector threw: ${detail}`}
  }
}

function explainNone(sample: Sample, verdicts: readonly FormatVerdict[]): string {
  const what: Record<Sample['kind'], string> = {
    empty: 'The input is empty',
    binary: sample.magic ? `The input is a ${sample.magic} archive` : 'The input is binary, not text',
    json: 'The input is JSON',
    jsonl: sample.jsonComplete ? 'The input is JSON' : 'The input is JSON Lines',
    text: 'The input is text',
    folder: 'The input is a folder (or an archive) of files'
  }
  const reasons = verdicts.map((verdict) => `${verdict.format}: ${verdict.reason}`).join('; ')
  return `${what[sample.kind]}, but no registered format claimed it${reasons ? ` (${reasons})` : ''}`
}
