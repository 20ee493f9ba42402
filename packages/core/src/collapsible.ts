import type {Flow} from './mdast-nodes.js'
import type {ResolvedRenderOptions} from './render-options.js'

/**
 * A block that readers can fold away: `<details>` for GFM, a folded callout
 * for Obsidian. `title` is chatmark's own fixed wording, never input text.
 */
export function collapsible(title: string, children: Flow[], options: ResolvedRenderOptions): Flow[] {
  if (options.profile === 'obsidian') {
    return [
      {
        type: 'blockquote',
        children: [{type: 'paragraph', children: [{type: 'chatmarkMarker', value: `[!quote]- ${title}`}]}, ...children]
      }
    ]
  }
  return [
    {type: 'html', value: `<details>\n<summary>${title}</summary>`},
    ...children,
    {type: 'html', value: '</details>'}
  ]
}
