import type {FormatPlugin} from '@chatmark/core/read'
import {databaseName} from './database-name.js'
import {kiloDatabaseName} from './kilo.js'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {opencodeTool} from './tool.js'

/** Options for the opencode format. */
export interface Options {
  /**
   * Path of sql.js's `sql-wasm.wasm` (SQLite compiled to WebAssembly), for
   * a bundle that keeps it somewhere of its own.
   *
   * Default: beside this module or one folder up (where the `chatmark`
   * bundle puts it), else the file of the installed `sql.js` package.
   */
  wasmPath?: string
}

/**
 * Creates the format plugin for OpenCode (`opencode-ai`) sessions: its
 * SQLite database `opencode.db` (1.2 and later; rows still in the `-wal`
 * file beside it included) or the `storage/` folder of JSON files (1.1 and
 * earlier; the 0.x layout of `project/<id>/storage/session/` too), and
 * the JSON of `opencode export`; and the same of Kilo Code (`@kilocode/cli`
 * 7, an OpenCode fork): `kilo.db` and `kilo export`. One conversation per
 * session.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [opencode()]})
 */
export function opencode(options: Options = {}): FormatPlugin {
  const settings = options.wasmPath ? {wasmPath: options.wasmPath} : {}
  return {
    name: 'opencode',
    description:
      'OpenCode sessions (the opencode.db database, an opencode export, or the storage folder of 1.1 and earlier) ' +
      "and Kilo Code's (kilo.db, a kilo export)",
    extensions: ['.db'],
    fileNames: [databaseName, kiloDatabaseName],
    detect,
    parse: (input, context) => parse(input, context, settings),
    tool: opencodeTool
  }
}
