import type {RenderOptions} from '@chatmark/core'
import type {ElementContent} from 'hast'
import {h} from 'hastscript'

/** What the bar at the top of a page says. */
export interface PageBarFacts {
  title: string
  /** The tool, as people call it (`Claude Code`). */
  tool: string
  /** Whether the page has prompts to jump to (`#p1`). */
  prompts: boolean
  options: RenderOptions | undefined
}

/**
 * The bar that stays at the top of a page as it scrolls: the title (a link to the top), the tool, a link to the
 * first prompt and, when the page was written beside an index (`RenderOptions.indexHref`), a link back to it.
 */
export function pageBar({title, tool, prompts, options}: PageBarFacts): ElementContent[] {
  const items: ElementContent[] = [h('a.bar-title', {href: '#top'}, title), h('span.bar-tool', tool)]
  if (prompts) items.push(h('a', {href: '#p1'}, 'Prompts'))
  if (options?.indexHref) items.push(h('a', {href: options.indexHref}, 'All conversations'))
  return items
}
