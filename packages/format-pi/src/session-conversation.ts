import type {Conversation} from '@chatmark/core/model'
import type {ParseContext} from '@chatmark/core/read'
import {threadEntries} from './entry-tree.js'
import type {SessionSource} from './to-conversation.js'
import {toConversation} from './to-conversation.js'
import type {PiSession} from './types.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:pi'

/** The conversation of a session, with what could not be threaded reported; throws when it holds no entries. */
export function sessionConversation(session: PiSession, context: ParseContext, source: SessionSource): Conversation {
  if (session.entries.length === 0) {
    throw new Error(
      'no Pi session entries found: expected JSONL lines with type message, model_change, compaction... ' +
        '(and a first line {type: "session"})'
    )
  }
  const tree = threadEntries(session.entries)
  if (tree.brokenAt) {
    context.file.message(
      `The tree breaks at line ${tree.brokenAt.line}: its parentId ${tree.brokenAt.parentId} is not in the ` +
        'session, so the current branch starts there',
      {place: {line: tree.brokenAt.line, column: 1}, ruleId: 'broken-tree', source: messageSource}
    )
  }
  return toConversation(session, tree, source)
}
