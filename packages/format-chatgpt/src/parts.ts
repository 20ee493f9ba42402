import type {PartReader} from '@chatmark/core/read'
import {parseJsonItem, readJsonItemBytes} from '@chatmark/core/read'
import type {ParseSettings} from './parse.js'
import {itemReading, messageSource, noConversationReason, readItem} from './parse.js'

/**
 * Reads an export in parts, one per conversation (see `PartReader`): `split`
 * only finds where each element of the array begins and ends (the byte scan of
 * `readJsonItemBytes`); `parse` reads one element as `parse` reads it, on
 * whatever thread it runs. An export then converts on every core.
 */
export function chatgptParts(settings: ParseSettings): PartReader {
  return {
    async *split(input, context) {
      for await (const item of readJsonItemBytes(input, {
        file: context.file,
        limits: context.limits,
        source: messageSource
      })) {
        // A copy: the scanner's bytes are a view into a chunk that holds other elements too.
        yield {index: item.index, start: item.start, bytes: item.bytes.slice()}
      }
    },
    async *parse(part, input, context) {
      const item = parseJsonItem(part, {file: context.file, source: messageSource})
      if (!item) return
      const read = await readItem(item.value, item.index, await itemReading(input, context, settings))
      if (typeof read !== 'string') yield read
    },
    none(parts, rules) {
      // Items that were not JSON are not items to `parse` (readJsonItems skips them).
      const items = parts - (rules.get('malformed-json') ?? 0)
      return noConversationReason(items, rules.get('empty-conversation') ?? 0, rules.get('not-a-conversation') ?? 0)
    }
  }
}
