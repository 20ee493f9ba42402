import type {Source} from '../model/model.js'
import type {FormatPlugin} from './plugin.js'
import type {ToolIdentity} from './tool.js'
import {toolSlug} from './tool-slug.js'

/**
 * The tool a conversation comes from, as the plugin of the format that read
 * it describes it (`FormatPlugin.tool`, and its `variants` by the source's
 * variant): `{name: 'Claude Code', slug: 'claude-code'}`. A format that
 * describes no tool, or that is not among `formats`, is named after itself.
 */
export function toolOf(formats: readonly FormatPlugin[], source: Pick<Source, 'format' | 'variant'>): ToolIdentity {
  const tool = formats.find((format) => format.name === source.format)?.tool
  if (tool === undefined) return {name: source.format, slug: source.format}
  const {variant: name} = source
  const variant =
    name !== undefined && tool.variants && Object.hasOwn(tool.variants, name) ? tool.variants[name] : undefined
  const identity = variant ?? tool
  return {name: identity.name, slug: toolSlug(identity.slug ?? identity.name)}
}
