import type {ChatmarkBranch} from './mdast-nodes.js'

const origins: Record<NonNullable<ChatmarkBranch['origin']> | 'unknown', string> = {
  'edited-prompt': 'an edited prompt',
  'regenerated-answer': 'a regenerated answer',
  unknown: 'an edited prompt or a retried answer'
}

/**
 * The lines before and after an alternate branch, which every writer shows
 * (as alerts in Markdown), so a page and a note of one conversation say the
 * same thing.
 */
export function branchLines(node: ChatmarkBranch): {open: string; close: string} {
  const turns = `${node.size} turn${node.size === 1 ? '' : 's'}`
  const origin = origins[node.origin ?? 'unknown']
  return {
    open: `Alternate branch ${node.number} (${origin}; not the branch kept as current): ${turns}`,
    close: `End of alternate branch ${node.number}; the current branch continues`
  }
}
