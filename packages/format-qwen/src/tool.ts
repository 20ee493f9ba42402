import type {PathOfPlatform, SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'

/**
 * Qwen Code, and where it keeps its sessions: `projects/<project>/chats/<sessionId>.jsonl`
 * (and `chats/archive/`) in its runtime folder, `$QWEN_RUNTIME_DIR`, else
 * `$QWEN_HOME`, else `~/.qwen` (`%USERPROFILE%\.qwen` on Windows),
 * `<project>` being the project's path with every character outside
 * `[a-zA-Z0-9]` replaced by `-`. Qwen Code 0.1.x, still Gemini CLI's layout,
 * wrote `~/.qwen/tmp/<project hash>/chats/session-*.json` and `/chat save`
 * checkpoints beside `chats/`: those are Gemini CLI's files, which the gemini
 * format reads.
 */
export const qwenTool: ToolDescriptor = {
  name: 'Qwen Code',
  slug: 'qwen-code',
  sessionFolders
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home, env} = environment
  const {path} = toolPaths(environment)
  // `Storage.getRuntimeBaseDir()`: `QWEN_RUNTIME_DIR`, else the `advanced.runtimeOutputDir` setting (in a settings
  // file: not known here), else `getGlobalQwenDir()`: `QWEN_HOME`, else `~/.qwen`; each with `~` expanded
  // (@qwen-code/qwen-code 0.24.4, its bundle's core/src/config/storage.ts). A relative value is taken from the
  // folder Qwen Code was started in, which sync cannot know: left out.
  const runtimeDir = expanded(env['QWEN_RUNTIME_DIR'], home, path)
  const qwenHome = expanded(env['QWEN_HOME'], home, path)
  const setBy = runtimeDir ? {setBy: 'QWEN_RUNTIME_DIR'} : qwenHome ? {setBy: 'QWEN_HOME'} : {}
  return [
    {
      path: path.join(runtimeDir ?? qwenHome ?? path.join(home, '.qwen'), 'projects'),
      // `chats/<sessionId>.jsonl`, and `chats/archive/` for archived ones (0.24.4 `SessionService`: its own list
      // takes `/^[0-9a-fA-F-]{32,36}\.jsonl$/`). `<sessionId>.ledger.jsonl` beside is a prompt ledger; `.json`
      // sidecars (`.runtime.json`, `.worktree.json`, `.pr.json`) and `subagents/` under the project are not matched.
      patterns: ['*/chats/*.jsonl', '*/chats/archive/*.jsonl'],
      ignore: ['*/chats/*.ledger.jsonl', '*/chats/archive/*.ledger.jsonl'],
      ...setBy
    },
    {
      // 0.1.3 (its cli.js): `~/.qwen/tmp/<sha256 of the project path>/chats/session-<time>-<id>.json`, and
      // `checkpoint-<tag>.json` from `/chat save`; that version read no variable. Today's CLI keeps `logs.json`,
      // `shell_history` and tool output in the same folders, none of them matched.
      path: path.join(home, '.qwen', 'tmp'),
      patterns: ['*/chats/session-*.json', '*/checkpoint-*.json']
    }
  ]
}

/** A folder variable's value, `~` expanded as Qwen Code does; none when empty or relative. */
function expanded(value: string | undefined, home: string, path: PathOfPlatform): string | undefined {
  if (!value) return undefined
  if (value === '~') return home
  if (value.startsWith('~/') || value.startsWith('~\\')) return path.join(home, ...value.slice(2).split(/[/\\]+/))
  return path.isAbsolute(value) ? value : undefined
}
