import {containMarkdown} from './contain-markdown.js'
import {obsidianMarkdown} from './obsidian-markdown.js'
import type {RenderOptions} from './render-options.js'

/**
 * Message text as a note holds it: contained (see `containMarkdown`) at a
 * section of heading `depth`, and with the obsidian profile rewritten for
 * Obsidian (see `obsidianMarkdown`: LaTeX delimiters as dollar signs, wikilinks,
 * tags, comments and highlights escaped). Never parsed and re-printed.
 */
export function messageMarkdown(text: string, depth: number, profile: RenderOptions['profile']): string {
  const contained = containMarkdown(text, depth)
  return profile === 'obsidian' ? obsidianMarkdown(contained) : contained
}
