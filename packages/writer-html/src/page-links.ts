import {pageFileName} from '@chatmark/core'

/**
 * Where the pages of one note are, when a long conversation is split (`RenderOptions.pageChars`): page 1 is the
 * note's own file (`<name>.html`), page 2 and on `<name>-page-2.html`; links are relative, their names
 * URI-encoded.
 */
export class PageLinks {
  readonly #name: string
  readonly #extension: string

  constructor(name: string, extension: string) {
    this.#name = name
    this.#extension = extension
  }

  /** The link to page `page` (1 and on). */
  href(page: number): string {
    return encodeURIComponent(`${page === 1 ? this.#name : pageFileName(this.#name, page)}${this.#extension}`)
  }
}
