import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {droidTool} from './tool.js'

/** Options for the droid format. */
export interface Options {
  /**
   * Whether the context Droid adds to a session's first prompt (its tool
   * list, system info, the date, each in a `<system-reminder>`) is shown, as
   * notices; it is always counted. The per-read format option `keepMeta`
   * (CLI `--keep-meta`) takes precedence. Default: `false`.
   */
  keepMeta?: boolean
}

/**
 * Creates the format plugin for Factory Droid sessions
 * (`~/.factory/sessions/<cwd slug>/<id>.jsonl`, with `<id>.settings.json`).
 *
 * @example
 *   const normalizer = createNormalizer({formats: [droid()]})
 */
export function droid(options: Options = {}): FormatPlugin {
  return defineFormat({
    name: 'droid',
    description: 'Factory Droid sessions (~/.factory/sessions/*/<id>.jsonl with <id>.settings.json)',
    extensions: ['.jsonl'],
    options: declaredOptions({keepMeta: options.keepMeta ?? false}),
    detect,
    parse,
    tool: droidTool
  })
}
