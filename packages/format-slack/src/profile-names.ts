import type {SlackMessage} from './message.js'
import type {Member, MemberLookup, Names} from './resolve-names.js'

/**
 * `names` with the people only the messages name: a user missing from
 * `users.json` (or a day file read without it) is named by the `user_profile`
 * of any of their messages, a later one included, so their headings, their
 * `<@U…>` mentions and the replies to their threads all show that name.
 * `users.json` still wins where it names the user. The channel's own names are
 * laid over the workspace's, never merged into a copy of them: a copy per
 * channel cost every channel the whole of `users.json`, quadratic in an export
 * whose channels and people grow together.
 */
export function withProfileNames(names: Names, messages: readonly SlackMessage[]): Names {
  let found: Map<string, Member> | undefined
  for (const message of messages) {
    const {user, profileName} = message
    if (!user || !profileName || names.members.has(user) || found?.has(user)) continue
    found ??= new Map()
    found.set(user, {id: user, name: profileName, isBot: false})
  }
  return found ? {members: layered(found, names.members), channels: names.channels} : names
}

/** `over`'s members, else `under`'s. */
function layered(over: ReadonlyMap<string, Member>, under: MemberLookup): MemberLookup {
  return {
    get: (id) => over.get(id) ?? under.get(id),
    has: (id) => over.has(id) || under.has(id)
  }
}
