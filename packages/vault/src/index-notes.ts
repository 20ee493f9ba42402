import {projectNoteName} from '@chatmark/core'
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
  const names = projectNames([...byProject.keys()])
  for (const [project, list] of [...byProject].sort(([a], [b]) => a.localeCompare(b))) {
    const name = names.get(project) ?? 'project'
    result.push(indexNote(projectIndexId(project), projectIndexPath(name), name, list, wikilinks))
  }
  return result
}

/** The id of a project's index note in the vault's state. */
export function projectIndexId(project: string): string {
  return `chatmark-index:project:${project}`
}

/** Where the index note of a project of this name (see {@link projectNames}) is written, unless the path is taken. */
export function projectIndexPath(name: string): string {
  return `projects/${name}.md`
}

function push<T>(map: Map<string, T[]>, key: string, note: T): void {
  const list = map.get(key)
  if (list) list.push(note)
  else map.set(key, [note])
}

/**
 * Each project's name for its index note: its folder's name, and where two
 * projects have folders of one name (`~/work/demo` and `~/play/demo`), the
 * folders above it too, as many as tell them apart (`demo (work)`,
 * `demo (play)`). Safe as a note name.
 */
export function projectNames(projects: readonly string[]): Map<string, string> {
  const folders = new Map(projects.map((project) => [project, project.split(/[\\/]/).filter(Boolean)]))
  const nameOf = (project: string, above: number): string => {
    const parts = folders.get(project) ?? []
    // The name a note links to outside a vault (`projectLink`): the same unless two projects share it.
    const last = projectNoteName(project)
    if (above === 0) return last
    const parents = parts
      .slice(Math.max(0, parts.length - 1 - above), -1)
      .map(safeSegment)
      .filter(Boolean)
    return parents.length === 0 ? last : `${last} (${parents.join(' ')})`
  }
  const names = new Map<string, string>()
  const groups = new Map<string, string[]>()
  for (const project of projects) push(groups, nameOf(project, 0).toLowerCase(), project)
  for (const group of groups.values()) {
    let above = 0
    const deepest = Math.max(...group.map((project) => (folders.get(project)?.length ?? 1) - 1))
    // Case differs only on a case-sensitive disk: `Demo` and `demo` are told apart by their folders too.
    while (
      above < deepest &&
      new Set(group.map((project) => nameOf(project, above).toLowerCase())).size < group.length
    ) {
      above++
    }
    for (const project of group) names.set(project, nameOf(project, above))
  }
  return names
}

function indexNote(id: string, path: string, title: string, notes: NoteRecord[], wikilinks: boolean): IndexNote {
  // Newest first, by the time of the conversation's last activity (a day holds many), then by path.
  const sorted = [...notes].sort(
    (a, b) => (b.time ?? b.date ?? '').localeCompare(a.time ?? a.date ?? '') || a.path.localeCompare(b.path)
  )
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
