import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {copilotTool} from './tool.js'

/** Options for the copilot-cli format. */
export interface Options {
  /**
   * What a note shows of the turns a rewind undid (`session.snapshot_rewind`), when the per-read format option
   * `branches` does not say: `'current'`, only what the session holds now (the undone turns counted), or
   * `'all'`, the undone turns too, as a labelled branch where they were. Default: `'current'`.
   */
  branches?: 'current' | 'all'
}

/**
 * Creates the format plugin for GitHub Copilot CLI sessions (`~/.copilot/session-state/<id>/events.jsonl`,
 * `@github/copilot`) and the Copilot Chat extension's transcripts in VS Code
 * (`workspaceStorage/<hash>/GitHub.copilot-chat/transcripts/<id>.jsonl`), which hold the same events.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [copilotCli()]})
 */
export function copilotCli(options: Options = {}): FormatPlugin {
  const settings = {branches: options.branches ?? 'current'}
  return defineFormat({
    name: 'copilot-cli',
    description: 'GitHub Copilot CLI sessions (~/.copilot/session-state/*/events.jsonl) and Copilot Chat transcripts',
    extensions: ['.jsonl'],
    options: declaredOptions(settings),
    detect,
    parse,
    tool: copilotTool
  })
}
