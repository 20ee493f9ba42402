import type {Conversation} from '../model/model.js'
import {obsidianProperties} from './obsidian-properties.js'
import type {RenderOptions} from './render-options.js'
import {requireModule} from './require-module.js'

/** The YAML serialiser, loaded on first use: only notes need it, not reading or listing. */
let stringifyYaml: typeof import('yaml').stringify | undefined

/** Imports the YAML serialiser ahead of rendering (with `import()`), so that frontmatter need not `require` it. */
export async function loadYaml(): Promise<void> {
  // `default`: yaml is CommonJS, and a bundle's chunk of it exports only that.
  stringifyYaml ??= (await import('yaml')).default.stringify
}

/**
 * The note's frontmatter as data: what a notes app, a search index or a
 * later chatmark run needs to know about the conversation without reading it.
 * With the obsidian `profile`, flat properties Obsidian's Properties panel can
 * edit, times in `timeZone` (see `obsidianProperties`); `id` is the same in both.
 */
export function frontmatterOf(
  conversation: Conversation,
  title: string,
  options: Pick<RenderOptions, 'profile' | 'timeZone'> = {}
): Record<string, unknown> {
  if (options.profile === 'obsidian') return obsidianProperties(conversation, title, options.timeZone ?? 'UTC')
  const {metadata, source} = conversation
  const data: Record<string, unknown> = {title}
  data['source'] = {format: source.format, ...(source.variant ? {variant: source.variant} : {})}
  data['id'] = conversation.id
  if (conversation.createdAt) data['created'] = conversation.createdAt
  if (conversation.updatedAt) data['updated'] = conversation.updatedAt
  if (metadata.models && metadata.models.length > 0) data['models'] = metadata.models
  if (metadata.project) data['project'] = metadata.project
  if (metadata.gitBranch) data['git_branch'] = metadata.gitBranch
  const people = conversation.participants.filter(
    (participant) => participant.kind === 'human' || participant.kind === 'bot'
  )
  if (people.length > 0) data['participants'] = people.map((participant) => participant.name)
  if (metadata.tokens && Object.keys(metadata.tokens).length > 0) data['tokens'] = {...metadata.tokens}
  for (const [key, value] of Object.entries(metadata.extra ?? {})) if (!(key in data)) data[key] = value
  data['turns'] = conversation.turns.length
  if (Object.keys(conversation.fidelity).length > 0) data['fidelity'] = {...conversation.fidelity}
  return data
}

/** Serialises frontmatter data as YAML (without the `---` fences). */
export function frontmatterYaml(data: Record<string, unknown>): string {
  stringifyYaml ??= (requireModule('yaml') as typeof import('yaml')).stringify
  return stringifyYaml(data, {lineWidth: 0}).trimEnd()
}
