import type {NoteWriter} from '@chatmark/core'
import {htmlChunks} from './html-chunks.js'
import {indexPage} from './index-page.js'
import {pageId, pageLink} from './page-shell.js'

/**
 * The HTML writer: one self-contained page per conversation (no script, no
 * request, an inline stylesheet, light and dark), and an index page for
 * several. Message text is parsed and sanitised; raw HTML in it is shown as
 * text, never run.
 */
export const htmlWriter: NoteWriter = Object.freeze({
  name: 'html',
  extension: '.html',
  description: 'self-contained web pages (no script, nothing loaded), with an index.html for several',
  write: htmlChunks,
  index: indexPage,
  noteId: pageId,
  noteLink: pageLink
})
