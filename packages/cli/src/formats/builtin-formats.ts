import type {FormatPlugin} from '@chatmark/core'
import {aider} from '@chatmark/format-aider'
import {chatgpt} from '@chatmark/format-chatgpt'
import {claude} from '@chatmark/format-claude'
import {cline} from '@chatmark/format-cline'
import {codex} from '@chatmark/format-codex'
import {continueCli} from '@chatmark/format-continue'
import {copilotChat} from '@chatmark/format-copilot-chat'
import {copilotCli} from '@chatmark/format-copilot-cli'
import {crush} from '@chatmark/format-crush'
import {cursor} from '@chatmark/format-cursor'
import {droid} from '@chatmark/format-droid'
import {gemini} from '@chatmark/format-gemini'
import {geminiApps} from '@chatmark/format-gemini-apps'
import {opencode} from '@chatmark/format-opencode'
import {pi} from '@chatmark/format-pi'
import {plaintext} from '@chatmark/format-plaintext'
import {qwen} from '@chatmark/format-qwen'
import {slack} from '@chatmark/format-slack'

/**
 * Fresh instances of the built-in formats, in dispatch order: the formats with
 * the most specific fingerprints first; plain text late, because it accepts
 * prose; Gemini last (its JSONL header is distinctive, but `sessionId` alone is
 * shared with Claude Code, which must get the first look). A format declares
 * everything else itself (`FormatPlugin.options`, `fileNames`,
 * `archiveMembers`), so adding a built-in is its package and one line here.
 */
export function builtinFormats(): FormatPlugin[] {
  return [
    claude(),
    chatgpt(),
    codex(),
    slack(),
    geminiApps(),
    droid(),
    qwen(),
    continueCli(),
    copilotCli(),
    copilotChat(),
    aider(),
    opencode(),
    cursor(),
    cline(),
    pi(),
    crush(),
    plaintext(),
    gemini()
  ]
}

/** The built-in formats' names, in dispatch order. */
export const defaultFormatOrder: readonly string[] = Object.freeze(builtinFormats().map((format) => format.name))
