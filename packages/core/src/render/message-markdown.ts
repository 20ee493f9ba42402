import {containMarkdown} from './contain-markdown.js'
import {obsidianMarkdown} from './obsidian-markdown.js'
import type {RemoteContent, RenderOptions} from './render-options.js'
import {withoutRemoteContent} from './without-remote-content.js'

/**
 * Message text as a note holds it: with `remoteContent` `link` (the
 * default), nothing a viewer would fetch or run (see `withoutRemoteContent`:
 * remote images made links, loading HTML escaped); contained (see
 * `containMarkdown`) at a section of heading `depth`, after that, so that it
 * settles whatever blocks the escaping made; and with the obsidian profile
 * rewritten for Obsidian (see `obsidianMarkdown`: LaTeX delimiters as dollar
 * signs, wikilinks, tags, comments and highlights escaped). Never parsed and re-printed.
 */
export function messageMarkdown(
  text: string,
  depth: number,
  profile: RenderOptions['profile'],
  remoteContent: RemoteContent = 'link'
): string {
  const contained = containMarkdown(remoteContent === 'keep' ? text : withoutRemoteContent(text), depth)
  return profile === 'obsidian' ? obsidianMarkdown(contained) : contained
}
