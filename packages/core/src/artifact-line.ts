import type {Paragraph} from 'mdast'
import type {Artifact} from './model.js'

/**
 * The line that introduces an artifact: `**Artifact** *Title* (`kind`,
 * created)`. It is written as one literal: the title and the action have
 * every Markdown punctuation character escaped and the kind is a code span
 * longer than any backtick run in it, so nothing in them can open a construct.
 */
export function artifactLine(artifact: Artifact): Paragraph {
  const details = [...(artifact.kind === undefined ? [] : [codeSpan(artifact.kind)]), escaped(artifact.action)]
  const value = `**Artifact** *${escaped(artifact.title)}* (${details.join(', ')})`
  return {type: 'paragraph', children: [{type: 'chatmarkMarker', value}]}
}

/** Text on one line with Markdown punctuation escaped. */
function escaped(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[\\`*_{}[\]()<>#+!|~&]/g, '\\$&')
}

/** A code span with a backtick run longer than any inside. */
function codeSpan(text: string): string {
  const value = text.replace(/\s+/g, ' ').trim()
  const longest = Math.max(0, ...Array.from(value.matchAll(/`+/g), (match) => match[0].length))
  const ticks = '`'.repeat(longest + 1)
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : ''
  return `${ticks}${pad}${value}${pad}${ticks}`
}
