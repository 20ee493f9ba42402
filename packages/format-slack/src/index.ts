import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {slackTool} from './tool.js'

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
  /**
   * A channel of more messages is cut into parts, each its own note
   * (`#general · part 2`), so that a channel of millions of messages is
   * never held in memory whole. A part ends after the day file that brings
   * it to this many messages (or mid-day at twice as many). The per-read
   * format option `slackPartMessages` (CLI `--slack-part-messages`) takes
   * precedence.
   *
   * Default: `20000`.
   */
  partMessages?: number
}

/** How many messages a part of a channel holds, by default (see {@link Options.partMessages}). */
const defaultPartMessages = 20_000

/**
 * Creates the format plugin for Slack workspace exports: the export folder
 * or its `.zip` (`users.json`, `channels.json`, one folder of
 * `YYYY-MM-DD.json` day files per channel), or one day file on its own.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [slack({split: 'day'})]})
 */
export function slack(options: Options = {}): FormatPlugin {
  const settings = {
    split: options.split ?? 'channel',
    partMessages: options.partMessages ?? defaultPartMessages,
    directories: {}
  }
  return defineFormat({
    name: 'slack',
    description: 'Slack workspace exports (the export folder or .zip, or one day file)',
    extensions: ['.zip', '.json'],
    options: declaredOptions(settings),
    detect,
    parse: (input, context) => parse(input, context, settings),
    tool: slackTool
  })
}
