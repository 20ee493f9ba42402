import type {JsonFile} from './read-json-file.js'

/** An SDK session's files, read: `<id>.json` (manifest), `<id>.messages.json`, `<id>.compaction.json`. */
export interface SdkFiles {
  id: string
  manifest?: unknown
  messages?: JsonFile | undefined
  compaction?: unknown
}
