import type {FormatPlugin} from '@chatmark/core/read'
import {defineFormat} from '@chatmark/core/read'
import {detect} from './detect.js'
import {declaredOptions} from './options.js'
import {parse} from './parse.js'
import {codexTool} from './tool.js'

/** Options for the codex format. */
export interface Options {
  /**
   * Show what Codex writes into the model's context besides the
   * conversation (developer messages, `<environment_context>`,
   * `<user_instructions>`, AGENTS.md blocks, `<turn_aborted>` markers) as
   * notices, when the per-read format option `keepMeta` does not say.
   * They are counted in the note's fidelity either way.
   *
   * Default: `false`.
   */
  keepMeta?: boolean
}

/**
 * Creates the format plugin for OpenAI Codex CLI rollouts: the envelope JSONL
 * (`~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl`, CLI 0.4x and later), the
 * legacy Rust JSONL and the TS CLI's JSON (spring 2025).
 *
 * @example
 *   const normalizer = createNormalizer({formats: [codex({keepMeta: true})]})
 */
export function codex(options: Options = {}): FormatPlugin {
  const settings = {keepMeta: options.keepMeta ?? false}
  return defineFormat({
    name: 'codex',
    description: 'OpenAI Codex CLI rollouts (envelope JSONL, legacy JSONL and TS CLI JSON)',
    extensions: ['.jsonl', '.json', '.zst'],
    options: declaredOptions(settings),
    detect,
    parse,
    tool: codexTool
  })
}
