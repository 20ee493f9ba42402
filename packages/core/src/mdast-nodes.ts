import type {BlockContent, Data, DefinitionContent, Literal} from 'mdast'

/** Block-level content, as the root or a block quote holds it. */
export type Flow = BlockContent | DefinitionContent

/**
 * Message text kept verbatim: Markdown source as the tool stored it. It is
 * serialised by its own handler after containment (see `containMarkdown`),
 * never parsed and re-printed.
 */
export interface ChatmarkMarkdown extends Literal {
  type: 'chatmarkMarkdown'
  /** Heading depth of the section that holds the text; its own headings go deeper. */
  depth: number
  data?: Data
}

/**
 * Phrasing serialised as is: a fixed piece of markup that chatmark itself
 * writes (an alert marker such as `[!NOTE]`), or text that `inertText` proved
 * needs no escaping.
 */
export interface ChatmarkMarker extends Literal {
  type: 'chatmarkMarker'
  data?: Data
}

declare module 'mdast' {
  interface RootContentMap {
    chatmarkMarkdown: ChatmarkMarkdown
    chatmarkMarker: ChatmarkMarker
  }
  interface BlockContentMap {
    chatmarkMarkdown: ChatmarkMarkdown
  }
  interface PhrasingContentMap {
    chatmarkMarker: ChatmarkMarker
  }
}
