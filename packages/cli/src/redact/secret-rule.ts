import type {FoundSecret} from './found-secret.js'

/**
 * One kind of secret chatmark finds itself (beside secretlint's rules): a pattern for it, the literal text
 * every match contains (for the prefilter), and where its shape is documented.
 */
export interface SecretRule {
  /** What the marker calls it. */
  kind: string
  /**
   * Global (`g`); with `d` when a named group `secret` (or, in another alternative, `secret2` or `secret3`)
   * marks the part replaced (a URL keeps its host, a variable its name), else the whole match is the secret.
   */
  pattern: RegExp
  /** Regular-expression sources of literal text every match contains (see `secretAnchors`). */
  anchors: readonly string[]
  /** Where the secret's shape comes from: the vendor's documentation, a standard, or gitleaks' rule of that id. */
  source: string
  /** False for a match that is not a secret after all (a placeholder, a reference to a variable). */
  plausible?: (secret: string, match: RegExpExecArray) => boolean
}

/** The secrets a rule finds in a text. */
export function findByRule(rule: SecretRule, text: string): FoundSecret[] {
  const found: FoundSecret[] = []
  rule.pattern.lastIndex = 0
  for (let match = rule.pattern.exec(text); match !== null; match = rule.pattern.exec(text)) {
    const groups = match.indices?.groups
    const group = groups?.['secret'] ?? groups?.['secret2'] ?? groups?.['secret3']
    const [start, end] = group ?? [match.index, match.index + match[0].length]
    const secret = text.slice(start, end)
    if (end > start && (rule.plausible?.(secret, match) ?? true)) {
      found.push({start, end, kind: rule.kind})
    }
    // An empty match would be found again at the same place.
    if (match[0].length === 0) rule.pattern.lastIndex++
  }
  return found
}
