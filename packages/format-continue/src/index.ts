import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {continueTool} from './tool.js'

/** Options for the continue format. There are none yet; the type is kept for the factory's shape. */
export type Options = Record<string, never>

/**
 * Creates the format plugin for Continue CLI (`cn`) sessions,
 * `~/.continue/sessions/<sessionId>.json`, and their `sessions.json` index
 * (read as a listing of the sessions).
 *
 * @example
 *   const normalizer = createNormalizer({formats: [continueCli()]})
 */
export function continueCli(_options: Options = {}): FormatPlugin {
  return {
    name: 'continue',
    description: 'Continue CLI (cn) sessions (~/.continue/sessions/<id>.json) and their sessions.json index',
    extensions: ['.json'],
    detect,
    parse,
    tool: continueTool
  }
}
