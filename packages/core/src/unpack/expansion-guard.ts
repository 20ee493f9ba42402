import type {Limits} from '../read/limits.js'
import {expansionRatioFloorBytes} from '../read/limits.js'
import {formatBytes} from '../read/read-json-lines.js'

/** The limits an {@link ExpansionGuard} applies. */
export type ExpansionLimits = Pick<Limits, 'maxExpandedBytes' | 'maxExpansionRatio'>

/**
 * Counts what a decoder takes in and gives out, and throws once the output
 * passes `maxExpandedBytes` or, after {@link expansionRatioFloorBytes}, grows
 * more than `maxExpansionRatio` times the input: a decompression bomb fails in
 * moments, naming the limit.
 */
export class ExpansionGuard {
  compressed = 0
  expanded = 0
  readonly #limits: ExpansionLimits
  readonly #what: string

  /** `what` names the data in messages (`the decompressed input`, `member conversations.json`). */
  constructor(limits: ExpansionLimits, what: string) {
    this.#limits = limits
    this.#what = what
  }

  /** Counts `bytes` of output, and throws past a limit. */
  expand(bytes: number): void {
    this.expanded += bytes
    checkExpansion(this.#limits, this.#what, this.compressed, this.expanded)
  }
}

/** Throws when `expanded` bytes from `compressed` pass a limit (see {@link ExpansionGuard}). */
export function checkExpansion(limits: ExpansionLimits, what: string, compressed: number, expanded: number): void {
  const {maxExpandedBytes, maxExpansionRatio} = limits
  if (expanded > maxExpandedBytes) {
    throw new Error(`${what} expands to over ${formatBytes(maxExpandedBytes)} (maxExpandedBytes): reading stopped`)
  }
  if (expanded > expansionRatioFloorBytes && expanded > compressed * maxExpansionRatio) {
    throw new Error(
      `${what} expands to over ${maxExpansionRatio} times its compressed size (maxExpansionRatio), as a ` +
        'decompression bomb does: reading stopped'
    )
  }
}
