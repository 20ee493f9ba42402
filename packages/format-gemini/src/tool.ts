import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {companionOf} from './companion-of.js'

/**
 * Gemini CLI, and where it keeps its sessions: one folder per project under
 * `~/.gemini/tmp/` (the home being `$GEMINI_CLI_HOME` when set,
 * `%USERPROFILE%` on Windows), holding `chats/session-*.json` (before v0.39)
 * or `chats/session-*.jsonl`, and the `/chat save` checkpoints
 * `checkpoint-<tag>.json`. The prompt log `logs.json`, the restore points
 * under `checkpoints/` and the subagents' sessions under
 * `chats/<parentSessionId>/` are not sessions of their own, nor is a legacy
 * `X.json` session beside the `X.jsonl` that resuming it wrote.
 */
export const geminiTool: ToolDescriptor = {
  name: 'Gemini CLI',
  slug: 'gemini-cli',
  sessionFolders,
  companionOf
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home} = environment
  const {path, folderFrom} = toolPaths(environment)
  // `homedir()` is `$GEMINI_CLI_HOME` when set, else `os.homedir()`, and the CLI's folder is `<it>/.gemini`
  // (google-gemini/gemini-cli 5411f113, packages/core/src/utils/paths.ts and config/storage.ts; since v0.25.0).
  // `GEMINI_DIR` there is a constant, not a variable. A relative value depends on where the CLI started: left out.
  const cliHome = folderFrom('GEMINI_CLI_HOME')
  return [
    {
      path: path.join(cliHome ?? home, '.gemini', 'tmp'),
      // The CLI's own session list takes `session-*` `.json`/`.jsonl` files of `chats/` (packages/cli/src/utils/
      // sessionUtils.ts); subagents nest under `chats/<parentSessionId>/` since v0.37 (chatRecordingService.ts),
      // out of reach of these patterns, as the CLI's list leaves them out. `/chat save` writes
      // `checkpoint-<tag>.json` beside `chats/` (packages/core/src/core/logger.ts). The project folder is a slug of
      // `[a-z0-9-]` (config/projectRegistry.ts) or, before, a SHA-256: never hidden. Left out: `logs.json` holds
      // only the prompts of every session of the project, under the sessions' own ids, which their session files
      // hold whole (core/logger.ts); the restore points `checkpoints/*.json` copy the conversation before each file
      // edit (utils/checkpointUtils.ts), many to a session.
      patterns: ['*/chats/session-*.json', '*/chats/session-*.jsonl', '*/checkpoint-*.json'],
      ...(cliHome ? {setBy: 'GEMINI_CLI_HOME'} : {})
    }
  ]
}
