/**
 * The JSON files of OpenCode 1.1 and earlier, under `storage/`
 * (`packages/opencode/src/storage/storage.ts`: one file per key, the key's
 * parts as folders): `session/<projectID>/<sessionID>.json`,
 * `message/<sessionID>/<messageID>.json`, `part/<messageID>/<partID>.json`.
 * Ids start `ses_`, `msg_`, `prt_` (`packages/opencode/src/id/id.ts`).
 */
export const sessionFile = /(?:^|\/)session\/[^/]+\/(ses_[^/]+)\.json$/
export const messageFile = /(?:^|\/)message\/(ses_[^/]+)\/(msg_[^/]+)\.json$/
export const partFile = /(?:^|\/)part\/(msg_[^/]+)\/(prt_[^/]+)\.json$/

/**
 * The layout before 1.0 (observed on 0.5.29; `app/app.ts`, `storage/storage.ts`
 * and `session/index.ts` of the 0.x releases): one storage folder per project,
 * `project/<project>/storage/`, with every key under `session/`:
 * `session/info/<sessionID>.json`, `session/message/<sessionID>/<messageID>.json`
 * and `session/part/<sessionID>/<messageID>/<partID>.json` (the part files
 * came with `MessageV2`; before that a message kept its parts inline). 1.x's
 * first storage migration copies these files to the 1.x layout.
 * Checked before the 1.1 patterns, which would read `session/info/` as a project.
 */
export const legacySessionFile = /(?:^|\/)session\/info\/(ses_[^/]+)\.json$/
export const legacyMessageFile = /(?:^|\/)session\/message\/(ses_[^/]+)\/(msg_[^/]+)\.json$/
export const legacyPartFile = /(?:^|\/)session\/part\/ses_[^/]+\/(msg_[^/]+)\/(prt_[^/]+)\.json$/

/** What a file of a storage folder holds, by its path. */
export type StorageFile =
  | {kind: 'session'; session: string; legacy: boolean}
  | {kind: 'message'; session: string; message: string; legacy: boolean}
  | {kind: 'part'; message: string; part: string; legacy: boolean}

/** Which session, message or part file a path of either layout is, or `undefined` for any other file. */
export function storageFile(path: string): StorageFile | undefined {
  for (const legacy of [true, false]) {
    const session = (legacy ? legacySessionFile : sessionFile).exec(path)
    if (session?.[1]) return {kind: 'session', session: session[1], legacy}
    const message = (legacy ? legacyMessageFile : messageFile).exec(path)
    if (message?.[1] && message[2]) return {kind: 'message', session: message[1], message: message[2], legacy}
    const part = (legacy ? legacyPartFile : partFile).exec(path)
    if (part?.[1] && part[2]) return {kind: 'part', message: part[1], part: part[2], legacy}
  }
  return undefined
}
