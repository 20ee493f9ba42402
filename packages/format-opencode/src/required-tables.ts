/** The tables a database must have to be read as OpenCode's (`session/session.sql.ts`). */
export const requiredTables = ['session', 'message', 'part'] as const
