/**
 * @packageDocumentation
 * The conversation model, its checks, and the contract a format plugin implements: everything a format
 * needs to say what it read, with no input, detection or rendering code.
 */
export type {
  Artifact,
  AttachmentPart,
  BranchPart,
  CodeExecution,
  CodePart,
  Conversation,
  Edited,
  ConversationMetadata,
  Fidelity,
  AgentNotice,
  ApiErrorNotice,
  CommandNotice,
  CompactionNotice,
  EventNotice,
  ForkNotice,
  InterruptedNotice,
  IsoTime,
  NoticeKind,
  NoticeLevel,
  NoticePart,
  ShellCommandNotice,
  SubagentNotice,
  SubtaskNotice,
  TextNotice,
  TextNoticeKind,
  ParentRelation,
  ParentSession,
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
export {isNumber, isRecord, isString, numberOf, stringOf, timeOf} from './guards.js'
export {languageOf} from './language-of.js'
export {addTokens, sumTokens, tokenKeys, tokensInOrder} from './sum-tokens.js'
export {modelParticipant, speakerNames, speakersOf, userParticipant} from './participants.js'
export {idFromName} from './id-from-name.js'
export {linkDestination, linkLabel, markdownLink} from './markdown-link.js'
export {validateConversation} from './validate-conversation.js'
export {attachmentsOf} from './attachments-of.js'
export {conversationTitle, promptTitle} from './conversation-title.js'
export {safeTitle} from './safe-title.js'
export {commandNotice} from './command-notice.js'
export {forkNotice} from './fork-notice.js'
export {numberBranches} from './number-branches.js'
