import type {SessionFolder, ToolDescriptor, ToolEnvironment} from '@chatmark/core/read'
import {toolPaths} from '@chatmark/core/read'

/**
 * Continue (the `cn` CLI, and the IDE extensions, which share its folder),
 * and where it keeps its sessions: `sessions/<sessionId>.json` in
 * `$CONTINUE_GLOBAL_DIR` or else `~/.continue` (`%USERPROFILE%\.continue` on
 * Windows). `sessions/sessions.json` beside them is the list of the sessions,
 * not a session.
 */
export const continueTool: ToolDescriptor = {
  name: 'Continue',
  slug: 'continue',
  sessionFolders
}

function sessionFolders(environment: ToolEnvironment): SessionFolder[] {
  const {home} = environment
  const {path, folderFrom} = toolPaths(environment)
  // `process.env.CONTINUE_GLOBAL_DIR || path.join(os.homedir(), '.continue')`, then `sessions/<sessionId>.json`
  // (continuedev/continue d0a3c0b6, extensions/cli/src/session.ts `getSessionDir`, core/util/paths.ts
  // `getSessionFilePath`). Core resolves a relative value against the folder the tool started in, which sync
  // cannot know: left out.
  const globalDir = folderFrom('CONTINUE_GLOBAL_DIR')
  return [
    {
      path: path.join(globalDir ?? path.join(home, '.continue'), 'sessions'),
      patterns: ['*.json'],
      // The index (`getSessionsListPath`), which the CLI's own resume skips too (`f !== "sessions.json"`): read, it
      // would be a note listing the sessions rather than one of them.
      ignore: ['sessions.json'],
      ...(globalDir ? {setBy: 'CONTINUE_GLOBAL_DIR'} : {})
    }
  ]
}
