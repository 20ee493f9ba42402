import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {geminiTool} from './tool.js'

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
  /**
   * Show the text the CLI injected itself (session, directory and IDE
   * context, continuation requests, loop-detection feedback...) as `meta`
   * notices, when the per-read format option `keepMeta` does not say. It is
   * counted as `injected-context` either way.
   *
   * Default: `false`.
   */
  keepMeta?: boolean
}

/**
 * Creates the format plugin for Gemini CLI chat sessions: legacy
 * `session-*.json` files, the JSONL event log (v0.39+), `/chat save`
 * checkpoints (`checkpoint-<tag>.json`) and the prompt log `logs.json`.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [gemini({view: 'resume'})]})
 */
export function gemini(options: Options = {}): FormatPlugin {
  const settings = {view: options.view ?? 'note', keepMeta: options.keepMeta ?? false}
  return defineFormat({
    name: 'gemini',
    description: 'Gemini CLI chat sessions (legacy JSON, the JSONL event log, /chat save checkpoints and logs.json)',
    extensions: ['.json', '.jsonl'],
    options: declaredOptions(settings),
    detect,
    parse,
    tool: geminiTool
  })
}
