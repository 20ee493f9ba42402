import type {SlackMessage} from './message.js'
import type {Member, Names} from './resolve-names.js'

/**
 * `names` with the people only the messages name: a user missing from
 * `users.json` (or a day file read without it) is named by the `user_profile`
 * of any of their messages, a later one included, so their headings, their
 * `<@U…>` mentions and the replies to their threads all show that name.
 * `users.json` still wins where it names the user.
 */
export function withProfileNames(names: Names, messages: readonly SlackMessage[]): Names {
  let members: Map<string, Member> | undefined
  for (const message of messages) {
    const {user, profileName} = message
    if (!user || !profileName || names.members.has(user) || members?.has(user)) continue
    members ??= new Map(names.members)
    members.set(user, {id: user, name: profileName, isBot: false})
  }
  return members ? {members, channels: names.channels} : names
}
