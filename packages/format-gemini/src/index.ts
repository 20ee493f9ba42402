import type {FormatPlugin} from '@chatmark/core'
import {detect} from './detect.js'
import {parse} from './parse.js'

/** Options for the gemini format. */
export interface Options {}

/** Creates the gemini format plugin. */
export function gemini(_options: Options = {}): FormatPlugin {
  return {
    name: 'gemini',
    description: 'TODO',
    extensions: [],
    detect,
    parse
  }
}
