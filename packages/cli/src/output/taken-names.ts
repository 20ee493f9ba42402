/**
 * The paths a run gave its notes (a `Set`), and, for each name notes asked
 * for, the first number whose path is not known to be one of them: the next
 * note of that name starts there. Tried from 1 every time, 20,000 notes of one
 * title (a day's `New chat`s, a workspace's same-named DMs) tried 200,000,000
 * names. Only names in the set are skipped, never one a file on disk holds, so
 * the names given are the same as from 1.
 */
export class TakenNames extends Set<string> {
  readonly #from = new Map<string, number>()

  /** The first number worth trying for `name`: every one before it names a path in the set. */
  from(name: string): number {
    return this.#from.get(name) ?? 1
  }

  /** Number `attempt` of `name` names a path in the set: if it was the first worth trying, the next one is. */
  passed(name: string, attempt: number): void {
    if (attempt === this.from(name)) this.#from.set(name, attempt + 1)
  }
}
