import type {BlockContent, Data, DefinitionContent, Literal, Node, Parent, PhrasingContent} from 'mdast'
import type {BranchPart, NoticePart, Role} from '../model/model.js'
import type {RemoteContent} from './render-options.js'

/** Block-level content, as the root, a turn or a block quote holds it. */
export type Flow = BlockContent | DefinitionContent

/**
 * Message text kept verbatim: Markdown source as the tool stored it. It is
 * serialised after containment (see `containMarkdown`: its headings pushed
 * below `depth`, unclosed fences and HTML blocks closed), never parsed and
 * re-printed.
 */
export interface ChatmarkMessage extends Literal {
  type: 'chatmarkMessage'
  /** Heading depth of the section that holds the text; its own headings go deeper. */
  depth: number
  /**
   * What Markdown does with remote images and HTML that loads or runs
   * something in the text (`RenderOptions.remoteContent`). Default: `link`.
   */
  remoteContent?: RemoteContent
  data?: Data
}

/**
 * One turn of the conversation: its heading (or, for a subagent's turn nested
 * under a tool call, a speaker line) and its parts. In Markdown it is only
 * its children; in HTML a section marked with its role.
 */
export interface ChatmarkTurn extends Parent {
  type: 'chatmarkTurn'
  role: Role
  /** A subagent's turn, shown inside the tool call that started it. */
  nested?: boolean
  children: Flow[]
  data?: Data
}

/** What a fold holds. */
export type FoldKind = 'thinking' | 'tool-output' | 'subagent' | 'details'

/**
 * Content a reader can fold away: thinking, long tool output, a subagent's
 * turns, the details of a notice. Markdown writes `<details>` (gfm) or a folded callout
 * (Obsidian); HTML a `<details>` element.
 */
export interface ChatmarkFold extends Parent {
  type: 'chatmarkFold'
  kind: FoldKind
  /** The fold's label (`Thinking`, `Subagent (3 turns)`, `Summary`): chatmark's own wording, never input text. */
  title: string
  children: Flow[]
  data?: Data
}

/**
 * A call from the model to a tool: its label line, input, result and the
 * subagent it started, as children. Markdown writes the children as they are
 * (the call reads as lines of the turn); HTML folds the call under a line that
 * names the tool and says what it did ({@link ChatmarkToolCall.summary}).
 */
export interface ChatmarkToolCall extends Parent {
  type: 'chatmarkToolCall'
  /** The tool's name (`Bash`, `read_file`). */
  name: string
  /** What the call did, on one line: its description, command, path or query (see `toolCallSummary`). */
  summary?: string
  /** The final status the tool recorded (`success`, `error`, `cancelled`...). */
  status?: string
  /** Whether the result reported a failure. */
  isError?: boolean
  children: Flow[]
  data?: Data
}

/**
 * A message from the harness rather than a participant (a compaction, an
 * error, an event in a channel). Markdown writes an alert (`> [!NOTE]`).
 */
export interface ChatmarkNotice extends Parent {
  type: 'chatmarkNotice'
  level: NoticePart['level']
  kind?: NoticePart['kind']
  children: PhrasingContent[]
  data?: Data
}

/**
 * An alternate branch of the conversation at the point where it forks off:
 * its turns, between a line that introduces it and one that ends it.
 */
export interface ChatmarkBranch extends Parent {
  type: 'chatmarkBranch'
  number: number
  origin?: BranchPart['origin']
  /** How many of its turns have a heading (turns that hold only notices do not). */
  size: number
  children: Array<ChatmarkTurn | ChatmarkNotice | ChatmarkFold | ChatmarkBranch>
  data?: Data
}

/**
 * An attachment's file, embedded after the attachment's line (see
 * `RenderOptions.attachmentLink`). Markdown writes `![[path]]` (Obsidian,
 * which embeds images, PDFs and audio alike), or `![name](path)` for an image
 * and `[name](path)` for any other file (gfm); HTML a link to it, which the
 * page never loads.
 */
export interface ChatmarkAttachment extends Node {
  type: 'chatmarkAttachment'
  /** Where the file is, relative to the note's folder, with `/` separators. */
  path: string
  /** What to call it: the attachment's name, else its description (`image/png, 70 B`). */
  name: string
  /** The attachment's media type, when known: `image/*` is embedded as an image. */
  mimeType?: string
  data?: Data
}

/**
 * The note's frontmatter as data: its properties, as `frontmatterOf` makes
 * them for the profile the tree is built for, and the links to the note of
 * the conversation's parent and to its project's note when the caller knows
 * them (`RenderOptions.parent` and `project`, a vault's). Markdown writes them
 * as YAML between `---` fences, the links in their profile's places (see
 * `frontmatterHandler`); HTML as a table at the top of the page. A remark
 * plugin changes the note's properties here.
 */
export interface ChatmarkFrontmatter extends Node {
  type: 'chatmarkFrontmatter'
  properties: Record<string, unknown>
  /** The link to the parent's note: a wikilink with the obsidian profile, else its path from the note. */
  parent?: string
  /** The link to the project's note (obsidian only): the `project` property in place of the link by name. */
  project?: string
  data?: Data
}

/** What the root holds after the title: turns, notices (with their details) and branches. */
export type TurnLevel = ChatmarkTurn | ChatmarkNotice | ChatmarkFold | ChatmarkBranch

declare module 'mdast' {
  interface RootContentMap {
    chatmarkFrontmatter: ChatmarkFrontmatter
    chatmarkMessage: ChatmarkMessage
    chatmarkAttachment: ChatmarkAttachment
    chatmarkTurn: ChatmarkTurn
    chatmarkFold: ChatmarkFold
    chatmarkToolCall: ChatmarkToolCall
    chatmarkNotice: ChatmarkNotice
    chatmarkBranch: ChatmarkBranch
  }
  interface BlockContentMap {
    chatmarkMessage: ChatmarkMessage
    chatmarkAttachment: ChatmarkAttachment
    chatmarkTurn: ChatmarkTurn
    chatmarkFold: ChatmarkFold
    chatmarkToolCall: ChatmarkToolCall
    chatmarkNotice: ChatmarkNotice
    chatmarkBranch: ChatmarkBranch
  }
  interface HeadingData {
    /** Marks the note's title heading, whose text the frontmatter's `title` repeats. */
    chatmarkTitle?: boolean
  }
  interface CodeData {
    /**
     * A tool call's input, when the block shows it as JSON: HTML shows an object as fields, its strings with their
     * line breaks.
     */
    chatmarkToolInput?: unknown
    /** The block is a tool's result that is Markdown (a subagent's answer, a fetched page): HTML renders it. */
    chatmarkMarkdown?: boolean
  }
  interface ParagraphData {
    /** The line that names a tool call (`**Tool call** \`Bash\``): HTML says it in the call's summary instead. */
    chatmarkToolLabel?: boolean
  }
  interface ImageData {
    /** From message text parsed with `parseMessages`: what Markdown does with it (`RenderOptions.remoteContent`). */
    chatmarkRemoteContent?: RemoteContent
  }
  interface ImageReferenceData {
    /** As `ImageData.chatmarkRemoteContent`. */
    chatmarkRemoteContent?: RemoteContent
  }
  interface HtmlData {
    /** As `ImageData.chatmarkRemoteContent`: raw HTML that loads or runs something. */
    chatmarkRemoteContent?: RemoteContent
  }
}
