import type {Conversation, RenderOptions} from 'chatmark'
import type {Root} from 'mdast'
import {frontmatterFromMarkdown} from 'mdast-util-frontmatter'
import {fromMarkdown} from 'mdast-util-from-markdown'
import {gfmFromMarkdown} from 'mdast-util-gfm'
import {frontmatter} from 'micromark-extension-frontmatter'
import {gfm} from 'micromark-extension-gfm'

/** Parses a note the way remark with remark-gfm and remark-frontmatter would. */
export function parseNote(markdown: string): Root {
  return fromMarkdown(markdown, {
    extensions: [gfm(), frontmatter(['yaml'])],
    mdastExtensions: [gfmFromMarkdown(), frontmatterFromMarkdown(['yaml'])]
  })
}

/** How many turns of a conversation (alternate branches' turns too) get a section heading under these options. */
export function renderedTurnCount(conversation: Conversation, options: RenderOptions = {}): number {
  return countTurns(conversation.turns, options)
}

function countTurns(turns: Conversation['turns'], options: RenderOptions): number {
  let count = 0
  for (const turn of turns) {
    for (const part of turn.parts) if (part.type === 'branch') count += countTurns(part.turns, options)
    const shown = turn.parts.some((part) => {
      // A compaction has a heading of its own; other notices are shown between turns.
      if (part.type === 'notice') return part.kind === 'compaction' && options.notices !== false
      if (part.type === 'branch') return false
      if (part.type === 'thinking') return options.thinking !== false && /\S/.test(part.text + (part.subject ?? ''))
      if (part.type === 'text') return /\S/.test(part.text)
      return true
    })
    if (shown) count++
  }
  return count
}

/** Checks the note's block structure; returns problems (empty when sound). */
export function structureProblems(markdown: string, conversation: Conversation, options: RenderOptions = {}): string[] {
  return treeProblems(parseNote(markdown), conversation, options)
}

/** {@link structureProblems} of a note already parsed (with {@link parseNote}). */
export function treeProblems(tree: Root, conversation: Conversation, options: RenderOptions = {}): string[] {
  const problems: string[] = []
  const yamlAt = tree.children.flatMap((node, index) => (node.type === 'yaml' ? [index] : []))
  if (yamlAt.length !== 1 || yamlAt[0] !== 0)
    problems.push(`frontmatter at ${JSON.stringify(yamlAt)}, expected only at 0`)
  const headings = tree.children.filter((node) => node.type === 'heading')
  const titles = headings.filter((node) => node.depth === 1).length
  if (titles !== 1) problems.push(`${titles} title headings`)
  const turns = headings.filter((node) => node.depth === 2).length
  const expected = renderedTurnCount(conversation, options)
  if (turns !== expected) problems.push(`${turns} turn headings for ${expected} turns`)
  return problems
}
