import type {Conversation, NoteLink} from '@chatmark/core'
import {conversationTitle, toolOf} from '@chatmark/core'
import type {EntryContext} from './entry-context.js'
import {matchesOnly} from '../inputs/collect-inputs.js'
import type {EntrySink} from './entry-sink.js'
import type {InputClock} from '../pool/input-clock.js'
import {clocked} from '../pool/input-clock.js'
import {printable} from '../base/printable.js'
import {redactSecrets} from '../redact/redact-secrets.js'

/**
 * What the command line asks for one conversation read from input `name`:
 * redacted first (`--only`, `--list` and every writer see the redacted
 * conversation), then, if it matches `--only`, a list line, its `--json`
 * piece (through `json`, which knows whether it is the input's first), a note
 * for the folder, or a note on stdout. With `clock`, the note's pieces are
 * made on the input's time (see `InputClock`).
 */
export async function emitConversation(
  read: Conversation,
  name: string,
  context: EntryContext,
  sink: EntrySink,
  json: (conversation: Conversation) => Promise<void>,
  clock?: InputClock
): Promise<void> {
  const {args, render} = context
  const write = (conversation: Conversation): Iterable<string> => {
    // The format's plugin names the tool the note is tagged with; core knows no format.
    const tool = toolOf(context.normalizer.formats, conversation.source).slug
    const pieces = context.writer.write(conversation, {...render, tool})
    return clock ? clocked(pieces, clock) : pieces
  }
  const conversation = args.redact ? await redactSecrets(read) : read
  if (!wanted(conversation, args.only)) return
  sink.matched()
  if (args.list) {
    await sink.stdout([`${listLine(conversation)}\n`])
  } else if (context.jsonLines) {
    await json(conversation)
  } else if (context.noteName) {
    await sink.note({
      input: name,
      name: context.noteName(conversation),
      id: conversation.id,
      content: {chunks: write(conversation)},
      link: noteLink(conversation)
    })
  } else {
    await sink.print(write(conversation))
  }
}

function wanted(conversation: Conversation, only: readonly string[]): boolean {
  return only.length === 0 || only.some((text) => matchesOnly(conversation, text))
}

/** One `--list` line: id, date, turns, title, tab-separated (easy to read and to `cut`). */
function listLine(conversation: Conversation): string {
  const date = (conversation.createdAt ?? conversation.updatedAt ?? '').slice(0, 10) || '-'
  const title = conversationTitle(conversation).replace(/\s+/g, ' ')
  // A tab in an id would shift the columns; anything a terminal acts on is escaped.
  return [
    printable(conversation.id.replace(/\t/g, ' ')),
    date,
    `${conversation.turns.length} turns`,
    printable(title)
  ].join('\t')
}

/** Where an index page links to a note (`href` is filled in once the note is written), and what it says about it. */
function noteLink(conversation: Conversation): NoteLink {
  const {format, variant} = conversation.source
  const link: NoteLink = {
    href: '',
    title: conversationTitle(conversation),
    format: variant ? `${format} (${variant})` : format,
    turns: conversation.turns.length
  }
  const date = conversation.createdAt ?? conversation.updatedAt
  if (date) link.date = date
  return link
}
