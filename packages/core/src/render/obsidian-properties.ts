import type {Conversation} from '../model/model.js'
import {speakerNames} from '../model/participants.js'
import {tokensInOrder} from '../model/sum-tokens.js'
import {formatDateTime} from './format-time.js'
import {projectLink} from './project-link.js'
import {snakeCase} from './snake-case.js'

/** A value Obsidian's Properties panel can show and edit: text, number, checkbox, or a list of text. */
export type PropertyValue = string | number | boolean | string[]

/**
 * The note's frontmatter for Obsidian: flat properties of the types its
 * Properties panel edits (text, list, number, checkbox, date and date &
 * time), with snake_case names, where the gfm frontmatter has nested objects
 * Obsidian would show as JSON:
 * - `title` (text), `aliases` (list: the title, so links and the quick
 *   switcher find the note by it), `tags` (list: `chatmark` and the tool,
 *   `tool`: `claude-code`, `claude-ai`, `gemini-cli`..., as the format's
 *   plugin names it, see `toolOf`);
 * - `source` (text: the format), `source_variant` (text), `id` (text, as in
 *   every profile: chatmark finds a note by it);
 * - `created`, `updated` (date & time, `2026-03-01T11:00:00+01:00`: the
 *   time in `timeZone` with its offset, since a time without one is read as
 *   the reader's local time; a date alone stays a date);
 * - `models` (list);
 * - `project` (text: a wikilink to the project's note, by its name,
 *   `"[[demo]]"` (see `projectLink`); in a vault, to its index note by
 *   path, `"[[projects/demo|demo]]"`, `RenderOptions.project`) and
 *   `project_path` (text: the folder the session ran in, or the tool's name
 *   for the project, as the default profile's `project`); `git_branch` (text);
 * - `parent` (text: the parent session's id, which a vault may make a link
 *   to the parent's note) and `parent_relation` (text: `fork`, `resume` or
 *   `subagent`), when the conversation has a parent;
 * - `participants` (list): the name of everyone who speaks, human, model or
 *   bot, in order of their first turn;
 * - `tokens_input`, `tokens_output`, `tokens_cached`,
 *   `tokens_cache_creation`, `tokens_thoughts`, `tokens_tool`,
 *   `tokens_total` (numbers, each only when known);
 * - the format's own facts, their names in snake_case (`cli_version`, `cost`
 *   in USD...), unless a property above has the name;
 * - `turns` (number), `fidelity` (a list of text, `injected-context: 2`: one
 *   property however many reasons there are, rather than a property per
 *   reason in every vault's list of property names).
 */
export function obsidianProperties(
  conversation: Conversation,
  title: string,
  timeZone: string,
  tool: string
): Record<string, PropertyValue> {
  const {metadata, source} = conversation
  const data: Record<string, PropertyValue> = {title}
  if (/\S/.test(title)) data['aliases'] = [title]
  const tag = tagOf(tool)
  data['tags'] = tag === undefined || tag === 'chatmark' ? ['chatmark'] : ['chatmark', tag]
  data['source'] = source.format
  if (source.variant) data['source_variant'] = source.variant
  data['id'] = conversation.id
  if (conversation.createdAt) data['created'] = formatDateTime(conversation.createdAt, timeZone)
  if (conversation.updatedAt) data['updated'] = formatDateTime(conversation.updatedAt, timeZone)
  if (metadata.models && metadata.models.length > 0) data['models'] = [...metadata.models]
  if (metadata.project) {
    data['project'] = projectLink(metadata.project)
    data['project_path'] = metadata.project
  }
  if (metadata.gitBranch) data['git_branch'] = metadata.gitBranch
  if (metadata.parent) {
    data['parent'] = metadata.parent.id
    data['parent_relation'] = metadata.parent.relation
  }
  const participants = speakerNames(conversation)
  if (participants.length > 0) data['participants'] = participants
  for (const [key, count] of Object.entries(tokensInOrder(metadata.tokens ?? {}))) {
    if (typeof count === 'number') data[`tokens_${snakeCase(key)}`] = count
  }
  for (const [key, value] of Object.entries(metadata.extra ?? {})) {
    const name = snakeCase(key)
    if (name && !(name in data)) data[name] = value
  }
  data['turns'] = conversation.turns.length
  const fidelity = Object.entries(conversation.fidelity).map(([reason, count]) => `${reason}: ${count}`)
  if (fidelity.length > 0) data['fidelity'] = fidelity
  return data
}

/**
 * A name as an Obsidian tag: letters, digits, `_`, `-` and `/` only (any run
 * of other characters becomes `-`), not all digits; `undefined` when nothing is left.
 */
function tagOf(name: string): string | undefined {
  const tag = name.replace(/[^\p{L}\p{N}_/-]+/gu, '-').replace(/^[-/]+|[-/]+$/g, '')
  return /[^\d/-]/.test(tag) ? tag : undefined
}
