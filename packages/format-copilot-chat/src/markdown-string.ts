import {isRecord, stringOf} from '@chatmark/core/model'
import {baseName, fileUriPath} from './uri.js'

/**
 * The text of a message VS Code keeps as a string or an `IMarkdownString`
 * (`{value, isTrusted, supportThemeIcons, uris, baseUri}`), `undefined` when
 * it is neither.
 */
export function markdownValue(value: unknown): string | undefined {
  if (typeof value === 'string') return value
  return isRecord(value) ? stringOf(value['value']) : undefined
}

/** Whether a response part is a bare `IMarkdownString`, as responses of every version store their text. */
export function isMarkdownString(value: unknown): value is Record<string, unknown> {
  return isRecord(value) && !('kind' in value) && typeof value['value'] === 'string'
}

/**
 * Text with its file links as VS Code shows them: Copilot writes a file as an
 * empty link (`Read [](file:///repo/PRD.md)`), which the chat view turns into
 * a chip with the file's name. In Markdown (`code`) the file is named in code
 * (`Read `PRD.md``), as VS Code's own copy of a response does (chatModel.ts
 * `uriToRepr`); in plain text (a tool call's summary line, a notice) by its name.
 */
export function withFileNames(text: string, style: 'code' | 'plain'): string {
  const named = text.replace(/\[\]\(([^()\s]+)\)/g, (whole, target: string) => {
    if (/^https?:/i.test(target)) return style === 'code' ? `<${target}>` : target
    const path = fileUriPath(target.replace(/#.*$/, ''))
    if (path === target && !target.includes('/')) return whole
    return style === 'code' ? codeSpan(baseName(path)) : baseName(path)
  })
  // Plain text shows a code span's backticks as they are: the code is left bare.
  return style === 'code' ? named : named.replace(/`([^`\n]+)`/g, '$1')
}

/** `text` as an inline code span that survives any backticks in it. */
export function codeSpan(text: string): string {
  const longest = Math.max(0, ...[...text.matchAll(/`+/g)].map((run) => run[0].length))
  const fence = '`'.repeat(longest + 1)
  const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
  return `${fence}${pad}${text}${pad}${fence}`
}
