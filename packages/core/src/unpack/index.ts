/**
 * @packageDocumentation
 * Compressed inputs (zstd, gzip) and zip archives, opened transparently by the normalizer.
 */
export type {Compression} from './decompressed-input.js'
export {compressionOf, decompressedInput} from './decompressed-input.js'
export {zipContainerInput, zipExports, zipMemberInput} from './zip-member-input.js'
export type {ExpansionLimits} from './expansion-guard.js'
