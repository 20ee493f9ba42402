import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'

/** Options for the slack format. */
export interface Options {
  /**
   * How an export is cut into notes when the per-read format option
   * `slackSplit` (CLI `--slack-split`) does not say: one note per channel
   * (`channel`), or one per channel and day (`day`, by the export's day
   * files; a thread stays with the day of its first message).
   *
   * Default: `'channel'`.
   */
  split?: 'channel' | 'day'
}

/**
 * Creates the format plugin for Slack workspace exports: the export folder
 * or its `.zip` (`users.json`, `channels.json`, one folder of
 * `YYYY-MM-DD.json` day files per channel), or one day file on its own.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [slack({split: 'day'})]})
 */
export function slack(options: Options = {}): FormatPlugin {
  const settings = {split: options.split ?? 'channel'}
  return {
    name: 'slack',
    description: 'Slack workspace exports (the export folder or .zip, or one day file)',
    extensions: ['.zip', '.json'],
    options: [
      {
        name: 'slack-split',
        type: 'string',
        choices: ['channel', 'day'],
        default: settings.split,
        description: "Slack exports: one note per 'channel', or per 'day'"
      }
    ],
    detect,
    parse: (input, context) => parse(input, context, settings)
  }
}
