import {editableWords} from './conversation-text.js'

/** What a person does to a note in their editor. */
export type NoteEdit = 'property' | 'tag' | 'paragraph' | 'word' | 'heading' | 'break-frontmatter' | 'empty'

export const noteEdits: readonly NoteEdit[] = [
  'property',
  'tag',
  'paragraph',
  'word',
  'heading',
  'break-frontmatter',
  'empty'
]

/**
 * The note's text after the edit, with `marker` in what the person wrote (`undefined` when the edit has nothing
 * to act on: no word of a message left to change). `choice` picks the place where there are several.
 */
export function editNote(text: string, edit: NoteEdit, marker: string, choice: number): string | undefined {
  switch (edit) {
    case 'property':
      return withFrontmatterLine(text, `mine-${marker}: ${marker}`)
    case 'tag':
      return /^tags:\n/m.test(frontmatterOf(text))
        ? text.replace(/^tags:\n/m, `tags:\n  - ${marker}\n`)
        : withFrontmatterLine(text, `tags:\n  - ${marker}`)
    case 'paragraph':
      // Under the last turn, as issue 22's person did.
      return `${text}${text.endsWith('\n') || text === '' ? '' : '\n'}\n## My notes\n\n${marker} is worth keeping.\n`
    case 'word':
      return withWordChanged(text, marker, choice)
    case 'heading':
      // The line chatmark rewrites when the conversation is renamed: the two edits meet (a merge cannot be made).
      return /^# .*$/m.test(text) ? text.replace(/^# .*$/m, `# My heading ${marker}`) : undefined
    case 'break-frontmatter':
      // An unclosed flow sequence: no YAML parser reads this frontmatter any more, so neither is its id.
      return withFrontmatterLine(text, `broken: [${marker}`)
    case 'empty':
      return ''
  }
}

function frontmatterOf(text: string): string {
  if (!text.startsWith('---\n')) return ''
  const end = text.indexOf('\n---', 3)
  return end === -1 ? '' : text.slice(0, end)
}

/** `line` added at the top of the frontmatter, or a frontmatter of its own when the note has none. */
function withFrontmatterLine(text: string, line: string): string {
  return text.startsWith('---\n') ? `---\n${line}\n${text.slice(4)}` : `---\n${line}\n---\n${text}`
}

/** One of the words of a message (not of a heading or the frontmatter) replaced by the marker. */
function withWordChanged(text: string, marker: string, choice: number): string | undefined {
  const lines = text.split('\n')
  const bodyStart = frontmatterOf(text) === '' ? 0 : frontmatterOf(text).split('\n').length + 1
  const places: Array<{line: number; word: string}> = []
  for (let line = bodyStart; line < lines.length; line++) {
    const content = lines[line] ?? ''
    if (content.startsWith('#')) continue
    for (const word of editableWords) if (new RegExp(`\\b${word}\\b`).test(content)) places.push({line, word})
  }
  const place = places[choice % Math.max(places.length, 1)]
  if (!place) return undefined
  lines[place.line] = (lines[place.line] ?? '').replace(new RegExp(`\\b${place.word}\\b`), marker)
  return lines.join('\n')
}
