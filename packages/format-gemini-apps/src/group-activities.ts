import type {Activity} from './activity.js'

/** How a group's activities were found to belong together. */
export type Grouping = 'conversation-url' | 'time-gap'

/** Activities that make one note, oldest first. */
export interface ActivityGroup {
  grouping: Grouping
  /** The conversation's id (`grouping: 'conversation-url'`). */
  conversationId?: string
  activities: Activity[]
}

/** Activities more than this far apart start a new note when the export names no conversation. */
export const gapMinutes = 30

/**
 * The export's activities as the conversations a user had. An activity that
 * names its conversation (`details[].url`, `https://gemini.google.com/app/<id>`,
 * in exports since 2025) joins the others of that URL, wherever they are in
 * the file. The others (every record of older exports, which name none) are
 * cut where {@link gapMinutes} pass without an activity: the Gemini app
 * starts no new chat by itself, but a pause that long is where a reader of
 * the export would put one, and it keeps a day of unrelated questions from
 * becoming one note. Records are newest first in the file; each group is
 * oldest first, and the groups are in the order of their first activity.
 */
export function groupActivities(activities: readonly Activity[]): ActivityGroup[] {
  const groups: ActivityGroup[] = []
  const byConversation = new Map<string, ActivityGroup>()
  let current: ActivityGroup | undefined
  let last: number | undefined
  for (const activity of chronological(activities)) {
    if (activity.conversationId) {
      const found = byConversation.get(activity.conversationId)
      if (found) found.activities.push(activity)
      else {
        const group: ActivityGroup = {
          grouping: 'conversation-url',
          conversationId: activity.conversationId,
          activities: [activity]
        }
        byConversation.set(activity.conversationId, group)
        groups.push(group)
      }
      continue
    }
    const at = activity.time === undefined ? undefined : Date.parse(activity.time)
    const apart = at !== undefined && last !== undefined && at - last > gapMinutes * 60_000
    if (!current || apart) {
      current = {grouping: 'time-gap', activities: []}
      groups.push(current)
    }
    current.activities.push(activity)
    if (at !== undefined) last = at
  }
  return groups
}

/**
 * Oldest first. The file is newest first, so it is read backwards; a record without a time takes the time of the
 * record before it (its neighbour in the file), and the sort is stable, so it stays beside its neighbours.
 */
function chronological(activities: readonly Activity[]): Activity[] {
  let known = Number.NEGATIVE_INFINITY
  const keyed = [...activities].reverse().map((activity) => {
    const at = activity.time === undefined ? Number.NaN : Date.parse(activity.time)
    if (!Number.isNaN(at)) known = at
    return {activity, at: known}
  })
  return keyed.sort((a, b) => a.at - b.at).map((entry) => entry.activity)
}
