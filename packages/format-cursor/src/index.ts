import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {cursorTool} from './tool.js'

/** Options for the cursor format. */
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
 * Creates the format plugin for Cursor's chats: the IDE's `state.vscdb`
 * databases (a workspace's chat-panel tabs and inline composers, the global
 * database's composers and their bubbles) and the Cursor CLI's
 * (`cursor-agent`) session stores (`store.db`) and transcripts (`.jsonl`).
 * One conversation per tab, composer or CLI session.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [cursor()]})
 */
export function cursor(options: Options = {}): FormatPlugin {
  const settings = options.wasmPath ? {wasmPath: options.wasmPath} : {}
  return {
    name: 'cursor',
    description: "Cursor chats (the IDE's state.vscdb, the Cursor CLI's store.db and agent transcripts)",
    extensions: ['.vscdb', '.db', '.jsonl'],
    fileNames: ['state.vscdb', 'store.db'],
    detect,
    parse: (input, context) => parse(input, context, settings),
    tool: cursorTool
  }
}
