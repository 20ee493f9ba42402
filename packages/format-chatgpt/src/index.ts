import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {chatgptParts} from './parts.js'
import {chatgptTool} from './tool.js'

/** Options for the chatgpt format. */
export interface Options {
  /**
   * Which branches a note shows, when the per-read format option `branches`
   * does not say:
   * - `'current'`: the branch ChatGPT shows (from `current_node` up to the
   *   root); regenerated answers and edited prompts on other branches are
   *   only counted (`abandoned-branch-message`);
   * - `'all'`: also every other branch, as a labelled alternate at the
   *   point where it forks.
   *
   * Default: `'current'`.
   */
  branches?: 'current' | 'all'
}

/**
 * Creates the format plugin for ChatGPT data exports: `conversations.json`
 * (an array of conversations) or a single conversation object. One note per
 * conversation; the file is streamed, so exports of several GB are read in
 * bounded memory.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [chatgpt({branches: 'all'})]})
 */
export function chatgpt(options: Options = {}): FormatPlugin {
  const settings = {branches: options.branches ?? 'current'}
  return defineFormat({
    name: 'chatgpt',
    description: 'ChatGPT data exports (conversations.json, one note per conversation)',
    extensions: ['.json'],
    options: declaredOptions(settings),
    // A data export's `.zip`: one conversations.json, or the conversations split over numbered files.
    archiveMembers: ['conversations.json', /^conversations-\d+\.json$/],
    detect,
    parse,
    parts: chatgptParts(),
    tool: chatgptTool
  })
}
