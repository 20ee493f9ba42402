import type {OptionValues} from '@chatmark/core/read'
import {viewOption} from '@chatmark/core/read'

/** The options the qwen format declares (the CLI's flags), each with the plugin's default. */
export function declaredOptions(defaults: {view: 'note' | 'resume'}) {
  return [viewOption(defaults.view)] as const
}

/** The options as `parse` reads them: resolved by `defineFormat`, every key set. */
export type ResolvedOptions = OptionValues<ReturnType<typeof declaredOptions>>
