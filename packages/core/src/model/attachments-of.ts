import type {AttachmentPart, Conversation, Part, Turn} from './model.js'

/**
 * Every attachment of a conversation (or of some turns), in note order: the
 * turns' attachment parts, the files tool results carried
 * (`ToolResult.attachments`), and those in alternate branches and in
 * subagents' turns. For resolving them before a note is rendered (a vault
 * writes each file once and gives the renderer its path: `attachmentLink`).
 * Walked with a stack, not recursion: branches nested thousands deep are fine.
 */
export function* attachmentsOf(source: Conversation | readonly Turn[]): Generator<AttachmentPart> {
  const turns: readonly Turn[] = isTurnList(source) ? source : source.turns
  // Parts still to visit, last first: a branch or a subagent puts its parts on top, so order is kept.
  const stack: Part[] = []
  const pushTurns = (list: readonly Turn[]): void => {
    for (let index = list.length - 1; index >= 0; index--) {
      const parts = list[index]?.parts ?? []
      for (let at = parts.length - 1; at >= 0; at--) stack.push(parts[at] as Part)
    }
  }
  pushTurns(turns)
  for (let part = stack.pop(); part !== undefined; part = stack.pop()) {
    if (part.type === 'attachment') yield part
    else if (part.type === 'branch') pushTurns(part.turns)
    else if (part.type === 'tool-call') {
      if (part.subagent) pushTurns(part.subagent)
      for (const attachment of part.result?.attachments ?? []) yield attachment
    }
  }
}

function isTurnList(source: Conversation | readonly Turn[]): source is readonly Turn[] {
  return Array.isArray(source)
}
