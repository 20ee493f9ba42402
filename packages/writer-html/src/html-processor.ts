import type {Root as HastRoot} from 'hast'
import type {Root} from 'mdast'
import rehypeSanitize from 'rehype-sanitize'
import rehypeStringify from 'rehype-stringify'
import type {Processor} from 'unified'
import {unified} from 'unified'
import {chatmarkHandlers} from './chatmark-to-hast.js'
import {rehypeFragmentLinks} from './fragment-links.js'
import {rehypeImagesAsLinks} from './images-as-links.js'
import {remarkToHast} from './remark-to-hast.js'
import {sanitizeSchema} from './sanitize-schema.js'

/** A frozen processor that turns a note's tree (or a piece of it) into sanitised HTML. */
export type HtmlProcessor = Processor<undefined, Root, HastRoot, HastRoot, string>

/**
 * The HTML writer's pipeline, frozen: mdast to hast with chatmark's handlers
 * (mdast-util-to-hast, as remark-rehype runs it, with one state per page:
 * {@link remarkToHast}; raw HTML in messages never becomes live HTML), images
 * as links, then rehype-sanitize with {@link sanitizeSchema} (defence in
 * depth: whatever the handlers made, only those elements and classes are
 * written), fragment links matched to the sanitised ids, and rehype-stringify.
 */
export const htmlProcessor: HtmlProcessor = unified()
  .use(remarkToHast, {handlers: chatmarkHandlers, clobberPrefix: ''})
  .use(rehypeImagesAsLinks)
  .use(rehypeSanitize, sanitizeSchema)
  .use(rehypeFragmentLinks)
  .use(rehypeStringify)
  .freeze()
