import type {Sample, Verdict} from '@chatmark/core/read'
import {isRecord} from '@chatmark/core/model'
import {channelFiles, dayFileName, isChannelRecord, isMessageRecord, isUserRecord, userFiles} from './types.js'

/** A day file inside a channel folder, at the root or under one wrapping folder. */
const channelDayFile = /^(?:[^/]+\/)?[^/]+\/\d{4}-\d{2}-\d{2}\.json$/

/**
 * Detects a Slack export (a folder or `.zip` with `users.json` /
 * `channels.json` and channel folders of `YYYY-MM-DD.json`) or one of its
 * day files (a JSON array of `{type: "message", ts: "<seconds>.<sequence>"}`).
 * Pure and synchronous; uses only the sample.
 */
export function detect(sample: Sample): Verdict {
  switch (sample.kind) {
    case 'folder':
      return detectFolder(sample)
    case 'json':
      return detectDayFile(sample.json, sample.jsonComplete)
    case 'jsonl':
      // A day file written on one line reads as a one-record JSONL head.
      return sample.json === undefined
        ? {confidence: 'none', reason: 'JSONL records, not a Slack day file (one JSON array)'}
        : detectDayFile(sample.json, sample.jsonComplete)
    case 'empty':
      return {confidence: 'none', reason: 'empty input'}
    case 'binary':
      return {
        confidence: 'none',
        reason: sample.magic === 'zip' ? 'a zip archive that could not be listed' : 'binary data, not a Slack export'
      }
    case 'text':
      return {confidence: 'none', reason: 'text that is not JSON, not a Slack export'}
  }
}

function detectDayFile(json: unknown, complete: boolean): Verdict {
  if (!Array.isArray(json)) return {confidence: 'none', reason: 'not a JSON array, not a Slack day file'}
  // The last element of a partial head may be cut off mid-record.
  const items = complete ? json : json.slice(0, -1)
  const messages = items.filter(isMessageRecord).length
  if (messages === 0) {
    const cut = !complete && isMessageRecord(json.at(-1))
    return cut
      ? {
          confidence: 'likely',
          reason: 'JSON array whose first record is {type: "message", ts} (Slack day file)',
          variant: 'slack-day-file'
        }
      : {confidence: 'none', reason: 'JSON array without {type: "message", ts: "<seconds>.<sequence>"} records'}
  }
  const all = messages === items.length
  if (all && messages >= 2) {
    return {
      confidence: 'certain',
      reason: `JSON array of {type: "message", ts: "<seconds>.<sequence>"} records (Slack day file, ${messages} seen)`,
      variant: 'slack-day-file'
    }
  }
  if (all || messages * 2 >= items.length) {
    return {
      confidence: 'likely',
      reason: `JSON array with ${messages} of ${items.length} records {type: "message", ts} (Slack day file)`,
      variant: 'slack-day-file'
    }
  }
  return {
    confidence: 'possible',
    reason: `JSON array with only ${messages} of ${items.length} records {type: "message", ts}`,
    variant: 'slack-day-file'
  }
}

function detectFolder(sample: Sample): Verdict {
  const roots = sample.entries.filter((path) => {
    const name = path.slice(path.lastIndexOf('/') + 1)
    return path.split('/').length <= 2 && (userFiles.includes(name) || channelFiles.includes(name))
  })
  const dayFiles = sample.entries.filter((path) => channelDayFile.test(path)).length
  const rootDayFiles = sample.entries.filter((path) => dayFileName.test(path))
  const rootNames = roots.map((path) => path.slice(path.lastIndexOf('/') + 1))

  // Root files the sample parsed must have the shape of their Slack namesakes.
  for (const [path, head] of sample.heads) {
    if (!rootNames.includes(path)) continue
    const first: unknown = Array.isArray(head) ? head[0] : undefined
    const fits =
      Array.isArray(head) &&
      (first === undefined || (userFiles.includes(path) ? isUserRecord(first) : isChannelRecord(first)))
    if (!fits)
      return {
        confidence: 'none',
        reason:
          `${path} is not a JSON array of Slack ` +
          `${userFiles.includes(path) ? 'users {id, name}' : 'channels {id, name}'}`
      }
  }

  if (roots.length > 0 && dayFiles > 0) {
    return {
      confidence: 'certain',
      reason: `${rootNames.join(', ')} and ${dayFiles} channel day file(s) <channel>/YYYY-MM-DD.json (Slack export)`,
      variant: 'slack-export'
    }
  }
  if (rootDayFiles.length > 0) {
    const heads = rootDayFiles.map((path) => sample.heads.get(path)).filter((head) => head !== undefined)
    const slack = heads.some((head) => Array.isArray(head) && head.some(isMessageRecord))
    if (
      slack &&
      heads.every(
        (head) =>
          Array.isArray(head) &&
          head.every(
            (item) => isMessageRecord(item) || !isRecord(item) || !('type' in item) || item['type'] === 'message'
          )
      )
    ) {
      return {
        confidence: 'likely',
        reason: `a folder of ${rootDayFiles.length} Slack day file(s) YYYY-MM-DD.json (one channel of an export)`,
        variant: 'slack-export'
      }
    }
  }
  if (roots.length > 0)
    return {
      confidence: 'possible',
      reason: `${rootNames.join(', ')} without channel folders of day files`,
      variant: 'slack-export'
    }
  if (dayFiles > 0)
    return {
      confidence: 'possible',
      reason: `${dayFiles} file(s) <folder>/YYYY-MM-DD.json without users.json or channels.json`,
      variant: 'slack-export'
    }
  return {confidence: 'none', reason: 'a folder without users.json, channels.json or YYYY-MM-DD.json day files'}
}
