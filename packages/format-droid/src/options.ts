import type {OptionValues} from '@chatmark/core/read'
import {keepMetaOption} from '@chatmark/core/read'

/** The options the droid format declares (the CLI's flags), each with the plugin's default. */
export function declaredOptions(defaults: {keepMeta: boolean}) {
  return [keepMetaOption(defaults.keepMeta)] as const
}

/** The options as `parse` reads them: resolved by `defineFormat`, every key set. */
export type ResolvedOptions = OptionValues<ReturnType<typeof declaredOptions>>
