import {defaultSchema} from 'rehype-sanitize'
import type {Options as Schema} from 'rehype-sanitize'

const roles = ['user', 'assistant', 'system', 'tool', 'other'].map((role) => `turn-${role}`)
const folds = ['thinking', 'subagent', 'details'].map((kind) => `fold-${kind}`)
const levels = ['info', 'warning', 'error'].map((level) => `notice-${level}`)

/**
 * What a page's content may hold: GitHub's rules (rehype-sanitize's default
 * schema) plus chatmark's own elements and class names, each listed by value:
 * sections for turns and branches, `<details>` for folds, `<aside>` for
 * notices, and the preformatted block that shows raw HTML as text. Nothing
 * else is added: no `style`, no `id` of a message's choosing, no protocol
 * beyond GitHub's.
 */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside'],
  attributes: {
    ...defaultSchema.attributes,
    // GitHub's own entries for these (footnotes, itemscope) are kept; a second `className` entry would be ignored.
    section: ['dataFootnotes', ['className', 'footnotes', 'turn', 'turn-nested', 'branch', ...roles]],
    details: [['className', 'fold', ...folds]],
    div: [...(defaultSchema.attributes?.['div'] ?? []), ['className', 'fold-body']],
    aside: [['className', 'notice', ...levels]],
    p: [['className', 'notice-label']],
    pre: [['className', 'raw-html']],
    a: [
      ...(defaultSchema.attributes?.['a'] ?? []).filter((entry) => !Array.isArray(entry) || entry[0] !== 'className'),
      ['className', 'data-footnote-backref', 'image-link']
    ]
  }
}
