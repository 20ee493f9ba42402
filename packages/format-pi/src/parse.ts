import type {Conversation} from '@chatmark/core/model'
import {idFromName} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonLineBatches} from '@chatmark/core/read'
import {startsWithSqliteMagic} from '@chatmark/sqlite'
import {isOpenClawLines} from './detect.js'
import {readOpenClawDatabase} from './read-openclaw-database.js'
import {messageSource, sessionConversation} from './session-conversation.js'
import {SessionLines} from './session-lines.js'

/** What the plugin was created with. */
export interface ParseSettings {
  wasmPath?: string
}

/**
 * Reads a Pi session file (or an OpenClaw transcript of the same entries) and
 * yields its conversation; or OpenClaw's `openclaw-agent.sqlite`, and yields
 * one conversation per session window.
 */
export async function* parse(
  input: Input,
  context: ParseContext,
  settings: ParseSettings
): AsyncGenerator<Conversation> {
  const head = await input.head(16)
  if (startsWithSqliteMagic(head)) {
    yield* readOpenClawDatabase(input, context, settings.wasmPath)
    return
  }
  const {file, limits} = context
  const lines = new SessionLines()
  for await (const batch of readJsonLineBatches(input, {
    file,
    limits,
    source: messageSource,
    skipped: lines.session.fidelity
  }))
    for (const {line, value} of batch) lines.add(value, line)
  reportUnknown(lines.unknownLines, context)
  const session = lines.finish()
  const openclaw = isOpenClawLines(session.entries.map((entry) => entry.record))
  yield sessionConversation(session, context, {
    format: 'pi',
    variant: openclaw ? 'openclaw' : 'pi',
    tool: openclaw ? 'OpenClaw' : 'Pi',
    fallbackId: idFromName(input.name),
    ...(input.path ? {path: input.path} : {})
  })
}

function reportUnknown(lines: readonly number[], context: ParseContext): void {
  if (lines.length === 0) return
  context.file.message(
    `${lines.length === 1 ? 'Line' : 'Lines'} ${lines.slice(0, 5).join(', ')}${lines.length > 5 ? ', …' : ''} ` +
      `${lines.length === 1 ? 'is not a Pi session entry' : 'are not Pi session entries'} ` +
      '(a JSON object with a type, and an id and parentId): skipped',
    {place: {line: lines[0]!, column: 1}, ruleId: 'unknown-record', source: messageSource}
  )
}
