import {isRecord} from '../model/guards.js'
import type {NoteWriter} from './note-writer.js'
import {noteChunks} from '../render/note-chunks.js'

/**
 * The Markdown writer: a note with YAML frontmatter, serialised by the frozen
 * remark processor ({@link noteChunks}). A note's id is the `id` in its
 * frontmatter.
 */
export const markdownWriter: NoteWriter = Object.freeze({
  name: 'markdown',
  extension: '.md',
  description: 'Markdown notes with YAML frontmatter, for Obsidian, a git repository of notes or a search index',
  write: noteChunks,
  noteId: frontmatterId
})

async function frontmatterId(markdown: string): Promise<string | undefined> {
  const end = markdown.startsWith('---\n') ? markdown.indexOf('\n---', 4) : -1
  if (end === -1) return undefined
  // The YAML parser is imported only here: a first run into an empty folder never needs it.
  // `default`: yaml is CommonJS, and a bundle's chunk of it exports only that.
  const {parse} = (await import('yaml')).default
  try {
    const data: unknown = parse(markdown.slice(4, end))
    const id = isRecord(data) ? data['id'] : undefined
    return typeof id === 'string' || typeof id === 'number' ? String(id) : undefined
  } catch {
    return undefined
  }
}
