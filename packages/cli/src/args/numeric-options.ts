import type {CliFormatOption} from './format-options.js'
import type {WholeNumberRange} from './whole-number.js'

/** The numeric flags that `chatmark` and `chatmark sync` both take. */
export type NumericOption = 'max-result-chars' | 'fold-lines' | 'jobs' | 'time-limit'

/**
 * Seconds `--time-limit` may be: a worker's clock is a Node timer, and one
 * set past 2^31 - 1 ms (about 24.8 days) fires at once, which would stop
 * every input.
 */
const mostSeconds = Math.floor((2 ** 31 - 1) / 1000)

/**
 * Workers `--jobs` may start: each is a thread with every format loaded
 * (tens of MB); past a few hundred a run spends memory, not speed.
 */
const mostJobs = 256

/** The whole numbers each numeric flag takes (the same in both commands, and in a vault's config file). */
export const numericOptions: Readonly<Record<NumericOption, WholeNumberRange>> = Object.freeze({
  'max-result-chars': {least: 0},
  'fold-lines': {least: 0},
  jobs: {least: 1, most: mostJobs},
  'time-limit': {least: 0, most: mostSeconds}
})

/** The flags whose value is a number: the {@link numericOptions}, and the format options of type `number`. */
export function numericFlags(formatOptions: readonly CliFormatOption[]): ReadonlySet<string> {
  return new Set([
    ...Object.keys(numericOptions),
    ...formatOptions.filter((option) => option.type === 'number').map((option) => option.name)
  ])
}
