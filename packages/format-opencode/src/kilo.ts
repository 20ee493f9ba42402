/**
 * Kilo Code's CLI (`@kilocode/cli` 7.x, and the Kilo Code VS Code extension
 * since its 2026-04 release, which shares the CLI's database) is a fork of
 * OpenCode: its `kilo.db` has OpenCode's `session`, `message` and `part`
 * tables with the same JSON, plus tables of its own. These are the facts that
 * tell its files from OpenCode's.
 */

/** Tables Kilo's migrations add and OpenCode has none of (7.7.7: `kilo_board`, `kilo_board_message`). */
export const kiloTables: readonly string[] = ['kilo_board', 'kilo_board_message']

/**
 * The names Kilo gives its database (7.7.7, the data folder's `kilo.db`, or
 * `kilo-<channel>.db` for a release channel other than latest, beta or prod;
 * `KILO_DB` may name any other file).
 */
export const kiloDatabaseName = /(?:^|[\\/])kilo(?:-[A-Za-z0-9._-]+)?\.db$/

/**
 * Whether a session's `version` is one of Kilo's: the OpenCode-based Kilo CLI
 * numbers its releases from 7 (7.0.33 to 7.8.1 on npm in 2026-12), while
 * OpenCode was at 1.18 then. An export has nothing else to tell; nor has
 * Kilo 7.0's database, which has only OpenCode's tables.
 */
export function isKiloVersion(version: string | undefined): boolean {
  const major = Number(/^(\d+)\./.exec(version ?? '')?.[1] ?? Number.NaN)
  return major >= 7
}
