import type {FormatPlugin} from '@chatmark/core/read'
import {defaultSpeakers} from './default-speakers.js'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {plaintextTool} from './tool.js'
import type {Settings, Speaker} from './types.js'

export type {Speaker, Variant} from './types.js'

/** Options for the plain-text format. */
export interface Options {
  /**
   * Whether text with no speaker labels and no `> ` prompts is claimed, as a
   * note of one turn at `possible`. Turn it off to have such input fail
   * detection instead. Default: `true`.
   */
  prose?: boolean
  /**
   * More speaker labels, by label (matched case-insensitively), such as
   * `{Copilot: {role: 'assistant', name: 'Copilot'}}`. They add to the
   * built-in labels (`User`, `Human`, `You`, `Me`, `Assistant`, `AI`, `Bot`,
   * `ChatGPT`, `Claude`, `Gemini`, `System`) and replace one of the same name.
   * Default: none.
   */
  speakers?: Readonly<Record<string, Speaker>>
}

/**
 * Creates the plain-text format plugin: `>`-marker transcripts (as MemPalace
 * writes them), transcripts with speaker labels (`User:`, `**Claude:**`,
 * `### Assistant`), and, as a last resort, prose as a one-turn note.
 *
 * @example
 *   const speakers = {Copilot: {role: 'assistant', name: 'Copilot'}}
 *   const normalizer = createNormalizer({formats: [plaintext({speakers})]})
 */
export function plaintext(options: Options = {}): FormatPlugin {
  const speakers = new Map(defaultSpeakers)
  for (const [label, speaker] of Object.entries(options.speakers ?? {}))
    speakers.set(label.trim().toLowerCase(), speaker)
  const settings: Settings = {prose: options.prose ?? true, speakers}

  return {
    name: 'plaintext',
    description: 'Plain-text and Markdown transcripts: `> ` prompts, `User:`/`Assistant:` labels, or prose as one note',
    extensions: ['.txt', '.md', '.markdown', '.log'],
    tool: plaintextTool,
    detect: (sample) => detect(sample, settings),
    parse: (input, context) => parse(input, context, settings)
  }
}
