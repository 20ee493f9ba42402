import type {Conversation, RenderOptions} from '@chatmark/core'
import {conversationTitle, noteLinkOf, pageFileName, toolOf} from '@chatmark/core'
import type {EntryContext} from './entry-context.js'
import {matchesOnly} from '../inputs/collect-inputs.js'
import type {EntrySink} from './entry-sink.js'
import type {InputClock} from '../pool/input-clock.js'
import {clocked} from '../pool/input-clock.js'
import {printable} from '../base/printable.js'
import {splitPages} from '../output/split-pages.js'
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
  const write = (conversation: Conversation, more: RenderOptions = {}): Iterable<string> => {
    // The format's plugin names the tool the note is tagged with; core knows no format.
    const {slug, name} = toolOf(context.normalizer.formats, conversation.source)
    const pieces = context.writer.write(conversation, {...render, tool: slug, toolName: name, ...more})
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
    await folderNotes(conversation, name, context.noteName(conversation), context, sink, write)
  } else {
    await sink.print(write(conversation))
  }
}

/**
 * A conversation's note in the `-o` folder, as pages when the writer splits it (`RenderOptions.pageChars`): the
 * first is the note (the index lists it), the others are named after it (`<name>-page-2.html`) and carry its id
 * with their number (`<id>#page-2`), so a run again replaces them too. Pages link back to the folder's index,
 * which the run ends by writing.
 */
async function folderNotes(
  conversation: Conversation,
  input: string,
  fileName: string,
  context: EntryContext,
  sink: EntrySink,
  write: (conversation: Conversation, more: RenderOptions) => Iterable<string>
): Promise<void> {
  const {extension, index} = context.writer
  const base = fileName.endsWith(extension) ? fileName.slice(0, fileName.length - extension.length) : fileName
  const more: RenderOptions = {pageName: base, ...(index ? {indexHref: `index${extension}`} : {})}
  const link = noteLinkOf(conversation, toolOf(context.normalizer.formats, conversation.source).name)
  let page = 1
  for (const chunks of splitPages(write(conversation, more))) {
    const first = page === 1
    await sink.note({
      input,
      name: first ? fileName : `${pageFileName(base, page)}${extension}`,
      id: first ? conversation.id : `${conversation.id}#page-${page}`,
      content: {chunks},
      ...(first ? {link} : {})
    })
    page++
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
