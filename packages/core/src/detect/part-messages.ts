import type {VFile} from 'vfile'

/** A message of one part of an input (see `PartReader`), as it crosses threads. */
export interface PartMessage {
  reason: string
  fatal: boolean
  ruleId?: string
  source?: string
  line?: number
  column?: number
}

/** What one part's parse said, and how many messages the split had given when it split the part off. */
export interface PartReport {
  splitMessages: number
  messages: readonly PartMessage[]
}

/**
 * Puts an input's messages in the order reading it whole gives: each part's
 * messages after those the split gave up to that part (an element skipped as
 * too deep before it), and the split's later ones (a document cut off) after
 * the last part's. `file` holds the split's messages only; the parts' are
 * added through `file.message`, so a capped file (`capMessages`) caps them.
 */
export function mergePartMessages(file: VFile, reports: readonly PartReport[]): void {
  const split = file.messages.splice(0)
  let next = 0
  for (const report of reports) {
    while (next < report.splitMessages && next < split.length) file.messages.push(split[next++]!)
    for (const message of report.messages) {
      const made = file.message(message.reason, {
        ...(message.ruleId ? {ruleId: message.ruleId} : {}),
        ...(message.source ? {source: message.source} : {}),
        ...(message.line ? {place: {line: message.line, column: message.column ?? 1}} : {})
      })
      if (message.fatal) made.fatal = true
    }
  }
  while (next < split.length) file.messages.push(split[next++]!)
}
