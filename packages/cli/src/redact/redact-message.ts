import {secretReadings} from './find-secrets.js'
import {redactReadings} from './redact-string.js'
import {secretAnchors} from './secret-anchors.js'
import {secretKind} from './secret-kind.js'
import type {SecretScanner} from './secret-scanners.js'
import {secretScanners} from './secret-scanners.js'
import {tokenRules} from './token-rules.js'

/**
 * A word cut short by the `…` of a quote (readers quote at most 80 characters of a title or an id): what is
 * left of a token is not the token its rule needs, and may be most of it.
 */
const cutWord = /[\w.+/=:@%-]{8,}(?=…)/g

/** A URL cut after the `:` of its userinfo: what follows may be its password. */
const cutUserinfo = /^[A-Za-z][\w+.-]{1,30}:\/\/[^/@]*:/

/** Each token's prefix (the anchors of rules whose secrets begin with one), at the start of a word, and its kind. */
const prefixes: readonly {prefix: RegExp; kind: string}[] = [
  ...Object.entries(secretAnchors).map(([id, anchors]) => ({anchors, kind: secretKind(id, '')})),
  ...tokenRules.map((rule) => ({anchors: rule.anchors, kind: rule.kind}))
]
  .filter(({anchors}) => anchors.length > 0)
  .map(({anchors, kind}) => ({prefix: new RegExp(`^(?:${anchors.join('|')})[\\w.+/=-]{4}`), kind}))

/**
 * A message's text (a warning that quotes a title, an id or a value) with its secrets replaced, as the notes
 * have them, and a token cut short by the quote's `…` replaced whole.
 */
export async function redactMessage(text: string): Promise<string> {
  if (secretReadings(text).length === 0 && !text.includes('…')) return text
  return redactMessageWith(text, await secretScanners())
}

/** {@link redactMessage} with the rules loaded, for a caller that cannot wait (a progress line). */
export function redactMessageWith(text: string, scanners: readonly SecretScanner[]): string {
  const redacted = redactReadings(text, secretReadings(text), scanners).text
  return redacted.replace(cutWord, (word) => {
    if (cutUserinfo.test(word)) return `${word.slice(0, word.indexOf('://') + 3)}[redacted: password in a URL]`
    const kind = prefixes.find(({prefix}) => prefix.test(word))?.kind
    return kind === undefined ? word : `[redacted: ${kind}]`
  })
}

/** Redacts the text of each message in place (see {@link redactMessage}); a message left unchanged is not touched. */
export async function redactMessages(messages: readonly {reason: string; message: string}[]): Promise<void> {
  for (const message of messages) {
    const redacted = await redactMessage(message.reason)
    if (redacted === message.reason) continue
    message.reason = redacted
    message.message = redacted
  }
}
