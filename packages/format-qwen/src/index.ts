import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {qwenTool} from './tool.js'

/** Options for the qwen format. */
export interface Options {
  /**
   * What a note shows, when the per-read format option `view` does not say:
   * - `'note'`: every turn that was said, in order, across compression, with
   *   notices where the CLI compressed the context, a request failed, a slash
   *   command ran or a fork began;
   * - `'resume'`: exactly the history Qwen Code loads on `--resume` (the last
   *   compression's history, then the turns after it): the model's view.
   *
   * Default: `'note'`.
   */
  view?: 'note' | 'resume'
}

/**
 * Creates the format plugin for Qwen Code chat recordings
 * (`~/.qwen/projects/<path>/chats/<sessionId>.jsonl`, `@qwen-code/qwen-code`).
 *
 * @example
 *   const normalizer = createNormalizer({formats: [qwen({view: 'resume'})]})
 */
export function qwen(options: Options = {}): FormatPlugin {
  const settings = {view: options.view ?? 'note'}
  return defineFormat({
    name: 'qwen',
    description: 'Qwen Code chat recordings (~/.qwen/projects/*/chats/*.jsonl)',
    extensions: ['.jsonl'],
    options: declaredOptions(settings),
    detect,
    parse,
    tool: qwenTool
  })
}
