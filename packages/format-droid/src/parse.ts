import type {Conversation} from '@chatmark/core/model'
import {idFromName, modelParticipant, userParticipant} from '@chatmark/core/model'
import type {Input, ParseContext} from '@chatmark/core/read'
import {readJsonLines} from '@chatmark/core/read'
import type {ResolvedOptions} from './options.js'
import {DroidSession} from './session.js'
import {readSettings} from './settings.js'

/** Message source for problems this format reports. */
export const messageSource = 'chatmark:droid'

/**
 * Reads a Droid session file, record by record, and its `.settings.json`
 * beside it (model, tokens), into one conversation.
 */
export async function* parse(input: Input, context: ParseContext<ResolvedOptions>): AsyncGenerator<Conversation> {
  const {file} = context
  const warn = (reason: string, ruleId: string): void => {
    file.message(reason, {ruleId, source: messageSource})
  }
  const session = new DroidSession(context.options.keepMeta, warn)
  for await (const {line, value} of readJsonLines(input, {
    file,
    limits: context.limits,
    source: messageSource,
    skipped: session.fidelity
  }))
    session.take(value, line)
  session.finish()
  if (session.turns.length === 0) {
    warn('The session holds no messages to show: no note is written', 'empty-session')
    return
  }
  const settings = await readSettings(input.path, warn)
  const models = session.models.length > 0 ? session.models : settings?.model ? [settings.model] : []
  const {start} = session
  yield {
    id: start.id ?? idFromName(input.name),
    ...(start.title ? {title: start.title} : {}),
    ...(session.firstTime ? {createdAt: session.firstTime} : {}),
    ...(session.lastTime && session.lastTime !== session.firstTime ? {updatedAt: session.lastTime} : {}),
    source: {format: 'droid', ...(input.path ? {path: input.path} : {})},
    participants: [userParticipant(), modelParticipant('droid', 'Droid')],
    metadata: {
      ...(models.length > 0 ? {models} : {}),
      ...(start.cwd ? {project: start.cwd} : {}),
      ...(start.parent ? {parent: {id: start.parent, relation: 'fork' as const}} : {}),
      ...(settings?.tokens ? {tokens: settings.tokens} : {}),
      ...(settings && Object.keys(settings.extra).length > 0 ? {extra: settings.extra} : {})
    },
    turns: session.turns,
    fidelity: session.fidelity
  }
}
