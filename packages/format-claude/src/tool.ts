import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'
import {companionOf} from './companion-of.js'
import {exportVariant} from './detect-export.js'
import {subagentFiles} from './subagent-files.js'

/**
 * Claude Code, and where it keeps its sessions: `projects/<project>/<sessionId>.jsonl`
 * in its configuration folder, `$CLAUDE_CONFIG_DIR` or else `~/.claude`
 * (`%USERPROFILE%\.claude` on Windows), `<project>` being the project's path
 * with every character outside `[A-Za-z0-9]` replaced by `-`. A subagent's
 * transcript is never a session of its own: it belongs to its session's note.
 * The same format reads Claude.ai's data exports, another tool (`claude-ai`).
 */
export const claudeTool: ToolDescriptor = {
  name: 'Claude Code',
  slug: 'claude-code',
  variants: {[exportVariant]: {name: 'Claude.ai', slug: 'claude-ai'}},
  sessionFolders,
  // A session's note shows its subagents' own transcripts (the `subagents` option): a change to one changes it.
  companions: subagentFiles,
  companionOf
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home} = environment
  const {path, folderFrom} = toolPaths(environment)
  // `process.env.CLAUDE_CONFIG_DIR ?? join(homedir(), '.claude')` (@anthropic-ai/claude-code 2.0.77, cli.js). A
  // relative value is taken from the folder Claude Code was started in, which sync cannot know: it is left out.
  const config = folderFrom('CLAUDE_CONFIG_DIR')
  return [
    {
      path: path.join(config ?? path.join(home, '.claude'), 'projects'),
      patterns: ['*/*.jsonl'],
      // 2.0 writes each subagent's transcript beside the sessions as `agent-<agentId>.jsonl` (cli.js); 2.1 files
      // them under `<sessionId>/subagents/`, which `*/*.jsonl` does not reach (2.1.332, as it wrote them).
      ignore: ['*/agent-*.jsonl'],
      ...(config ? {setBy: 'CLAUDE_CONFIG_DIR'} : {})
    }
  ]
}
