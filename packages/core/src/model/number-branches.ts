import type {Turn} from './model.js'

/**
 * Numbers the branch parts of `turns` from `last + 1`, in the order a note
 * shows them (a branch before the branches nested in it); returns the last
 * number given. Readers build branches first and number them once, so numbers
 * follow the note, not the order the source happens to list them in.
 */
export function numberBranches(turns: readonly Turn[], last = 0): number {
  let number = last
  for (const turn of turns) {
    for (const part of turn.parts) {
      if (part.type !== 'branch') continue
      part.number = ++number
      number = numberBranches(part.turns, number)
    }
  }
  return number
}
