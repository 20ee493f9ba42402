import {stat} from 'node:fs/promises'
import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'

/**
 * OpenCode (`opencode-ai`) and its fork Kilo Code (`@kilocode/cli`, a
 * variant: its database has OpenCode's tables), and where they keep their
 * sessions. OpenCode: the SQLite database `opencode.db` (1.2 and later) in
 * its data folder,
 * `$XDG_DATA_HOME/opencode` or else `~/.local/share/opencode` on every platform
 * (`%USERPROFILE%\.local\share\opencode` on Windows), or the file
 * `$OPENCODE_DB` names. Builds of another channel than `latest`, `beta` or
 * `prod` write `opencode-<channel>.db` there instead.
 *
 * The `storage/` folder of 1.1 and earlier, beside the database, is one input
 * as a whole (the folder, read as a container), when it holds sessions. The
 * CLI of the 1.2 era copied it into the database once, on a first start
 * without one, and left it in place
 * (`packages/opencode/src/storage/json-migration.ts`); 1.18.33 has no such
 * step, and its own `storage/` holds only `session_diff/`: sessions of 1.1
 * that no 1.2-era build migrated are only there.
 */
export const opencodeTool: ToolDescriptor = {
  name: 'OpenCode',
  slug: 'opencode',
  variants: {
    'kilo-db': {name: 'Kilo Code', slug: 'kilo-code'},
    'kilo-export': {name: 'Kilo Code', slug: 'kilo-code'}
  },
  sessionFolders: (environment) => [...sessionFolders(environment), ...kiloFolders(environment)],
  companions
}

/**
 * A database's write-ahead log (`opencode.db-wal`): OpenCode writes in WAL
 * mode, so new rows land there and the database file changes only at a
 * checkpoint (`journal_mode = WAL`, `packages/opencode/src/storage/db.ts`).
 */
async function companions(path: string): Promise<string[]> {
  if (!path.endsWith('.db')) return []
  const wal = `${path}-wal`
  return (await stat(wal).catch(() => undefined))?.isFile() ? [wal] : []
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home} = environment
  const {path, folderFrom} = toolPaths(environment)
  // `Global.Path.data` is xdg-basedir's `xdgData` + `opencode`: `XDG_DATA_HOME`, else `~/.local/share`, on
  // macOS and Windows too (the 1.18.33 binary, which bundles it). The XDG spec has a relative value ignored.
  const dataHome = folderFrom('XDG_DATA_HOME')
  const data = path.join(dataHome ?? path.join(home, '.local', 'share'), 'opencode')
  // The database's path (1.18.33): `OPENCODE_DB` when set (`:memory:` keeps nothing on disk; a relative path is
  // under the data folder), else `opencode.db`, or `opencode-<channel>.db` for a channel other than latest, beta
  // or prod (unless `OPENCODE_DISABLE_CHANNEL_DB`). Its `-wal` and `-shm` files beside it are the reader's to open.
  const setBy = dataHome ? {setBy: 'XDG_DATA_HOME'} : {}
  // 1.1's layout (`session/<project>/ses_*.json`, `message/`, `part/`), in the data folder: the folder is the input.
  const storage: SessionFolder = {
    path: path.join(data, 'storage'),
    patterns: ['session/*/ses_*.json'],
    input: 'folder',
    ...setBy
  }
  const database = environment.env['OPENCODE_DB']
  if (database === ':memory:') return [storage]
  if (database) {
    const file = path.isAbsolute(database) ? database : path.join(data, database)
    return [{path: path.dirname(file), patterns: [literal(path.basename(file))], setBy: 'OPENCODE_DB'}, storage]
  }
  return [{path: data, patterns: ['opencode.db', 'opencode-*.db'], ...setBy}, storage]
}

/**
 * Kilo Code's database (`@kilocode/cli` 7.7.7, whose binary bundles the
 * choice; the VS Code extension since 2026-04 shares it): `kilo.db` in its
 * data folder, `$XDG_DATA_HOME/kilo` or else `~/.local/share/kilo` on every
 * platform, or `kilo-<channel>.db` for a channel other than latest, beta or
 * prod, or the file `KILO_DB` names (relative: under the data folder;
 * `:memory:` keeps nothing).
 */
function kiloFolders(environment: ToolEnvironment): SessionFolder[] {
  const {path, folderFrom} = toolPaths(environment)
  const dataHome = folderFrom('XDG_DATA_HOME')
  const data = path.join(dataHome ?? path.join(environment.home, '.local', 'share'), 'kilo')
  const database = environment.env['KILO_DB']
  if (database === ':memory:') return []
  if (database) {
    const file = path.isAbsolute(database) ? database : path.join(data, database)
    return [{path: path.dirname(file), patterns: [literal(path.basename(file))], setBy: 'KILO_DB'}]
  }
  return [{path: data, patterns: ['kilo.db', 'kilo-*.db'], ...(dataHome ? {setBy: 'XDG_DATA_HOME'} : {})}]
}

/** A file name as a glob that matches only it: the characters globs give a meaning to are escaped. */
function literal(name: string): string {
  return name.replace(/[\\*?[\]{}()!+@|]/g, '\\$&')
}
