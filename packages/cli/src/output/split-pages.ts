import {pageBreak} from '@chatmark/core'

/**
 * A note's pieces as its pages: the pieces between the writer's page breaks (`pageBreak`), each page read from the
 * one underlying sequence as it is asked for, so a long conversation is written page by page and never held. A
 * page is only given when it has a piece; a page that is left unread is read past when the next is asked for, and
 * once reading fails (the input's time is up) no page follows.
 */
export function* splitPages(chunks: Iterable<string>): Generator<Iterable<string>> {
  const iterator = chunks[Symbol.iterator]()
  let ended = false
  const pull = (): string | undefined => {
    try {
      const next = iterator.next()
      if (next.done) ended = true
      return next.done || next.value === pageBreak ? undefined : next.value
    } catch (error) {
      ended = true
      throw error
    }
  }
  while (!ended) {
    const first = pull()
    if (first === undefined) continue
    const current = (function* page(): Generator<string> {
      for (let piece: string | undefined = first; piece !== undefined; piece = ended ? undefined : pull()) yield piece
    })()
    yield current
    for (const _ of current) {
      // Read past what the caller left of the page.
    }
  }
}
