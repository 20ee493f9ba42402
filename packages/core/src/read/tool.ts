/**
 * What a machine says about where tools keep their files: the home folder,
 * the environment (the variables that move a tool's folder) and the platform.
 */
export interface ToolEnvironment {
  /** The home folder (absolute). */
  home: string
  env: Readonly<Record<string, string | undefined>>
  /** `process.platform`: `linux`, `darwin`, `win32`... */
  platform: string
}

/** A folder where a tool keeps its sessions, and which files under it are sessions. */
export interface SessionFolder {
  /** Absolute. */
  path: string
  /** Globs of the session files, relative to `path` (tinyglobby syntax). */
  patterns: readonly string[]
  /** Globs of files under `path` that are never sessions of their own (a subagent's transcript). */
  ignore?: readonly string[]
  /** The environment variable that put the folder where it is (`CODEX_HOME`); absent for the tool's default. */
  setBy?: string
  /**
   * `files` (the default): each file the patterns match is an input.
   * `folder`: the folder itself is one input (read as a container, as
   * OpenCode's `storage/` is), when the patterns match any file in it.
   */
  input?: 'files' | 'folder'
}

/**
 * The tool a format reads, as `chatmark sync` needs it: its name, and where
 * it keeps its sessions on a machine (none for a file a person downloads,
 * such as a data export).
 */
export interface ToolDescriptor {
  /** As people call it: `Claude Code`, `Gemini CLI`. */
  name: string
  /**
   * The folders it keeps sessions in, for this environment, as the tool
   * itself works them out (its environment overrides first). Pure: reads no
   * file; a folder that does not exist is simply not there.
   */
  sessionFolders?(environment: ToolEnvironment): SessionFolder[]
  /**
   * Files that belong to one of its inputs and change what it holds, though
   * the input itself may not change (a Claude Code session's subagent
   * transcripts, a SQLite database's write-ahead log): a sync reads the input
   * again when one of them changes. Absent: none. Never throws; a file that
   * is not this tool's input has none.
   */
  companions?(path: string): Promise<string[]>
}
