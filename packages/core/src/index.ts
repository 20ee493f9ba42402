export type {
  Artifact,
  AttachmentPart,
  BranchPart,
  CodeExecution,
  CodePart,
  Conversation,
  ConversationMetadata,
  Fidelity,
  NoticeKind,
  NoticePart,
  Part,
  Participant,
  QuotePart,
  Reaction,
  Role,
  Source,
  TextPart,
  ThinkingPart,
  TokenCounts,
  ToolCallPart,
  ToolResult,
  ThreadReply,
  Turn
} from './model.js'
export type {Confidence, FormatOption, FormatPlugin, NamePattern, ParseContext, Verdict} from './plugin.js'
export {confidences, formatOptionKey, matchesName} from './plugin.js'
export type {Limits} from './limits.js'
export {defaultLimits} from './limits.js'
export type {Input, InputEntry} from './input.js'
export type {Compression} from './decompressed-input.js'
export {compressionOf, decompressedInput} from './decompressed-input.js'
export {zipContainerInput, zipMemberInput} from './zip-member-input.js'
export {
  entryInput,
  headOf,
  inputFromBytes,
  inputFromFolder,
  inputFromPath,
  inputFromStream,
  inputFromString
} from './input.js'
export {countingInput} from './counting-input.js'
export type {Sample, SampleKind, SampleRecord} from './sample.js'
export {createSample, sampleEntryLimit, sampleFromBytes, sampleHeadLimit, sampleRecordLimit} from './sample.js'
export type {Line, ReadLinesOptions} from './read-lines.js'
export {readLineBatches, readLines} from './read-lines.js'
export type {JsonLine, ReadJsonLinesOptions} from './read-json-lines.js'
export {formatBytes, readJsonLineBatches, readJsonLines} from './read-json-lines.js'
export {readJsonDocument, startsAsJsonDocument} from './read-json-document.js'
export type {DocumentOrLines, ReadDocumentOrLinesOptions} from './read-document-or-lines.js'
export {readDocumentOrLines} from './read-document-or-lines.js'
export type {JsonItem, ReadJsonItemsOptions} from './read-json-items.js'
export {readJsonItems} from './read-json-items.js'
export {isNumber, isRecord, isString, numberOf, stringOf, timeOf} from './guards.js'
export {addTokens, sumTokens, tokenKeys} from './sum-tokens.js'
export {modelParticipant, userParticipant} from './participants.js'
export {idFromName} from './id-from-name.js'
export {linkDestination, linkLabel, markdownLink} from './markdown-link.js'
export {validateConversation} from './validate-conversation.js'
export type {DecidedBy, Detection, FormatVerdict} from './dispatch.js'
export {dispatch} from './dispatch.js'
export type {Normalized, Normalizer, NormalizerOptions, ReadOptions, Reading, UseOptions} from './normalizer.js'
export {createNormalizer, fail} from './normalizer.js'
export type {RenderOptions, ResolvedRenderOptions} from './render-options.js'
export {resolveRenderOptions} from './render-options.js'
export type {
  ChatmarkBranch,
  ChatmarkFold,
  ChatmarkMessage,
  ChatmarkNotice,
  ChatmarkTurn,
  Flow,
  FoldKind,
  TurnLevel
} from './mdast-nodes.js'
export type {ChatmarkToMarkdownOptions} from './chatmark-to-markdown.js'
export {chatmarkToMarkdown} from './chatmark-to-markdown.js'
export {remarkChatmark} from './remark-chatmark.js'
export type {MarkdownProcessor} from './markdown-processor.js'
export {markdownProcessor} from './markdown-processor.js'
export {containMarkdown} from './contain-markdown.js'
export {conversationTitle} from './conversation-title.js'
export {conversationToMdast, turnDepth} from './conversation-to-mdast.js'
export {frontmatterOf} from './frontmatter.js'
export {noteChunks, toNote, treeToMarkdown, treeToMarkdownChunks} from './note-chunks.js'
export type {NoteLink, NoteWriter} from './note-writer.js'
export {indexNoteId} from './note-writer.js'
export {markdownWriter} from './markdown-writer.js'
export type {Truncated} from './truncate-middle.js'
export {countCodePoints, truncateMiddle} from './truncate-middle.js'
