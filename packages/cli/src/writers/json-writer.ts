import type {Conversation, NoteWriter, Turn} from '@chatmark/core'
import {conversationTitle} from '@chatmark/core'

/**
 * The JSON writer: the conversation model as `--json` prints it (the
 * `jsonConversation` of `schema/chatmark-json.schema.json`: every optional
 * field present, `null` when unknown), one conversation per file. `--json`
 * puts these objects in its line per input, beside the detection and the
 * messages. Written a turn at a time: the turns are the object's last field.
 */
export const jsonWriter: NoteWriter = Object.freeze({
  name: 'json',
  extension: '.json',
  description: 'the conversation model as JSON (on stdout, with --json: one line per input, JSON Lines)',
  write: jsonConversationChunks,
  noteId: jsonNoteId
})

/** A conversation as JSON, in pieces: its fields, then each turn. */
export function* jsonConversationChunks(conversation: Conversation): Generator<string> {
  const head = stringifyJson({
    id: conversation.id,
    title: conversationTitle(conversation),
    source: {format: conversation.source.format, variant: conversation.source.variant ?? null},
    createdAt: conversation.createdAt ?? null,
    updatedAt: conversation.updatedAt ?? null,
    participants: conversation.participants,
    metadata: conversation.metadata,
    fidelity: conversation.fidelity
  })
  yield `${head.slice(0, -1)},"turns":[`
  for (const [index, turn] of conversation.turns.entries()) yield (index === 0 ? '' : ',') + jsonTurn(turn)
  yield ']}'
}

function jsonTurn(turn: Turn): string {
  return stringifyJson({
    id: turn.id ?? null,
    role: turn.role,
    author: turn.author ?? null,
    timestamp: turn.timestamp ?? null,
    model: turn.model ?? null,
    ...(turn.tokens ? {tokens: turn.tokens} : {}),
    ...(turn.reply ? {reply: turn.reply} : {}),
    ...(turn.reactions ? {reactions: turn.reactions} : {}),
    ...(turn.edited ? {edited: turn.edited} : {}),
    parts: turn.parts
  })
}

/** DEL and C1 controls, which `JSON.stringify` leaves as they are (C0 controls it escapes). */
const rawControls = /[\u007f-\u009f]/g

/**
 * `JSON.stringify` with every control character escaped (`\u009b`): the same
 * JSON, but a line a terminal can show without acting on a C1 control (a
 * transcript's U+009B is a CSI to many terminals).
 */
export function stringifyJson(value: unknown): string {
  const json = JSON.stringify(value)
  rawControls.lastIndex = 0
  if (!rawControls.test(json)) return json
  return json.replace(rawControls, (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/** The id of a file this writer wrote: its first field. */
async function jsonNoteId(head: string): Promise<string | undefined> {
  const match = /^\{"id":("(?:[^"\\]|\\.)*")/.exec(head)
  if (!match?.[1]) return undefined
  return JSON.parse(match[1]) as string
}
