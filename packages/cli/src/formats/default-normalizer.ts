import type {Normalizer, NormalizerOptions} from '@chatmark/core'
import {createNormalizer as createCoreNormalizer} from '@chatmark/core'
import {builtinFormats} from './builtin-formats.js'

/**
 * Creates a normalizer with the built-in formats. Your `formats` run before
 * them; one with a built-in's name replaces that built-in in its slot.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [myFormat]})
 */
export function createNormalizer(options: Omit<NormalizerOptions, 'builtins'> = {}): Normalizer {
  return createCoreNormalizer({...options, builtins: builtinFormats()})
}

/**
 * The normalizer the CLI uses: the built-in formats, frozen. To add formats,
 * make your own with {@link createNormalizer}.
 */
export const normalizer: Normalizer = createNormalizer().freeze()
