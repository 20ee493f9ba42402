import type {FormatPlugin} from '@chatmark/core'
import {sortByDefaultOrder} from '@chatmark/core'
import {gemini} from '@chatmark/format-gemini'
import {plaintext} from '@chatmark/format-plaintext'

/** Fresh instances of the built-in formats, in dispatch order. */
export function builtinFormats(): FormatPlugin[] {
  return sortByDefaultOrder([gemini(), plaintext()])
}
