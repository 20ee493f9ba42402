import type {Root} from 'mdast'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkStringify from 'remark-stringify'
import type {Processor} from 'unified'
import {unified} from 'unified'
import type {BodySink} from './defer-bodies.js'
import {deferBodies} from './defer-bodies.js'
import {remarkChatmark} from './remark-chatmark.js'
import type {RenderOptions} from './render-options.js'

/** A frozen processor that serialises a note's tree (see {@link markdownProcessor}). */
export type MarkdownProcessor = Processor<undefined, undefined, undefined, Root, string>

const processors = new Map<string, MarkdownProcessor>()

/**
 * The note writer: a frozen unified processor of remark-gfm,
 * remark-frontmatter (YAML), `remarkChatmark` with the profile, and
 * remark-stringify. One per profile, made on first use.
 */
export function markdownProcessor(profile: RenderOptions['profile'] = 'gfm'): MarkdownProcessor {
  let processor = processors.get(profile)
  if (!processor) {
    processor = createMarkdownProcessor(profile)
    processors.set(profile, processor)
  }
  return processor
}

/**
 * A new note writer (see {@link markdownProcessor}); with a sink, bodies are
 * written as placeholders for the sink to fill (see `deferBodies`).
 */
export function createMarkdownProcessor(profile: RenderOptions['profile'], sink?: BodySink): MarkdownProcessor {
  const processor = unified().use(remarkGfm).use(remarkFrontmatter, ['yaml']).use(remarkChatmark, {profile})
  if (sink) processor.use(deferBodies, sink)
  return processor.use(remarkStringify).freeze()
}
