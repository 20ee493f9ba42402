export * from '@chatmark/core'
import {loadEveryRenderModule} from '@chatmark/core'

// Whoever renders through this entry without `ReadOptions.render` (`toNote`, `containMarkdown`) makes the
// renderers `require` their optional modules, which the bundle of this entry has no node_modules to find:
// they are imported here instead, once.
await loadEveryRenderModule()
export {builtinFormats, defaultFormatOrder} from './formats/builtin-formats.js'
export type {BuiltinWriter} from './writers/builtin-writers.js'
export {builtinWriters, defaultWriterName, loadWriter} from './writers/builtin-writers.js'
export {createNormalizer, normalizer} from './formats/default-normalizer.js'
export type {ConvertOptions, Converted, Note} from './convert/convert.js'
export {convert} from './convert/convert.js'
export {redactSecrets, redactedSecretKey} from './redact/redact-secrets.js'
export type {CliIo} from './base/cli-io.js'
export {main} from './main.js'
export type {ChatmarkOptions} from './chatmark.js'
export {chatmark} from './chatmark.js'
