import type {NoteRecord} from './vault-state.js'
import {safeSegment} from './note-path.js'
import {wikilink} from './wikilink.js'

/** An index note to write: its id (kept in state like a conversation's), path and text. */
export interface IndexNote {
  id: string
  path: string
  title: string
  text: string
}

/**
 * One index note per tool (`claude-code/claude-code.md`) and per project
 * (`projects/<project>.md`), each listing its conversations newest first with
 * a link to each note: a wikilink by path under the Obsidian profile (a name
 * alone could match two notes), a relative Markdown link otherwise.
 */
export function indexNotes(notes: ReadonlyMap<string, NoteRecord>, wikilinks: boolean): IndexNote[] {
  const byTool = new Map<string, NoteRecord[]>()
  const byProject = new Map<string, NoteRecord[]>()
  for (const note of notes.values()) {
    if (note.deleted) continue
    push(byTool, note.tool, note)
    if (note.project) push(byProject, note.project, note)
  }
  const result: IndexNote[] = []
  for (const [tool, list] of [...byTool].sort(([a], [b]) => a.localeCompare(b))) {
    const path = `${tool}/${tool}.md`
    result.push(indexNote(`chatmark-index:tool:${tool}`, path, tool, list, wikilinks))
  }
  for (const [project, list] of [...byProject].sort(([a], [b]) => a.localeCompare(b))) {
    const name = projectName(project)
    const path = `projects/${name}.md`
    result.push(indexNote(`chatmark-index:project:${project}`, path, name, list, wikilinks))
  }
  return result
}

function push(map: Map<string, NoteRecord[]>, key: string, note: NoteRecord): void {
  const list = map.get(key)
  if (list) list.push(note)
  else map.set(key, [note])
}

/** A project's last folder name, safe as a note name. */
function projectName(project: string): string {
  return safeSegment(project.split(/[\\/]/).filter(Boolean).at(-1) ?? '') || 'project'
}

function indexNote(id: string, path: string, title: string, notes: NoteRecord[], wikilinks: boolean): IndexNote {
  const sorted = [...notes].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.path.localeCompare(b.path))
  const depth = path.split('/').length - 1
  const lines = sorted.map((note) => {
    const link = wikilinks
      ? wikilink(note.path, note.title)
      : `[${escapeText(note.title)}](<${'../'.repeat(depth)}${note.path}>)`
    const facts = [note.date, `${note.turns} turn${note.turns === 1 ? '' : 's'}`].filter(Boolean).join(' · ')
    return `- ${link} · ${facts}`
  })
  const frontmatter = [
    '---',
    `title: ${JSON.stringify(title)}`,
    `id: ${JSON.stringify(id)}`,
    'tags:',
    '  - chatmark',
    '  - chatmark-index',
    `conversations: ${notes.length}`,
    '---'
  ]
  const text = [...frontmatter, `# ${escapeText(title)}`, '', ...lines, ''].join('\n')
  return {id, path, title, text}
}

/** A title as link text or heading: nothing in it starts Markdown or Obsidian syntax. */
function escapeText(text: string): string {
  return text.replace(/[\\`*_[\]<>#|%=~$]/g, (character) => `\\${character}`).replace(/\s+/g, ' ')
}
