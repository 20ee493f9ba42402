import {contextRules} from './context-rules.js'
import {tokenRules} from './token-rules.js'

/**
 * For each rule of secretlint's recommended preset, the literal text every secret it finds
 * must contain (as regular-expression source). Running the preset costs about 37 ms per MB,
 * more than a conversion; one search for these anchors (and those of chatmark's own rules) is far
 * cheaper, so only strings that hold one are given to the rules. `test/redact-secrets.test.ts`
 * fails when the preset gains a rule that has no entry here.
 */
export const secretAnchors: Readonly<Record<string, readonly string[]>> = {
  '@secretlint/secretlint-rule-aws': [
    'A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA',
    // `aws_secret_access_key = ...` and `aws_account_id: ...`, in the three spellings the rule reads.
    'ecret|ECRET',
    'ccount|CCOUNT'
  ],
  // Not run (see `secretlintRules`): it scans only `.json` and `.p12` files, from disk.
  '@secretlint/secretlint-rule-gcp': [],
  '@secretlint/secretlint-rule-privatekey': ['PRIVATE KEY'],
  '@secretlint/secretlint-rule-npm': ['x-oauth-basic|_authToken|npm_'],
  '@secretlint/secretlint-rule-basicauth': [':[-\\w]{1,256}@'],
  // `xoxe-`: Slack's configuration tokens, which chatmark's own rule reads.
  '@secretlint/secretlint-rule-slack': ['xox[bparoe]-|xapp-|hooks\\.slack\\.com'],
  '@secretlint/secretlint-rule-sendgrid': ['SG\\.'],
  '@secretlint/secretlint-rule-shopify': ['shp(?:pa|ca|at|ss)_'],
  '@secretlint/secretlint-rule-github': ['gh[pousr]_|github_pat_'],
  '@secretlint/secretlint-rule-gitlab': ['glpat-'],
  '@secretlint/secretlint-rule-grafana': ['glc_|glsa_'],
  '@secretlint/secretlint-rule-openai': ['sk-'],
  '@secretlint/secretlint-rule-anthropic': ['sk-ant-'],
  '@secretlint/secretlint-rule-groq': ['gsk_'],
  '@secretlint/secretlint-rule-huggingface': ['hf_'],
  '@secretlint/secretlint-rule-linear': ['lin_api_'],
  '@secretlint/secretlint-rule-notion': ['ntn_'],
  '@secretlint/secretlint-rule-1password': ['ops_'],
  // Each of its three patterns (case-insensitive) is a URI: `mongodb://` or `mongodb+srv://`, `mysql://` or
  // `mysqlx://`, `postgres://` or `postgresql://`. Anchored on the name alone, every `ng`, `ql` and `gr` of
  // ordinary text was a candidate; the `://` keys them on the rarer colon.
  '@secretlint/secretlint-rule-database-connection-string': [
    '[Mm][Oo][Nn][Gg][Oo][Dd][Bb](?:\\+[Ss][Rr][Vv])?://',
    '[Mm][Yy][Ss][Qq][Ll][Xx]?://',
    '[Pp][Oo][Ss][Tt][Gg][Rr][Ee][Ss](?:[Qq][Ll])?://'
  ],
  '@secretlint/secretlint-rule-hashicorp-vault': ['hv[sbr]\\.'],
  '@secretlint/secretlint-rule-vercel': ['vc[pikar]_'],
  '@secretlint/secretlint-rule-databricks': ['dapi'],
  '@secretlint/secretlint-rule-docker': ['dckr_pat_'],
  '@secretlint/secretlint-rule-figma': ['figd_'],
  // Not run (see `secretlintRules`): it honours `secretlint-disable` comments in the scanned text.
  '@secretlint/secretlint-rule-filter-comments': []
}

/** Every anchor: secretlint's rules' and chatmark's own rules'. */
export const allAnchors: readonly string[] = [
  ...Object.values(secretAnchors),
  ...[...tokenRules, ...contextRules].map((rule) => rule.anchors)
].flat()

/** The {@link commonness} of `_`, `-`, `.`, `:`, `@` and `=`. */
const punctuationCost = 0.5

/** Lower-case letters from the least common in text and code to the most (`e` last). */
const letterOrder = 'zqjxkvbywgpfmucdlhrsnioate'

/**
 * The anchors as three regular expressions that together match exactly the strings an alternation of them all
 * matches, but searched from rare characters. An alternation of some forty words is tried at every position of a
 * string (about 150 MB/s, most of the cost of redacting a long session); here each alternative is searched from its
 * key (see `rarestToken`) and checked around it by a lookbehind: `npm_` as `_(?<=npm_)`, `ecret` as `cr(?<=ecr)et`,
 * `mysql` by its `[Qq][Ll]`. Alternatives with the same key share one branch, and the branches are split by the
 * kind of their key (punctuation, upper case, the rest): on the bench sessions' strings the three searches take 55
 * to 65% of the time of the one alternation.
 */
export const anchorPatterns: readonly RegExp[] = ((anchors: readonly string[]) => {
  const byKey = new Map<string, string[]>()
  for (const alternative of anchors.flatMap(topLevelAlternatives)) {
    const key = rarestToken(alternative)
    const keySource = alternative.slice(key.start, key.end)
    const before = alternative.slice(0, key.end)
    const after = alternative.slice(key.end)
    const branch = key.start === 0 ? after : `(?<=${before})${after}`
    // Rules of one family share anchors (`sk-`, `hooks.slack.com`): each is searched once.
    const branches = byKey.get(keySource) ?? []
    if (!branches.includes(branch)) byKey.set(keySource, [...branches, branch])
  }
  const kinds = new Map<string, string[]>()
  for (const [keySource, branches] of byKey) {
    const kind = /^(?:[_:@=-]|\\.)/.test(keySource) ? 'punctuation' : /^[A-Z]/.test(keySource) ? 'upper' : 'other'
    const keyed = branches.includes('') ? keySource : `${keySource}(?:${branches.join('|')})`
    kinds.set(kind, [...(kinds.get(kind) ?? []), keyed])
  }
  return [...kinds.values()].map((keyed) => new RegExp(keyed.join('|')))
})(allAnchors)

/** Whether a string holds an anchor of any rule, so that the rules may find a secret in it. */
export function mayHoldSecret(text: string): boolean {
  for (const pattern of anchorPatterns) if (pattern.test(text)) return true
  return false
}

/** The alternatives of a regular expression's source at its top level (not inside a group or a class). */
function topLevelAlternatives(source: string): string[] {
  const alternatives: string[] = []
  let depth = 0
  let inClass = false
  let start = 0
  for (let index = 0; index < source.length; index++) {
    const character = source[index]
    if (character === '\\') index++
    else if (inClass) inClass = character !== ']'
    else if (character === '[') inClass = true
    else if (character === '(') depth++
    else if (character === ')') depth--
    else if (character === '|' && depth === 0) {
      alternatives.push(source.slice(start, index))
      start = index + 1
    }
  }
  alternatives.push(source.slice(start))
  return alternatives
}

/**
 * How common a character is in the text chatmark redacts, on a rough scale: a lower-case letter by its rank in
 * English, an upper-case one a quarter of that, `_`, `-`, `.`, `:`, `@` and `=` rarer than any letter (in `sig=`,
 * the pair `ig` would be searched at every `right` and `high`).
 */
function commonness(character: string): number {
  const lower = letterOrder.indexOf(character)
  if (lower !== -1) return lower + 1
  const upper = letterOrder.indexOf(character.toLowerCase())
  if (upper !== -1) return (upper + 1) / 4
  return '_-.:@='.includes(character) ? punctuationCost : 30
}

/** A token of an alternative: where it is, and the characters it stands for when it is plain. */
interface Token {
  start: number
  end: number
  /** Set for a literal character or a class of listed characters, at the top level and without a quantifier. */
  characters?: string[]
}

/** The tokens of an alternative, in order; a group is one token that is never plain. */
function tokensOf(alternative: string): Token[] {
  const tokens: Token[] = []
  for (let index = 0; index < alternative.length; ) {
    const start = index
    const character = alternative[index]!
    let characters: string[] | undefined
    if (character === '\\') {
      const escaped = alternative[index + 1] ?? ''
      // `\.` is a dot; `\w`, `\d`, `\b` and the like are not one character.
      characters = /^[^a-zA-Z0-9]$/.test(escaped) ? [escaped] : undefined
      index += 2
    } else if (character === '[') {
      const close = classEnd(alternative, index)
      const inside = alternative.slice(index + 1, close)
      characters = /^[a-zA-Z0-9_]+$/.test(inside) ? [...inside] : undefined
      index = close + 1
    } else if (character === '(') {
      index = groupEnd(alternative, index) + 1
    } else {
      characters = /^[a-zA-Z0-9_ :@=-]$/.test(character) ? [character] : undefined
      index++
    }
    const quantifier = /^(?:[?*+]|\{\d+(?:,\d*)?\})\??/.exec(alternative.slice(index))
    if (quantifier) index += quantifier[0].length
    tokens.push(quantifier || !characters ? {start, end: index} : {start, end: index, characters})
  }
  return tokens
}

/**
 * Where the alternative's search starts (see {@link anchorPatterns}): its rarest plain token when that is
 * punctuation (alternatives keyed by the same `_` share a branch); else the two adjacent plain tokens that are
 * rarest together, as two letters in a row are far rarer than either (`ecret` from `cr`, `mysql` from `[Qq][Ll]`).
 * Empty when no token is plain.
 */
function rarestToken(alternative: string): {start: number; end: number} {
  const tokens = tokensOf(alternative)
  const cost = (token: Token | undefined): number =>
    token?.characters ? token.characters.reduce((sum, each) => sum + commonness(each), 0) : Number.POSITIVE_INFINITY
  let single: Token | undefined
  for (const token of tokens) if (cost(token) < cost(single)) single = token
  if (!single) return {start: 0, end: 0}
  if (cost(single) <= punctuationCost) return single
  let pair: {start: number; end: number} | undefined
  let pairCost = Number.POSITIVE_INFINITY
  for (let index = 0; index + 1 < tokens.length; index++) {
    const together = cost(tokens[index]) * cost(tokens[index + 1])
    if (together < pairCost) {
      pair = {start: tokens[index]!.start, end: tokens[index + 1]!.end}
      pairCost = together
    }
  }
  return pair ?? single
}

/** The index of the `)` that closes the group opening at `open`. */
function groupEnd(source: string, open: number): number {
  let depth = 0
  for (let index = open; index < source.length; index++) {
    if (source[index] === '\\') index++
    else if (source[index] === '[') index = classEnd(source, index)
    else if (source[index] === '(') depth++
    else if (source[index] === ')' && --depth === 0) return index
  }
  return source.length
}

/** The index of the `]` that closes the class opening at `open`. */
function classEnd(source: string, open: number): number {
  for (let index = open + 1; index < source.length; index++) {
    if (source[index] === '\\') index++
    else if (source[index] === ']' && index > open + 1) return index
  }
  return source.length
}
