/**
 * @packageDocumentation
 * Writers: the registry of output formats (Markdown, HTML, JSON) a conversation can be written as.
 */
export type {NoteLink, NoteWriter} from './note-writer.js'
export {indexNoteId} from './note-writer.js'
export {noteLinkOf} from './note-link.js'
export {markdownWriter} from './markdown-writer.js'
export {maxFileNameBytes, numberedFileName} from './numbered-file-name.js'
export type {TemporaryFile} from './temporary-file.js'
export {
  createTemporaryFile,
  openTemporaryFile,
  removeEveryTemporary,
  removeStaleTemporaries,
  staleTemporaryMs,
  temporaryRun
} from './temporary-file.js'
export type {AtomicWriteOptions} from './write-file-atomically.js'
export {syncFolder, writeFileAtomically} from './write-file-atomically.js'
