import type {FoldKind, NoticePart, Role} from '@chatmark/core'
import {defaultSchema} from 'rehype-sanitize'
import type {Options as Schema} from 'rehype-sanitize'

// Every value of each union, checked by the compiler both ways: a new role, fold kind or
// level in core fails the build here until its class name is allowed.
const roleNames = ['user', 'assistant', 'system', 'tool', 'other'] as const satisfies readonly Role[]
const foldKinds = ['thinking', 'tool-output', 'subagent', 'details'] as const satisfies readonly FoldKind[]
const levelNames = ['info', 'warning', 'error'] as const satisfies readonly NoticePart['level'][]
const everyValue: [
  Exclude<Role, (typeof roleNames)[number]>,
  Exclude<FoldKind, (typeof foldKinds)[number]>,
  Exclude<NoticePart['level'], (typeof levelNames)[number]>
] extends [never, never, never]
  ? true
  : never = true

const roles = roleNames.map((role) => `turn-${role}`)
const folds = foldKinds.map((kind) => `fold-${kind}`)
const levels = levelNames.map((level) => `notice-${level}`)

/**
 * What a page's content may hold: GitHub's rules (rehype-sanitize's default
 * schema) plus chatmark's own elements and class names, each listed by value:
 * sections for turns and branches, `<details>` for folds, `<aside>` for
 * notices, the preformatted block that shows raw HTML as text, and links to
 * attachments' files (relative links, which a page never loads). Nothing
 * else is added: no `style`, no `id` of a message's choosing, no protocol
 * beyond GitHub's.
 */
export const sanitizeSchema: Schema = everyValue && {
  ...defaultSchema,
  tagNames: [...(defaultSchema.tagNames ?? []), 'aside'],
  attributes: {
    ...defaultSchema.attributes,
    // GitHub's own entries for these (footnotes, itemscope) are kept; a second `className` entry would be ignored.
    section: ['dataFootnotes', ['className', 'footnotes', 'turn', 'turn-nested', 'branch', ...roles]],
    details: [['className', 'fold', ...folds, 'tool-call', 'tool-call-error']],
    div: [...(defaultSchema.attributes?.['div'] ?? []), ['className', 'fold-body', 'tool-body', 'tool-markdown']],
    dl: [...(defaultSchema.attributes?.['dl'] ?? []), ['className', 'tool-input']],
    span: [['className', 'tool-name', 'tool-summary', 'tool-status', 'empty']],
    aside: [['className', 'notice', ...levels]],
    p: [['className', 'notice-label', 'attachment-file']],
    pre: [['className', 'raw-html']],
    a: [
      ...(defaultSchema.attributes?.['a'] ?? []).filter((entry) => !Array.isArray(entry) || entry[0] !== 'className'),
      ['className', 'data-footnote-backref', 'image-link', 'attachment-link']
    ]
  }
}
