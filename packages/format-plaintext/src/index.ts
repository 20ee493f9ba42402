import type {FormatPlugin} from '@chatmark/core'
import {detect} from './detect.js'
import {parse} from './parse.js'

/** Options for the plaintext format. */
export interface Options {}

/** Creates the plaintext format plugin. */
export function plaintext(_options: Options = {}): FormatPlugin {
  return {
    name: 'plaintext',
    description: 'TODO',
    extensions: [],
    detect,
    parse
  }
}
