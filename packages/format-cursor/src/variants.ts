/** A Cursor IDE database (`state.vscdb`, a workspace's or the global one). */
export const stateVariant = 'cursor-state'
/** A Cursor CLI (`cursor-agent`) session store (`~/.cursor/chats/<md5 of cwd>/<session>/store.db`). */
export const storeVariant = 'cursor-cli-store'
/** A Cursor CLI transcript (`~/.cursor/projects/<cwd>/agent-transcripts/<id>/<id>.jsonl`). */
export const transcriptVariant = 'cursor-cli-transcript'

/** The detector's and the reader's variants. */
export type CursorVariant = typeof stateVariant | typeof storeVariant | typeof transcriptVariant
