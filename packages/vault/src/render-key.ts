import type {RenderOptions} from '@chatmark/core'
import {sha256Of} from './base-texts.js'

/** Everything that decides how a source's notes read. */
export interface RenderInputs {
  render: RenderOptions
  formatOptions: Readonly<Record<string, unknown>>
  template: string | undefined
  /** The registered formats, in dispatch order: another set may read (or skip) a file differently. */
  formats: readonly string[]
  /** What the caller adds (the CLI: whether secrets are redacted). */
  extra: string | undefined
}

/**
 * A short fingerprint of {@link RenderInputs}, kept in the state: a run whose
 * fingerprint differs renders every note again. Functions in the render
 * options (a caller's attachment links) are left out: they cannot be compared.
 */
export function renderKeyOf(inputs: RenderInputs): string {
  const text = JSON.stringify(inputs, (_, value: unknown) => (typeof value === 'function' ? undefined : sorted(value)))
  return sha256Of(text).slice(0, 16)
}

/** An object with its keys in order, so that the same options in another order give the same key. */
function sorted(value: unknown): unknown {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return value
  return Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)))
}
