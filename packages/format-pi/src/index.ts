import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {piTool} from './tool.js'

/** Options for the pi format. */
export interface Options {
  /**
   * Path of sql.js's `sql-wasm.wasm`, for a bundle that keeps it somewhere
   * of its own (OpenClaw's database). Default: where `@chatmark/sqlite` looks.
   */
  wasmPath?: string
}

/**
 * Creates the format plugin for Pi coding agent sessions
 * (`~/.pi/agent/sessions/--<cwd>--/<time>_<uuid>.jsonl`, every version: 1
 * without ids, 2 and 3 as trees) and OpenClaw's transcripts of the same
 * entries (`openclaw-agent.sqlite`, one conversation per session window, and
 * the older `agents/<agent>/sessions/<id>.jsonl`). A note shows the current
 * branch, with the branches left by `/tree` in their place.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [pi()]})
 */
export function pi(options: Options = {}): FormatPlugin {
  const settings = options.wasmPath ? {wasmPath: options.wasmPath} : {}
  return {
    name: 'pi',
    description: 'Pi coding agent sessions (~/.pi/agent/sessions) and OpenClaw transcripts (openclaw-agent.sqlite)',
    extensions: ['.jsonl', '.sqlite'],
    fileNames: [/(?:^|[\\/])openclaw-agent\.sqlite$/],
    detect,
    parse: (input, context) => parse(input, context, settings),
    tool: piTool
  }
}
