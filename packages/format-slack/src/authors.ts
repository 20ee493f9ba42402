import type {Participant} from '@chatmark/core/model'
import type {SlackMessage} from './message.js'
import type {Names} from './resolve-names.js'

/** The account Slack posts its own messages with. */
const slackbot = 'USLACKBOT'

/**
 * Who wrote a message: a person by their `users.json` name (else the
 * message's own `user_profile`, else the id); a bot or integration by its bot
 * name (`bot_profile.name`, `username`), as kind `bot`.
 */
export function authorOf(message: SlackMessage, names: Names): Participant | undefined {
  const member = message.user ? names.members.get(message.user) : undefined
  const isBot =
    member?.isBot === true ||
    message.user === slackbot ||
    message.subtype === 'bot_message' ||
    (message.botId !== undefined && !member) ||
    // An integration of old exports (an incoming webhook) names itself only by `username`.
    (message.user === undefined && message.botName !== undefined)
  if (isBot) {
    const id = message.user ?? message.botId
    if (!id) return message.botName ? {id: `bot:${message.botName}`, name: message.botName, kind: 'bot'} : undefined
    const name = message.botName ?? member?.name ?? (id === slackbot ? 'Slackbot' : id)
    return {id, name, kind: 'bot'}
  }
  if (!message.user) return undefined
  return {id: message.user, name: member?.name ?? message.profileName ?? message.user, kind: 'human'}
}

/** A user id's name for prose (`Ada`), or the id when the export does not name it. */
export function nameOf(id: string, names: Names): string {
  return names.members.get(id)?.name ?? (id === slackbot ? 'Slackbot' : id)
}
