import type {Conversation} from '../model/model.js'
import type {Input} from './input.js'
import type {FormatOption, FormatPlugin, InputPart, ParseContext, PartReader} from './plugin.js'
import type {OptionValues} from './resolve-options.js'
import {resolveOptions} from './resolve-options.js'

/** A {@link PartReader} whose `parse` gets its format's options resolved. */
export interface TypedPartReader<Values> extends Omit<PartReader, 'parse'> {
  parse(part: InputPart, input: Input, context: ParseContext<Values>): AsyncIterable<Conversation>
}

/**
 * A {@link FormatPlugin} as {@link defineFormat} takes it: its `parse` (and
 * its parts' `parse`) get `context.options` resolved against `options`.
 */
export interface TypedFormatPlugin<Options extends readonly FormatOption[]>
  extends Omit<FormatPlugin, 'options' | 'parse' | 'parts'> {
  options: Options
  parse(input: Input, context: ParseContext<OptionValues<Options>>): AsyncIterable<Conversation>
  parts?: TypedPartReader<OptionValues<Options>>
}

/**
 * A format plugin whose options are resolved once, here, against what it
 * declares (see `resolveOptions`): its `parse` reads `context.options.keepMeta`
 * as a boolean, always set, with no check of its own. Declare `options` with
 * `as const` (or the shared declarations: `keepMetaOption`...) so that their
 * names and choices type the values.
 */
export function defineFormat<const Options extends readonly FormatOption[]>(
  plugin: TypedFormatPlugin<Options>
): FormatPlugin {
  const resolved = <Context extends ParseContext>(context: Context): ParseContext<OptionValues<Options>> => ({
    ...context,
    options: resolveOptions(plugin.options, context.options)
  })
  const {parts} = plugin
  return {
    ...plugin,
    parse: (input, context) => plugin.parse(input, resolved(context)),
    ...(parts ? {parts: {...parts, parse: (part, input, context) => parts.parse(part, input, resolved(context))}} : {})
  }
}
