import {loadBlockParser} from './block-parser.js'
import {needsBlockParser} from './contain-markdown.js'
import {containSimple} from './contain-simple.js'
import {loadYaml} from './frontmatter.js'
import {loadMessageParser} from './parse-message.js'
import {noticeWords} from './notice-words.js'
import {needsObsidianPass} from './obsidian-markdown.js'
import {needsRemotePass} from './without-remote-content.js'
import type {Conversation, Turn} from '../model/model.js'
import type {RenderOptions} from './render-options.js'
import {hasTrailingBlanks} from './trim-line-ends.js'

/**
 * Imports (with `import()`) the modules that rendering `conversation` with
 * `options` needs and that are not loaded at startup: the YAML serialiser for
 * the frontmatter, the Markdown parser with `parseMessages`, else markdown-it
 * when some message text may need containment beyond what `containSimple`
 * does or, with the obsidian profile, its rewrite for Obsidian
 * (`obsidianMarkdown`). The renderers are synchronous and would otherwise
 * `require` them on first use; a bundle (the `chatmark` command) keeps them in
 * chunks of their own, which only this can load. See `ReadOptions.render`.
 */
export async function loadRenderModules(conversation: Conversation, options: RenderOptions): Promise<void> {
  await loadYaml()
  if (options.parseMessages) {
    await loadMessageParser()
    return
  }
  const obsidian = options.profile === 'obsidian'
  // Text that `containSimple` contains by itself (fences and headings at a line's start, most answers) needs no
  // markdown-it; text with `\r` is asked as it is, since containment reads it with `\n` endings. Blanks before a
  // line ending are trimmed through the block parser (`trimLineEnds`) before containment, whatever else it needs.
  const contained = (text: string): boolean =>
    hasTrailingBlanks(text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text) ||
    ((text.includes('\r') || containSimple(text, 1) === undefined) && needsBlockParser(text))
  const remote = options.remoteContent !== 'keep'
  const needs = (text: string): boolean =>
    contained(text) || (obsidian && needsObsidianPass(text)) || (remote && needsRemotePass(text))
  if (someMessageText(conversation.turns, needs)) await loadBlockParser()
}

/**
 * Whether `test` holds for any text that `conversationToMdast` may show as
 * message text (text, thinking, a quoted passage, the details of a notice, in
 * subagent and branch turns too), whatever the options that leave some of it out.
 */
function someMessageText(turns: readonly Turn[], test: (text: string) => boolean): boolean {
  for (const turn of turns) {
    for (const part of turn.parts) {
      if (part.type === 'text' || part.type === 'thinking' || part.type === 'quote') {
        if (test(part.text)) return true
      } else if (part.type === 'notice') {
        const details = noticeWords(part).details
        if (details !== undefined && test(details.text)) return true
      } else if (part.type === 'tool-call' && part.subagent && someMessageText(part.subagent, test)) {
        return true
      } else if (part.type === 'branch' && someMessageText(part.turns, test)) {
        return true
      }
    }
  }
  return false
}

/**
 * Imports every module that {@link loadRenderModules} may load, whatever the
 * conversation: for a bundle that renders for callers who never pass
 * `ReadOptions.render` (the `chatmark` package's library entry, whose bundle
 * has no `node_modules` to `require` them from when `toNote` is called directly).
 */
export async function loadEveryRenderModule(): Promise<void> {
  await Promise.all([loadYaml(), loadMessageParser(), loadBlockParser()])
}
