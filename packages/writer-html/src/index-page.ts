import type {NoteLink} from '@chatmark/core'
import {indexNoteId} from '@chatmark/core'
import {toHtml} from 'hast-util-to-html'
import {h} from 'hastscript'
import {lines} from './lines.js'
import {pageShell} from './page-shell.js'
import {visibleControls} from './visible-controls.js'

/**
 * A page listing notes written together (`index.html`): title (a link to the
 * page), date, source format and turns, newest first. Same stylesheet and
 * policy as the notes.
 */
export function* indexPage(notes: readonly NoteLink[]): Generator<string> {
  const sorted = [...notes].sort((a, b) => (b.date ?? '').localeCompare(a.date ?? ''))
  const count = `${notes.length} conversation${notes.length === 1 ? '' : 's'}`
  const [before, after] = pageShell({
    title: 'Conversations',
    id: indexNoteId,
    header: [h('h1', 'Conversations'), h('p', count)]
  })
  yield before
  const rows = sorted.map((note) =>
    h('tr', [
      h('td', [h('a', {href: encodeURIComponent(note.href)}, note.title)]),
      h('td', note.date ? note.date.slice(0, 10) : ''),
      h('td', note.format),
      h('td.number', String(note.turns))
    ])
  )
  const table = h(
    'table.index',
    lines([
      h('thead', [h('tr', [h('th', 'Title'), h('th', 'Date'), h('th', 'Source'), h('th', 'Turns')])]),
      h('tbody', lines(rows))
    ])
  )
  yield visibleControls(`${toHtml(table)}\n`)
  yield after
}
