import type {Conversation} from '@chatmark/core/model'
import {idFromName} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readSession} from './read-session.js'
import {toConversation} from './to-conversation.js'
import {workspaceFolderOf} from './workspace-folder.js'

export {messageSource} from './read-session.js'

/**
 * Reads a GitHub Copilot Chat session as VS Code stores it, or an export of
 * one, and yields it as one conversation, with the folder of its workspace
 * (`workspace.json` beside `chatSessions/`) as the project.
 */
export async function* parse(input: Input, context: ParseContext): AsyncGenerator<Conversation> {
  const fidelity: Record<string, number> = {}
  const session = await readSession(input, context, fidelity)
  const workspaceFolder = input.path ? await workspaceFolderOf(input.path) : undefined
  yield toConversation(session, {
    fallbackId: idFromName(input.name),
    fidelity,
    ...(input.path ? {path: input.path} : {}),
    ...(workspaceFolder ? {workspaceFolder} : {})
  })
}
