import {sep} from 'node:path'
import {fileURLToPath} from 'node:url'
import type {Conversation} from 'chatmark'

/** The repository's root folder, with a trailing separator. */
export const repositoryRoot = fileURLToPath(new URL('../../', import.meta.url))

/** What stands for {@link repositoryRoot} in a stored model. */
export const repositoryPlaceholder = '<repo>'

/**
 * A conversation as a reviewable JSON file: 2-space indentation, keys in the
 * order the format built the object (never sorted, so the file reads like the
 * model), fields that are `undefined` left out (as `JSON.stringify` does), and a
 * trailing newline.
 *
 * Nothing machine-specific may reach the file: `source.path` holds the input's
 * absolute path, so the repository root in it is replaced with `<repo>` and its
 * separators become `/` (`<repo>/fixtures/gemini/legacy-json/input.json` on
 * every machine). No other field is rewritten: a reader that puts the
 * checkout's path anywhere else shows up as a diff, not as a silent rewrite.
 */
export function conversationJson(conversation: Conversation): string {
  const path = conversation.source.path
  if (path === undefined || !path.startsWith(repositoryRoot)) return `${JSON.stringify(conversation, undefined, 2)}\n`
  const relative = path.slice(repositoryRoot.length).split(sep).join('/')
  const source = {...conversation.source, path: `${repositoryPlaceholder}/${relative}`}
  return `${JSON.stringify({...conversation, source}, undefined, 2)}\n`
}
