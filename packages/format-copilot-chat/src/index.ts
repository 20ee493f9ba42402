import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {copilotChatTool} from './tool.js'

/**
 * Creates the format plugin for GitHub Copilot Chat in VS Code: the chat
 * sessions VS Code keeps (`workspaceStorage/<hash>/chatSessions/<id>.json`,
 * v1 to v3, and the `.jsonl` mutation log of VS Code 1.109 and later) and the
 * files of "Chat: Export Chat...".
 *
 * @example
 *   const normalizer = createNormalizer({formats: [copilotChat()]})
 */
export function copilotChat(): FormatPlugin {
  return {
    name: 'copilot-chat',
    description: 'GitHub Copilot Chat in VS Code (chatSessions/*.json, *.jsonl, Chat: Export Chat... files)',
    extensions: ['.json', '.jsonl'],
    detect,
    parse,
    tool: copilotChatTool
  }
}
