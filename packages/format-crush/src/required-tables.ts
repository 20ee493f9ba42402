/**
 * The tables a database must have to be read as Crush's: its goose migrations
 * create them first (`internal/db/migrations/20250424200609_initial.sql` of
 * charmbracelet/crush), with `goose_db_version`, goose's own.
 */
export const requiredTables = ['sessions', 'messages', 'goose_db_version'] as const
