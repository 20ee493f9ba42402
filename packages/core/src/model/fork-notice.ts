import type {ForkNotice} from './model.js'

/**
 * The notice a reader puts where a forked session begins, so that a note says
 * it is a fork without its frontmatter: the session it was forked from and,
 * when the fork's file repeats the parent's history, how many turns of that
 * history the note leaves out (they are in the parent's own note).
 *
 * @param parent The parent session's id, as `metadata.parent.id`.
 * @param copiedTurns The turns of the parent's history the fork's file holds and the note leaves out.
 */
export function forkNotice(parent: string, copiedTurns = 0): ForkNotice {
  return {type: 'notice', level: 'info', kind: 'fork', parent, ...(copiedTurns > 0 ? {copiedTurns} : {})}
}
