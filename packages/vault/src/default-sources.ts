import {join} from 'node:path'

/** A folder a tool keeps its sessions in, and the files of it that are sessions. */
export interface SourceRoot {
  /** The tool, as the summary names it. */
  tool: string
  /** An absolute folder. */
  path: string
  /** Globs of the session files under `path` (tinyglobby syntax). */
  patterns: string[]
  /** Globs of files under `path` that are never sessions of their own. */
  ignore?: string[]
}

/** Where {@link defaultSources} looks: the home folder and the environment (`CLAUDE_CONFIG_DIR`, `CODEX_HOME`). */
export interface SourceEnvironment {
  home: string
  env: Readonly<Record<string, string | undefined>>
}

/**
 * The tools' own folders, where each keeps its sessions (hidden folders of the
 * home folder, which a plain folder walk leaves out):
 *
 * - Claude Code: `~/.claude/projects/<project>/<session>.jsonl`, or under
 *   `$CLAUDE_CONFIG_DIR`; subagent transcripts (`<session>/subagents/` and
 *   the older `agent-*.jsonl` beside sessions) belong to their session's
 *   note, not notes of their own;
 * - Codex CLI: `~/.codex/sessions/YYYY/MM/DD/rollout-*.jsonl` and
 *   `~/.codex/archived_sessions/`, or under `$CODEX_HOME`;
 * - Gemini CLI: `~/.gemini/tmp/<project hash>/chats/session-*.json(l)` and the
 *   checkpoints `/chat save` writes (`checkpoint-*.json`) in the project folder.
 *
 * A folder that does not exist is simply not there; nothing is read here.
 */
export function defaultSources({home, env}: SourceEnvironment): SourceRoot[] {
  const claude = env['CLAUDE_CONFIG_DIR'] || join(home, '.claude')
  const codex = env['CODEX_HOME'] || join(home, '.codex')
  return [
    {
      tool: 'Claude Code',
      path: join(claude, 'projects'),
      patterns: ['*/*.jsonl'],
      ignore: ['*/agent-*.jsonl']
    },
    {tool: 'Codex', path: join(codex, 'sessions'), patterns: ['**/*.jsonl', '**/*.jsonl.zst']},
    {tool: 'Codex', path: join(codex, 'archived_sessions'), patterns: ['**/*.jsonl', '**/*.jsonl.zst']},
    {
      tool: 'Gemini CLI',
      path: join(home, '.gemini', 'tmp'),
      patterns: ['*/chats/*.json', '*/chats/*.jsonl', '*/checkpoint-*.json']
    }
  ]
}
