import type {NoticePart} from './model.js'

/**
 * The notice a reader puts where a forked session begins, so that a note says
 * it is a fork without its frontmatter: the session it was forked from and,
 * when the fork's file repeats the parent's history, how many turns of that
 * history the note leaves out (they are in the parent's own note).
 *
 * @param parent The parent session's id, as `metadata.parent.id`.
 * @param copiedTurns The turns of the parent's history the fork's file holds and the note leaves out.
 */
export function forkNotice(parent: string, copiedTurns = 0): NoticePart {
  const copied =
    copiedTurns === 0
      ? ''
      : copiedTurns === 1
        ? " The turn before the fork is that session's and is not repeated here."
        : ` The ${copiedTurns} turns before the fork are that session's and are not repeated here.`
  return {type: 'notice', level: 'info', kind: 'fork', text: `Forked from session ${parent}.${copied}`}
}
