import type {TypedPartReader} from '@chatmark/core/read'
import {parseJsonItem, readJsonItemBytes} from '@chatmark/core/read'
import type {ResolvedOptions} from './options.js'
import {itemReading, messageSource, noConversationReason, readItem} from './parse.js'

/**
 * Reads an export in parts, one per conversation (see `PartReader`): `split`
 * only finds where each element of the array begins and ends (the byte scan of
 * `readJsonItemBytes`); `parse` reads one element as `parse` reads it, on
 * whatever thread it runs. An export then converts on every core.
 */
export function chatgptParts(): TypedPartReader<ResolvedOptions> {
  return {
    async *split(input, context) {
      // Each element's bytes are a buffer of their own, exactly their size (not a view of the 1 MB chunk they were
      // read from): posted to a worker, they are all that is copied, and they may be transferred.
      yield* readJsonItemBytes(input, {file: context.file, limits: context.limits, source: messageSource})
    },
    async *parse(part, input, context) {
      const item = parseJsonItem(part, {file: context.file, source: messageSource})
      if (!item) return
      const read = await readItem(item.value, item.index, await itemReading(input, context))
      if (typeof read !== 'string') yield read
    },
    none(parts, rules) {
      // Items that were not JSON are not items to `parse` (readJsonItems skips them).
      const items = parts - (rules.get('malformed-json') ?? 0)
      return noConversationReason(items, rules.get('empty-conversation') ?? 0, rules.get('not-a-conversation') ?? 0)
    }
  }
}
