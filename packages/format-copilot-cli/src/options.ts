import type {OptionValues} from '@chatmark/core/read'
import {branchesOption} from '@chatmark/core/read'

/** The options the copilot-cli format declares (the CLI's flags), each with the plugin's default. */
export function declaredOptions(defaults: {branches: 'current' | 'all'}) {
  return [branchesOption(defaults.branches)] as const
}

/** The options as `parse` reads them: resolved by `defineFormat`, every key set. */
export type ResolvedOptions = OptionValues<ReturnType<typeof declaredOptions>>
