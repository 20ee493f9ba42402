import {printable} from '../base/printable.js'
import {UsageError} from '../base/usage-error.js'

/** The whole numbers an option takes: from `least`, up to `most` when it states one. */
export interface WholeNumberRange {
  least: number
  most?: number
}

/**
 * A whole number in `range`, given as digits on the command line (`--jobs 4`)
 * or as a number in a config file; anything else (`-5`, `1.5`, `abc`, `1e3`,
 * `0x10`, a value past the range) is a usage error saying what `what` takes
 * and what it got (in one line: it says what to give).
 *
 * @throws {UsageError}
 */
export function wholeNumber(value: string | number, what: string, range: WholeNumberRange): number {
  const number = typeof value === 'number' ? value : /^\d+$/.test(value) ? Number(value) : Number.NaN
  // Past the largest safe integer two values can read as one: such a number is out of any range.
  const most = range.most ?? Number.MAX_SAFE_INTEGER
  if (Number.isSafeInteger(number) && number >= range.least && number <= most) return number
  const takes =
    range.most !== undefined || number > most ? `from ${range.least} to ${most}` : `of ${range.least} or more`
  const got = value === '' ? 'nothing' : printable(String(value))
  throw new UsageError(`${what} must be a whole number ${takes} (got ${got})`, {tryHelp: false})
}
