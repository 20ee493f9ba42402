import type {FormatPlugin} from '@chatmark/core'
import {formatOptionKey} from '@chatmark/core'

/**
 * The format options a sync passes unless told otherwise: each declared
 * option's `syncDefault` (`FormatOption.syncDefault`), by key (`subagents`:
 * `true` for Claude Code), the first format in dispatch order that declares
 * one winning.
 */
export function syncFormatDefaults(formats: readonly FormatPlugin[]): Record<string, unknown> {
  const defaults: Record<string, unknown> = {}
  for (const format of formats) {
    for (const option of format.options ?? []) {
      const key = formatOptionKey(option)
      if (option.syncDefault !== undefined && !(key in defaults)) defaults[key] = option.syncDefault
    }
  }
  return defaults
}
