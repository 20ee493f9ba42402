import type {FormatPlugin} from '@chatmark/core/read'
import {databaseName, detect} from './detect.js'
import {parse} from './parse.js'
import {crushTool} from './tool.js'

/** Options for the crush format. */
export interface Options {
  /**
   * Path of sql.js's `sql-wasm.wasm`, for a bundle that keeps it somewhere
   * of its own. Default: where `@chatmark/sqlite` looks.
   */
  wasmPath?: string
}

/**
 * Creates the format plugin for Crush (charmbracelet/crush) sessions: a
 * project's `.crush/crush.db` (rows still in its `-wal` included), or the
 * `projects.json` in Crush's data folder, which lists every project's. One
 * conversation per session; a sub-agent's session is nested under the call
 * that started it.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [crush()]})
 */
export function crush(options: Options = {}): FormatPlugin {
  const settings = options.wasmPath ? {wasmPath: options.wasmPath} : {}
  return {
    name: 'crush',
    description: "Crush sessions (a project's .crush/crush.db, or Crush's projects.json listing every project's)",
    extensions: ['.db'],
    fileNames: [databaseName],
    detect,
    parse: (input, context) => parse(input, context, settings),
    tool: crushTool
  }
}
