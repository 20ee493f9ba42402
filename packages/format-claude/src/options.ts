import type {OptionValues} from '@chatmark/core/read'
import {branchesOption, keepMetaOption} from '@chatmark/core/read'

/** The options the claude format declares (the CLI's flags), each with the plugin's default. */
export function declaredOptions(defaults: {branches: 'current' | 'all'; subagents: boolean; keepMeta: boolean}) {
  return [
    branchesOption(defaults.branches),
    {
      name: 'subagents',
      type: 'boolean',
      default: defaults.subagents,
      // A vault shows the whole of a session: what its subagents did too.
      syncDefault: true,
      description: 'show subagent conversations under the calls that started them'
    },
    keepMetaOption(defaults.keepMeta)
  ] as const
}

/** The options as `parse` reads them: resolved by `defineFormat`, every key set. */
export type ResolvedOptions = OptionValues<ReturnType<typeof declaredOptions>>
