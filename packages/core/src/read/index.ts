/**
 * @packageDocumentation
 * Inputs (files, folders, buffers, stdin) and the streaming readers formats parse them with: lines,
 * JSON Lines, one JSON document, the items of a huge JSON array, and the Sample detectors see.
 */
export type {
  Confidence,
  FormatOption,
  FormatPlugin,
  InputPart,
  NamePattern,
  ParseContext,
  PartReader,
  Verdict
} from './plugin.js'
export {confidences, formatOptionKey, matchesName} from './plugin.js'
export type {CompanionOf, SessionFolder, ToolDescriptor, ToolEnvironment, ToolIdentity} from './tool.js'
export {toolOf} from './tool-of.js'
export {toolSlug} from './tool-slug.js'
export type {CamelCase, OptionKey, OptionValue, OptionValues} from './resolve-options.js'
export {resolveOptions} from './resolve-options.js'
export type {TypedFormatPlugin, TypedPartReader} from './define-format.js'
export {defineFormat} from './define-format.js'
export {branchesOption, keepMetaOption, viewOption} from './shared-options.js'
export {sessionInputs} from './session-inputs.js'
export type {PathOfPlatform, ToolPaths} from './tool-paths.js'
export {toolPaths} from './tool-paths.js'
export type {Limits} from './limits.js'
export {defaultLimits, expansionRatioFloorBytes} from './limits.js'
export {capMessages, shorten} from './cap-messages.js'
export type {Input, InputEntry, PathInputOptions} from './input.js'
export {
  entryInput,
  headOf,
  inputFromBytes,
  inputFromFolder,
  inputFromPath,
  inputFromStream,
  inputFromString
} from './input.js'
export {attachmentBytes} from './attachment-bytes.js'
export type {ReferencedFile, ReferencedFileOptions} from './referenced-files.js'
export {referencedFileParts, splitReferencedFiles, withReferencedFiles} from './referenced-files.js'
export {countingInput} from './counting-input.js'
export type {SharedStrings} from './shared-strings.js'
export {createSharedStrings} from './shared-strings.js'
export type {Sample, SampleKind, SampleRecord} from './sample.js'
export {createSample, sampleEntryLimit, sampleFromBytes, sampleHeadLimit, sampleRecordLimit} from './sample.js'
export type {Line, ReadLinesOptions} from './read-lines.js'
export {readLineBatches, readLines} from './read-lines.js'
export type {JsonLine, ReadJsonLinesOptions} from './read-json-lines.js'
export {formatBytes, readJsonLineBatches, readJsonLines} from './read-json-lines.js'
export {readJsonDocument, startsAsJsonDocument} from './read-json-document.js'
export type {DocumentOrLines, ReadDocumentOrLinesOptions} from './read-document-or-lines.js'
export {readDocumentOrLines} from './read-document-or-lines.js'
export type {JsonItem, JsonItemBytes, ParseJsonItemOptions, ReadJsonItemsOptions} from './read-json-items.js'
export {parseJsonItem, readJsonItemBytes, readJsonItems} from './read-json-items.js'
