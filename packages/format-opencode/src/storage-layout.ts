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
