import type {ScalarTag} from 'yaml'
import type {Conversation} from '../model/model.js'
import {speakerNames} from '../model/participants.js'
import {tokensInOrder} from '../model/sum-tokens.js'
import {escapedYamlString, needsYamlEscapes} from './escaped-yaml-string.js'
import {frontmatterTags} from './frontmatter-tags.js'
import {isFrontmatterTime} from './frontmatter-time.js'
import {obsidianProperties} from './obsidian-properties.js'
import {readsAsOtherType} from './reads-as-other-type.js'
import type {RenderOptions} from './render-options.js'
import {requireModule} from './require-module.js'
import {snakeCase} from './snake-case.js'

/** The YAML serialiser, loaded on first use: only notes need it, not reading or listing. */
let yaml: typeof import('yaml') | undefined

/** Imports the YAML serialiser ahead of rendering (with `import()`), so that frontmatter need not `require` it. */
export async function loadYaml(): Promise<void> {
  // `default`: yaml is CommonJS, and a bundle's chunk of it exports only that.
  yaml ??= (await import('yaml')).default
}

/**
 * The note's frontmatter as data: what a notes app, a search index or a
 * later chatmark run needs to know about the conversation without reading it.
 * Every property name is snake_case in every profile, the names of the
 * format's own facts (`metadata.extra`) and of token counts included (see
 * `docs/properties.md`). The default (`gfm`) profile writes:
 * - `title`; `source` (a map: `format`, `variant`); `id` (chatmark finds a
 *   note by it); `created`, `updated` (ISO-8601 times, as the source gave them);
 * - `models` (list), `project` (text: the folder the session ran in, or the
 *   tool's name for the project), `git_branch`;
 * - `parent` (a map: `id`, `relation`), when the conversation has one;
 * - `participants` (list): the name of everyone who speaks, human, model or
 *   bot, in order of their first turn (`speakersOf`);
 * - `tokens` (a map: `input`, `output`, `cached`, `cache_creation`,
 *   `thoughts`, `tool`, `total`, each only when known);
 * - the format's own facts, their names in snake_case (`cli_version`, `cost`
 *   in USD...), unless a property above has the name;
 * - `turns` (number), `fidelity` (a map from a reason, as the model names it,
 *   `injected-context`, to a count).
 *
 * With the obsidian `profile`, flat properties Obsidian's Properties panel can
 * edit, times in `timeZone` (see `obsidianProperties`); `id` is the same in both.
 */
export function frontmatterOf(
  conversation: Conversation,
  title: string,
  options: Pick<RenderOptions, 'profile' | 'timeZone' | 'tool'> = {}
): Record<string, unknown> {
  if (options.profile === 'obsidian') {
    return obsidianProperties(
      conversation,
      title,
      options.timeZone ?? 'UTC',
      options.tool ?? conversation.source.format
    )
  }
  const {metadata, source} = conversation
  const data: Record<string, unknown> = {title}
  data['source'] = {format: source.format, ...(source.variant ? {variant: source.variant} : {})}
  data['id'] = conversation.id
  if (conversation.createdAt) data['created'] = conversation.createdAt
  if (conversation.updatedAt) data['updated'] = conversation.updatedAt
  if (metadata.models && metadata.models.length > 0) data['models'] = metadata.models
  if (metadata.project) data['project'] = metadata.project
  if (metadata.gitBranch) data['git_branch'] = metadata.gitBranch
  if (metadata.parent) data['parent'] = {id: metadata.parent.id, relation: metadata.parent.relation}
  const participants = speakerNames(conversation)
  if (participants.length > 0) data['participants'] = participants
  const tokens: Record<string, number> = {}
  for (const [key, count] of Object.entries(tokensInOrder(metadata.tokens ?? {}))) {
    if (typeof count === 'number') tokens[snakeCase(key)] = count
  }
  if (Object.keys(tokens).length > 0) data['tokens'] = tokens
  for (const [key, value] of Object.entries(metadata.extra ?? {})) {
    const name = snakeCase(key)
    if (name && !(name in data)) data[name] = value
  }
  data['turns'] = conversation.turns.length
  if (Object.keys(conversation.fidelity).length > 0) data['fidelity'] = {...conversation.fidelity}
  return data
}

/**
 * The property that links to the note of the conversation's parent
 * (`RenderOptions.parent`): with the obsidian profile `parent`, whose id the
 * link replaces where it stands (one property, a link Obsidian follows);
 * otherwise `parent_note`, after the `parent` record of id and relation.
 */
export function parentLinkKey(profile: RenderOptions['profile']): string {
  return profile === 'obsidian' ? 'parent' : 'parent_note'
}

/**
 * Frontmatter data with the link to the parent's note in its profile's place
 * (see {@link parentLinkKey}): the spread keeps every key where it was, and a
 * new one goes last.
 */
export function withParentLink(
  data: Record<string, unknown>,
  parent: string,
  profile: RenderOptions['profile']
): Record<string, unknown> {
  return {...data, [parentLinkKey(profile)]: parent}
}

/**
 * Frontmatter data with the links a vault knows in their places: the parent's
 * note (see {@link withParentLink}) and, under the obsidian profile, the
 * project's note as the `project` property, where it stands (see
 * `RenderOptions.project`).
 */
export function withNoteLinks(
  data: Record<string, unknown>,
  links: {parent?: string | undefined; project?: string | undefined},
  profile: RenderOptions['profile']
): Record<string, unknown> {
  let linked = data
  if (links.project !== undefined && profile === 'obsidian' && 'project' in data) {
    linked = {...linked, project: links.project}
  }
  return links.parent === undefined ? linked : withParentLink(linked, links.parent, profile)
}

/**
 * Serialises frontmatter data as YAML (without the `---` fences), exactly as
 * `yaml` writes it with chatmark's string tag (`frontmatterTags`) and
 * `lineWidth: 0`, so that every YAML reader, 1.1 (PyYAML) as well as 1.2,
 * reads back the strings it holds: `yes`, `on`, `1_000`, `2025-01-01` or a
 * text with a tab are quoted. The times of `created` and `updated` stay plain
 * (`isFrontmatterTime`), so that readers with a time type read times. Nearly every note's
 * frontmatter is a map of one-line strings, numbers, booleans, and lists and
 * maps of those: that is written here directly, which is about a tenth of the
 * cost of building and serialising a YAML document (measured: 140 µs a note,
 * 5% of converting a 2 GB ChatGPT export). Anything else (a string over
 * several lines or with control characters, a string YAML would write as a
 * block, `null`, an empty list, deeper nesting, one object twice) goes to
 * `yaml` whole. The property named `link`, when it holds a string (a link to
 * another note), is always written in double quotes with escapes (see
 * `escapedYamlString`), as vaults' links have always been written.
 */
export function frontmatterYaml(data: Record<string, unknown>, link?: string): string {
  const simple = simpleYaml(data, link)
  if (simple !== undefined) return simple
  yaml ??= requireModule('yaml') as typeof import('yaml')
  const document = new yaml.Document(data, {customTags: (tags) => [...frontmatterTags(tags), linkTag]})
  for (const key of Object.keys(data)) {
    const node = document.get(key, true)
    if (!yaml.isScalar(node)) continue
    // A style set is one the string tag keeps: plain, as `yaml` writes what YAML 1.2 reads as a string.
    if (isFrontmatterTime(key, node.value)) node.type = 'PLAIN'
    else if (key === link && typeof node.value === 'string') node.format = linkFormat
  }
  return document.toString({lineWidth: 0}).trimEnd()
}

/** The format `frontmatterYaml` gives a link's scalar, so that `yaml` writes it with {@link linkTag}. */
const linkFormat = 'chatmark-link'

/**
 * Writes a string scalar of {@link linkFormat} as the simple path writes a link. `default`, so that no tag is
 * written; a format, so that `yaml` picks it for no other scalar.
 */
const linkTag: ScalarTag = {
  tag: 'tag:chatmark:link',
  format: linkFormat,
  default: true,
  identify: (value) => typeof value === 'string',
  resolve: (text) => text,
  stringify: (item) => escapedYamlString(String(item.value))
}

/** `data` as `yaml` writes it, when it is simple enough to be sure how; otherwise `undefined`. */
function simpleYaml(data: Record<string, unknown>, link: string | undefined): string | undefined {
  const lines: string[] = []
  // `yaml` writes an object met twice as an anchor and an alias.
  const seen = new Set<unknown>()
  for (const key of Object.keys(data)) {
    const name = yamlString(key, true)
    if (name === undefined) return undefined
    const value = data[key]
    if (key === link && typeof value === 'string') {
      lines.push(`${name}: ${escapedYamlString(value)}`)
      continue
    }
    if (isFrontmatterTime(key, value) && !unsafePlain.test(value)) {
      lines.push(`${name}: ${value}`)
      continue
    }
    if (typeof value !== 'object' || value === null) {
      const scalar = yamlScalar(value)
      if (scalar === undefined) return undefined
      lines.push(`${name}: ${scalar}`)
      continue
    }
    if (seen.has(value)) return undefined
    seen.add(value)
    lines.push(`${name}:`)
    if (Array.isArray(value)) {
      if (value.length === 0) return undefined
      for (const item of value) {
        const scalar = typeof item === 'object' ? undefined : yamlScalar(item)
        if (scalar === undefined) return undefined
        lines.push(`  - ${scalar}`)
      }
      continue
    }
    // Only plain objects: a Date, a Map or a class instance is `yaml`'s to write.
    if (Object.getPrototypeOf(value) !== Object.prototype) return undefined
    const entries = Object.keys(value)
    if (entries.length === 0) return undefined
    for (const entry of entries) {
      const inner = yamlString(entry, true)
      const item = (value as Record<string, unknown>)[entry]
      const scalar = typeof item === 'object' ? undefined : yamlScalar(item)
      if (inner === undefined || scalar === undefined) return undefined
      lines.push(`  ${inner}: ${scalar}`)
    }
  }
  // As `yaml`'s output is trimmed: a last value ending in Unicode white space (U+2028, U+FEFF) loses it.
  return lines.length === 0 ? undefined : lines.join('\n').trimEnd()
}

/** A string, finite number or boolean as `yaml` writes it in a block map or list; `undefined` for anything else. */
function yamlScalar(value: unknown): string | undefined {
  if (typeof value === 'string') return yamlString(value, false)
  if (typeof value === 'number')
    return Number.isFinite(value) && !Object.is(value, -0) ? JSON.stringify(value) : undefined
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return undefined
}

// What makes `yaml` leave the plain style (its `plainString`): an indicator first, `: ` or ` #` inside, a space or
// `:` last; and what some YAML reader would read as another type (`readsAsOtherType`) is quoted by `frontmatterTags`.
const unsafePlain = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/
// Left to `yaml`: line breaks (block scalars), control characters and lone surrogates (escapes), and a document
// marker at the start (a block scalar at the top level).
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what this finds
const notSimple = /[\n\x00-\x08\x0b-\x1f\x7f-\x9f\u{D800}-\u{DFFF}]|^(?:---|\.\.\.)/u

/**
 * A string as `frontmatterTags` writes it (a map key when `key`): with
 * escapes when it holds a character some reader refuses raw, else on one
 * line plain when that reads back as the same string in every reader, else
 * quoted (single quotes when it holds `"` and no `'`, else JSON's double
 * quotes, which is what `yaml`'s double quoting is for a line without control
 * characters); `undefined` when `yaml` has to decide.
 */
function yamlString(value: string, key: boolean): string | undefined {
  let written: string
  if (needsYamlEscapes(value)) written = escapedYamlString(value)
  else if (notSimple.test(value)) return undefined
  else if (!unsafePlain.test(value) && !readsAsOtherType(value)) written = value
  else written = value.includes('"') && !value.includes("'") ? `'${value}'` : JSON.stringify(value)
  // A key written longer than 1,024 characters becomes an explicit `? key`.
  return key && written.length > 1024 ? undefined : written
}
