/**
 * @packageDocumentation
 * The explainable dispatcher and the normalizer that reads inputs with the registered formats.
 */
export type {DecidedBy, Detection, FormatVerdict} from './dispatch.js'
export {dispatch} from './dispatch.js'
export {notRecognised} from './not-recognised.js'
export type {Normalized, Normalizer, NormalizerOptions, ReadOptions, Reading, UseOptions} from './normalizer.js'
export {createNormalizer, fail} from './normalizer.js'
export type {PartMessage, PartReport} from './part-messages.js'
export {mergePartMessages} from './part-messages.js'
