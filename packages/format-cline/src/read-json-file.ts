import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonItems} from '@chatmark/core/read'
import {messageSource} from './message-source.js'

/** A JSON file of a task or session, read: an array's elements, or the object it is. */
export type JsonFile = {kind: 'array'; items: unknown[]} | {kind: 'object'; value: unknown}

/**
 * Reads one JSON file of a task or session. An array is streamed element by
 * element, so a file cut off or with a broken element keeps every element
 * that reads (each problem reported, naming the file); a file that cannot be
 * read at all is reported and gives `undefined`: the rest of its task is kept.
 */
export async function readJsonFile(input: Input, context: ParseContext, name: string): Promise<JsonFile | undefined> {
  const file = Object.create(context.file) as ParseContext['file']
  file.message = ((reason: string, options?: object) =>
    context.file.message(`${name}: ${reason}`, options as never)) as typeof file.message
  try {
    const head = new TextDecoder()
      .decode(await input.head(64))
      .replace(/^\uFEFF/, '')
      .trimStart()
    const items: unknown[] = []
    for await (const item of readJsonItems(input, {file, limits: context.limits, source: messageSource})) {
      if (!head.startsWith('[')) return {kind: 'object', value: item.value}
      items.push(item.value)
    }
    return {kind: 'array', items}
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error)
    context.file.message(`Could not read ${name} (${detail}): it is left out`, {
      ruleId: 'unreadable-file',
      source: messageSource
    })
    return undefined
  }
}
