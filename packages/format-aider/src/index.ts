import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {aiderTool} from './tool.js'

/** Options for the aider format. There are none yet; the type is kept for the factory's shape. */
export type Options = Record<string, never>

/**
 * Creates the format plugin for Aider's chat history, `.aider.chat.history.md`
 * in the project folder: one conversation per `# aider chat started at`
 * session. (`.aider.input.history`, the prompt history, is another file.)
 *
 * @example
 *   const normalizer = createNormalizer({formats: [aider()]})
 */
export function aider(_options: Options = {}): FormatPlugin {
  return {
    name: 'aider',
    description: 'Aider chat histories (.aider.chat.history.md), one conversation per session',
    extensions: ['.md'],
    fileNames: ['.aider.chat.history.md'],
    detect,
    parse,
    tool: aiderTool
  }
}
