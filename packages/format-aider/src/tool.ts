import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'

/**
 * Aider, and where it keeps its sessions: `.aider.chat.history.md` at the
 * root of each project's git repository (else the folder it was started in),
 * which no central folder gathers: none is listed, unless
 * `$AIDER_CHAT_HISTORY_FILE` names one file for every project.
 */
export const aiderTool: ToolDescriptor = {
  name: 'Aider',
  slug: 'aider',
  sessionFolders
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {path, folderFrom} = toolPaths(environment)
  // `--chat-history-file`, default `<git root>/.aider.chat.history.md`; configargparse's `auto_env_var_prefix`
  // makes it `AIDER_CHAT_HISTORY_FILE` (Aider-AI/aider, aider/args.py). A relative value is taken from the git
  // root or the folder aider started in, and a value set in `.aider.conf.yml` or `.env` is in files, neither
  // known here.
  const file = folderFrom('AIDER_CHAT_HISTORY_FILE')
  if (file === undefined) return []
  return [{path: path.dirname(file), patterns: [literal(path.basename(file))], setBy: 'AIDER_CHAT_HISTORY_FILE'}]
}

/** A file name as a glob that matches only it: the characters globs give a meaning to are escaped. */
function literal(name: string): string {
  return name.replace(/[\\*?[\]{}()!+@|]/g, '\\$&')
}
