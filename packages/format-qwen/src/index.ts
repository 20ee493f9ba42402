import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'

/**
 * Options for the qwen format. None yet: a note always follows the branch the
 * user kept and keeps every turn across compression. The type is here so a
 * caller's `qwen({})` keeps compiling when options come.
 */
export type Options = Record<string, never>

/**
 * Creates the format plugin for Qwen Code chat recordings
 * (`~/.qwen/projects/<path>/chats/<sessionId>.jsonl`, `@qwen-code/qwen-code`).
 *
 * @example
 *   const normalizer = createNormalizer({formats: [qwen()]})
 */
export function qwen(_options: Options = {}): FormatPlugin {
  return {
    name: 'qwen',
    description: 'Qwen Code chat recordings (~/.qwen/projects/*/chats/*.jsonl)',
    extensions: ['.jsonl'],
    detect,
    parse
  }
}
