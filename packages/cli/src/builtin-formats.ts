import type {FormatPlugin} from '@chatmark/core'
import {sortByDefaultOrder} from '@chatmark/core'
import {chatgpt} from '@chatmark/format-chatgpt'
import {claude} from '@chatmark/format-claude'
import {codex} from '@chatmark/format-codex'
import {gemini} from '@chatmark/format-gemini'
import {plaintext} from '@chatmark/format-plaintext'
import {slack} from '@chatmark/format-slack'

/** Fresh instances of the built-in formats, in dispatch order. */
export function builtinFormats(): FormatPlugin[] {
  return sortByDefaultOrder([chatgpt(), claude(), codex(), gemini(), plaintext(), slack()])
}
