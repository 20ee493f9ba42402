import {contextRules} from './context-rules.js'
import type {FoundSecret} from './found-secret.js'
import {secretAnchors} from './secret-anchors.js'
import {findByRule} from './secret-rule.js'
import {secretlintRules} from './secretlint-rules.js'
import {tokenRules} from './token-rules.js'

/** A rule, secretlint's or chatmark's own, with the test of the text every secret it finds contains. */
export interface SecretScanner {
  /** Matches wherever one of the rule's anchors is: a string without one holds none of its secrets. */
  anchor: RegExp
  find(text: string): FoundSecret[]
}

let loading: Promise<readonly SecretScanner[]> | undefined

/**
 * Every rule, secretlint's recommended ones (loaded on first use) then chatmark's own. A string that passes the
 * prefilter (`mayHoldSecret`) is given only to the rules whose own anchors it holds: a long tool output with one
 * `://` is not searched by sixty rules.
 */
export function secretScanners(): Promise<readonly SecretScanner[]> {
  loading ??= (async () => {
    const secretlint = (await secretlintRules()).flatMap((rule) => {
      const anchors = secretAnchors[rule.id] ?? []
      return anchors.length === 0 ? [] : [{anchor: anchorOf(anchors), find: rule.find}]
    })
    const own = [...tokenRules, ...contextRules].map((rule) => ({
      anchor: anchorOf(rule.anchors),
      find: (text: string) => findByRule(rule, text)
    }))
    return [...secretlint, ...own]
  })()
  return loading
}

function anchorOf(anchors: readonly string[]): RegExp {
  return new RegExp(anchors.join('|'))
}
