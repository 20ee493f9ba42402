/**
 * @packageDocumentation
 * The vault: keeps a notes folder in sync with the AI tools' own folders, and
 * never loses what a person wrote in it.
 */
export type {SourceEnvironment, SourceRoot} from './default-sources.js'
export {defaultSources} from './default-sources.js'
export {mergeNote} from './merge-note.js'
export {defaultTemplate, notePath} from './note-path.js'
export {sourceFiles} from './source-files.js'
export type {NoteOutcome, SyncEvent, SyncOptions, SyncReport, SourceEvent, SourceReader} from './sync.js'
export {readInProcess, sync} from './sync.js'
export {VaultLockedError} from './vault-lock.js'
export type {NoteRecord, SourceRecord, VaultState} from './vault-state.js'
