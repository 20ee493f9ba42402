import type {OptionValues} from '@chatmark/core/read'

/** The options the slack format declares (the CLI's flags), each with the plugin's default. */
export function declaredOptions(defaults: {split: 'channel' | 'day'; partMessages: number}) {
  return [
    {
      name: 'slack-split',
      type: 'string',
      choices: ['channel', 'day'],
      default: defaults.split,
      description: "Slack exports: one note per 'channel', or per 'day'"
    },
    {
      name: 'slack-part-messages',
      type: 'number',
      minimum: 1,
      default: defaults.partMessages,
      description: 'Slack exports: a channel of more messages is cut into notes of about this many (part 2...)'
    }
  ] as const
}

/** The options as `parse` reads them: resolved by `defineFormat`, every key set. */
export type ResolvedOptions = OptionValues<ReturnType<typeof declaredOptions>>
