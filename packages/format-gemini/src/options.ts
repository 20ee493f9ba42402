import type {OptionValues} from '@chatmark/core/read'
import {keepMetaOption, viewOption} from '@chatmark/core/read'

/** The options the gemini format declares (the CLI's flags), each with the plugin's default. */
export function declaredOptions(defaults: {view: 'note' | 'resume'; keepMeta: boolean}) {
  return [viewOption(defaults.view), keepMetaOption(defaults.keepMeta)] as const
}

/** The options as `parse` reads them: resolved by `defineFormat`, every key set. */
export type ResolvedOptions = OptionValues<ReturnType<typeof declaredOptions>>
