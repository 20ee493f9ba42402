import type {Payload} from '../util/carriers.js'

/**
 * Text that tries to forge a note's structure: a turn heading, a second frontmatter, the end of a fold or a fence
 * that holds it, Obsidian syntax that hides or restyles what follows, a definition that hijacks other links, a
 * list or quote that swallows the next message, invisible characters that make a heading look like another. `{m}`
 * stands for the payload's marker, which the note must still show.
 */
const headings: Payload[] = [
  {name: 'a user heading', text: '## User {m}'},
  {name: 'an assistant heading', text: '## Assistant {m}'},
  {name: 'a title heading', text: '# {m} title'},
  {name: 'a turn heading between blank lines', text: '\n\n## User {m}\n\n'},
  {name: 'a turn heading as chatmark writes one', text: '## User · 2026-03-03 09:00 UTC {m}'},
  {name: 'a deepest heading', text: '###### {m}'},
  {name: 'a heading indented three spaces', text: '   ## {m}'},
  {name: 'a heading with closing hashes', text: '## {m} ##'},
  {name: 'a setext title', text: '{m}\n==='},
  {name: 'a setext heading', text: '{m}\n---'},
  {name: 'a setext heading of one dash', text: '{m}\n-'},
  {name: 'a heading in a quote', text: '> ## User {m}'},
  {name: 'a heading in a list', text: '- ## User {m}'}
]

const frontmatter: Payload[] = [
  {name: 'a YAML frontmatter', text: '---\ntitle: {m}\n---'},
  {name: 'an empty frontmatter', text: '---\n---\n{m}'},
  {name: 'a TOML frontmatter', text: '+++\ntitle = "{m}"\n+++'},
  {name: 'a frontmatter after a byte order mark', text: '\uFEFF---\ntitle: {m}\n---'},
  {name: 'a thematic break', text: '***\n{m}'}
]

const html: Payload[] = [
  {name: 'a fold closed', text: '</details>{m}'},
  {name: 'a fold closed, then a heading', text: '</details>\n\n## User {m}'},
  {name: 'a fold opened and never closed', text: '<details>\n<summary>{m}</summary>'},
  {name: 'a comment never closed', text: '<!-- {m}'},
  {name: 'a comment closed first', text: '-->{m}'},
  {name: 'a heading in a comment', text: '<!--\n## User {m}\n-->'},
  {name: 'a preformatted block never closed', text: '<pre>\n## User {m}'},
  {name: 'a heading inside a div', text: '<div>\n\n## User {m}\n\n</div>'}
]

const fences: Payload[] = [
  {name: 'a backtick fence never closed', text: '```\n## User {m}'},
  {name: 'a tilde fence never closed', text: '~~~\n## User {m}'},
  {name: 'a fence closed by a shorter one', text: '````\n{m}\n```'},
  {name: 'a fence closed by a longer one', text: '```\n{m}\n````\n## User'},
  {name: 'a fence of ten backticks', text: '``````````\n{m}'},
  {name: 'a tilde fence closed by a shorter one', text: '~~~~~~\n{m}\n~~~'},
  {name: 'a fence closing a result’s fence', text: '{m}\n```\n\n## User\n\n```'},
  {name: 'a tilde fence closing a fence', text: '{m}\n~~~\n\n## User\n\n~~~'},
  {name: 'four backticks closing', text: '{m}\n````\n## User'},
  {name: 'a fence in a quote never closed', text: '> ```\n> {m}'},
  {name: 'a fence in a list never closed', text: '- ```\n  {m}'},
  {name: 'an indented fence', text: '    ```\n{m}'}
]

const obsidian: Payload[] = [
  {name: 'a callout', text: '> [!NOTE] {m}'},
  {name: 'a folded callout', text: '> [!WARNING]-\n> {m}'},
  {name: 'an Obsidian comment never closed', text: '%% {m}'},
  {name: 'a heading in an Obsidian comment', text: '%%\n## User {m}\n%%'},
  {name: 'a wikilink', text: '[[{m}]]'},
  {name: 'an embed', text: '![[{m}]]'},
  {name: 'a tag', text: '#{m}'},
  {name: 'a highlight', text: '=={m}=='},
  {name: 'display math never closed', text: '$$\n{m}'},
  {name: 'LaTeX display math', text: '\\[ {m} \\]'},
  {name: 'a block id', text: '{m} ^block-id'}
]

const references: Payload[] = [
  {name: 'a definition hijacking a label', text: '[{m}]: https://example.com/hijack'},
  {name: 'a definition of a common word', text: '[link]: https://example.com/{m}'},
  {name: 'a footnote definition', text: '[^1]: {m}'},
  {name: 'a footnote reference', text: '{m}[^1]'},
  {name: 'a link never closed', text: '[{m}]('},
  {name: 'emphasis never closed', text: '*{m}'}
]

const blocks: Payload[] = [
  {name: 'a table', text: '| a | {m} |\n|---|---|\n| ## User | x |'},
  {name: 'a table of one column', text: '|{m}|\n|-|'},
  {name: 'a list ending in an empty item', text: '- {m}\n- '},
  {name: 'a numbered list ending in an empty item', text: '1. {m}\n2.'},
  {name: 'a list item continued by a heading', text: '* {m}\n\n  ## User'},
  {name: 'a quote continued lazily', text: '> {m}\nand more'},
  {name: 'a hard break at the end', text: '{m}\\'},
  {name: 'trailing spaces at the end', text: '{m}  '}
]

const invisible: Payload[] = [
  {name: 'a zero-width space before a heading', text: '\u200b## User {m}'},
  {name: 'a right-to-left override in a heading', text: '## \u202eresU {m}'},
  {name: 'a line separator before a heading', text: '\u2028## User {m}'},
  {name: 'a carriage return before a heading', text: '\r## User {m}'},
  {name: 'CRLF around a thematic break', text: '\r\n---\r\n{m}'},
  {name: 'a vertical tab before a heading', text: '\u000b## User {m}'},
  {name: 'a no-break space before a heading', text: '\u00a0## User {m}'},
  {name: 'a tab before a heading', text: '\t## User {m}'},
  {name: 'a form feed before a heading', text: '\f## User {m}'}
]

/** Every payload, by kind: 72 of them. */
export const forgingPayloads: readonly Payload[] = [
  ...headings,
  ...frontmatter,
  ...html,
  ...fences,
  ...obsidian,
  ...references,
  ...blocks,
  ...invisible
]
