import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'

/** Options for the gemini format. */
export interface Options {
  /**
   * Which history a note shows, when the per-read format option `view` does
   * not say:
   * - `'note'`: every turn that was said, in order; a `/rewind` removes what
   *   the user undid, while compression and resume checkpoints only add a
   *   notice where history was compressed;
   * - `'resume'`: exactly the messages the Gemini CLI loads on `--resume`
   *   (the model's view).
   *
   * Default: `'note'`.
   */
  view?: 'note' | 'resume'
}

/**
 * Creates the format plugin for Gemini CLI chat sessions: legacy
 * `session-*.json` files and the JSONL event log (v0.39+).
 *
 * @example
 *   const normalizer = createNormalizer({formats: [gemini({view: 'resume'})]})
 */
export function gemini(options: Options = {}): FormatPlugin {
  const settings = {view: options.view ?? 'note'}
  return {
    name: 'gemini',
    description: 'Gemini CLI chat sessions (legacy JSON and the JSONL event log)',
    extensions: ['.json', '.jsonl'],
    options: [
      {
        name: 'view',
        type: 'string',
        choices: ['note', 'resume'],
        default: settings.view,
        description: "what to show: 'note', every turn said, or 'resume', what the tool itself would load on resume"
      }
    ],
    detect,
    parse: (input, context) => parse(input, context, settings)
  }
}
