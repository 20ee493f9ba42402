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
   * The variant (`ToolDescriptor.variants`) whose sessions the folder holds, when they are another tool's than the
   * descriptor's own (OpenClaw's folder, read by the `pi` format): its notes are filed and listed under that tool.
   */
  variant?: string
  /**
   * `files` (the default): each file the patterns match is an input.
   * `folder`: the folder itself is one input (read as a container, as
   * OpenCode's `storage/` is), when the patterns match any file in it.
   */
  input?: 'files' | 'folder'
}

/** A tool as people call it, and as a folder or a tag names it. */
export interface ToolIdentity {
  /** As people call it: `Claude Code`, `Gemini CLI`. */
  name: string
  /**
   * Lower case letters, digits and `-` (`claude-code`, `gemini-cli`): the
   * vault's folder of the tool's notes and the Obsidian tag of each note.
   */
  slug: string
}

/**
 * The tool a format reads, as `chatmark sync` and the notes need it: its
 * name and slug, where it keeps its sessions on a machine (none for a file a
 * person downloads, such as a data export), and which files belong to one of
 * its inputs. Core names no tool: all it knows of one is here.
 */
export interface ToolDescriptor {
  /** As people call it: `Claude Code`, `Gemini CLI`. */
  name: string
  /**
   * The folder and the tag of its notes (`claude-code`), made safe as
   * {@link toolSlug} makes a name. Default: the name made a slug
   * (`IRC logs` is `irc-logs`).
   */
  slug?: string
  /**
   * Other tools whose files the format reads, by the variant its detector
   * names (`Verdict.variant`, the conversation's `source.variant`): the
   * `claude` format reads Claude.ai's data exports (`claude-ai-export`) as
   * well as Claude Code's sessions. A variant not listed is this tool's.
   */
  variants?: Readonly<Record<string, ToolIdentity>>
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
  /**
   * The input a file belongs to, when the file is no input of its own though
   * it looks like one (a Claude Code subagent's transcript belongs to its
   * session, which reads it; `agent-<id>.meta.json` to the transcript beside
   * it; a Gemini CLI `X.json` to the `X.jsonl` that superseded it). A folder
   * walk (`chatmark -o`, `chatmark sync`) then leaves the file out when the
   * input it belongs to is in the same walk; a file named on the command line
   * is read as it is. `siblings`: the base names in the file's folder.
   * Absent: none. Never throws; `undefined` for a file of its own.
   */
  companionOf?(path: string, siblings: ReadonlySet<string>): Promise<CompanionOf | undefined>
}

/** What {@link ToolDescriptor.companionOf} says of a file: the input it belongs to, and why. */
export interface CompanionOf {
  /** The input's path (absolute when `path` was). */
  input: string
  /**
   * Why the file is left out, given the input as the walk shows it
   * (`a subagent's transcript of projects/p/s.jsonl, read with that session`).
   */
  reason(input: string): string
}
