import type {NoteLink} from '@chatmark/core'
import {indexNoteId} from '@chatmark/core'
import type {Element, ElementContent} from 'hast'
import {toHtml} from 'hast-util-to-html'
import {h} from 'hastscript'
import {lines} from './lines.js'
import {pageShell} from './page-shell.js'
import {visibleControls} from './visible-controls.js'

/** A column of an index table: its heading and what a row shows in it. */
interface Column {
  heading: string
  cell: (note: NoteLink) => Element
}

const columns = {
  title: {heading: 'Title', cell: (note) => h('td', [h('a', {href: encodeURIComponent(note.href)}, note.title)])},
  tool: {heading: 'Tool', cell: (note) => h('td', toolOf(note))},
  project: {heading: 'Project', cell: (note) => h('td', note.project ? {title: note.project} : {}, projectName(note))},
  date: {heading: 'Date', cell: (note) => h('td.date', note.date ? note.date.slice(0, 10) : '')},
  turns: {heading: 'Turns', cell: (note) => h('td.number', note.turns.toLocaleString('en-US'))},
  tokens: {heading: 'Tokens', cell: (note) => h('td.number', note.tokens?.toLocaleString('en-US') ?? '')}
} satisfies Record<string, Column>

/**
 * A page listing notes (`index.html`), newest first, grouped without script: a fold per tool (open), each a table
 * of title (a link to the page), project, date, turns and tokens, then a fold per project (closed), each a table
 * of the same with the tool. Groups come newest first too. Same stylesheet and policy as the notes.
 */
export function* indexPage(notes: readonly NoteLink[]): Generator<string> {
  const sorted = [...notes].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.title.localeCompare(b.title))
  const byTool = groups(sorted, toolOf)
  const byProject = groups(
    sorted.filter((note) => note.project),
    (note) => note.project ?? ''
  )
  const count =
    `${plural(notes.length, 'conversation')} from ${plural(byTool.size, 'tool')}` +
    (byProject.size > 0 ? ` in ${plural(byProject.size, 'project')}` : '')
  const [before, after] = pageShell({
    title: 'Conversations',
    id: indexNoteId,
    header: [h('h1', 'Conversations'), h('p', count)]
  })
  yield before
  const {title, tool, project, date, turns, tokens} = columns
  const sections: ElementContent[] = [h('h2', 'By tool')]
  for (const [name, list] of byTool) {
    sections.push(group(name, list, [title, project, date, turns, tokens], true))
  }
  if (byProject.size > 0) {
    sections.push(h('h2', 'By project'))
    for (const [path, list] of byProject) {
      sections.push(group(projectName(list[0]) || path, list, [title, tool, date, turns, tokens], false, path))
    }
  }
  yield visibleControls(`${toHtml(lines(sections))}\n`)
  yield after
}

/** A fold of one group's notes: its name and count as the summary, then their table. */
function group(name: string, notes: NoteLink[], shown: Column[], open: boolean, title?: string): Element {
  const summary = h('summary', title ? {title} : {}, [name, ' ', h('span.count', `(${notes.length})`)])
  const table = h(
    'table.index',
    lines([
      h('thead', [
        h(
          'tr',
          shown.map((column) => h('th', column.heading))
        )
      ]),
      h(
        'tbody',
        lines(
          notes.map((note) =>
            h(
              'tr',
              shown.map((column) => column.cell(note))
            )
          )
        )
      )
    ])
  )
  return h('details.group', open ? {open: true} : {}, lines([summary, table]))
}

/** Notes by `key`, each list newest first as `sorted` is, the groups in order of their newest note. */
function groups(sorted: readonly NoteLink[], key: (note: NoteLink) => string): Map<string, NoteLink[]> {
  const map = new Map<string, NoteLink[]>()
  for (const note of sorted) {
    const name = key(note)
    const list = map.get(name)
    if (list) list.push(note)
    else map.set(name, [note])
  }
  return map
}

/** The tool, as people call it; the format for a page that does not say (written before pages named it). */
function toolOf(note: NoteLink): string {
  return note.tool ?? note.format
}

/** A project's folder name (`/home/ada/work/demo`: `demo`); its whole path is the cell's title. */
function projectName(note: NoteLink | undefined): string {
  const project = note?.project ?? ''
  return project.split(/[\\/]/).filter(Boolean).at(-1) ?? project
}

function plural(count: number, noun: string): string {
  return `${count.toLocaleString('en-US')} ${noun}${count === 1 ? '' : 's'}`
}
