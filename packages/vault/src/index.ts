/**
 * @packageDocumentation
 * The vault: keeps a notes folder in sync with the AI tools' own folders, and
 * never loses what a person wrote in it.
 */
export {mergeNote, tryMerge} from './merge-note.js'
export type {MergeResult} from './merge-note.js'
export type {NoteAction, NoteBase} from './note-action.js'
export {noteAction} from './note-action.js'
export {defaultTemplate, notePath, templateFields, templateProblem} from './note-path.js'
export type {PrepareOptions, PreparedNote} from './prepare-note.js'
export {prepareNote} from './prepare-note.js'
export type {InProcessReading, ReadSourcesOptions, SourceEvent, SourceReader, SourceToRead} from './read-sources.js'
export {readInProcess} from './read-sources.js'
export {sourceFiles} from './source-files.js'
export {isVault, stateFolderName} from './state-folder.js'
export type {Staging} from './stage-note.js'
export {stageNote, syncStaged} from './stage-note.js'
export type {ToolSources} from './tool-sources.js'
export {toolSources} from './tool-sources.js'
export type {NoteOutcome, SyncEvent, SyncOptions, SyncReport} from './sync.js'
export {sync} from './sync.js'
export type {ToolFolder} from './tool-folders.js'
export {toolFolders} from './tool-folders.js'
export type {AttachmentFile} from './vault-attachments.js'
export {VaultLockedError} from './vault-lock.js'
export type {NoteRecord, SourceRecord, VaultState} from './vault-state.js'
export {NewerStateError} from './vault-state.js'
export {VaultWriteError, writeProblem} from './vault-write-error.js'
