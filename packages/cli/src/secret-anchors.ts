/**
 * For each rule of secretlint's recommended preset, the literal text every secret it finds
 * must contain (as regular-expression source). Running the preset costs about 37 ms per MB,
 * more than a conversion; one search for these anchors is far cheaper, so only strings that
 * hold one are given to the rules. `test/redact-secrets.test.ts` fails when the preset gains
 * a rule that has no entry here.
 */
export const secretAnchors: Readonly<Record<string, readonly string[]>> = {
  '@secretlint/secretlint-rule-aws': [
    'A3T[A-Z0-9]|AKIA|AGPA|AIDA|AROA|AIPA|ANPA|ANVA|ASIA',
    // `aws_secret_access_key = ...` and `aws_account_id: ...`, in the three spellings the rule reads.
    'ecret|ECRET',
    'ccount|CCOUNT'
  ],
  // It scans only `.json` and `.p12` files, which chatmark never hands it.
  '@secretlint/secretlint-rule-gcp': [],
  '@secretlint/secretlint-rule-privatekey': ['PRIVATE KEY'],
  '@secretlint/secretlint-rule-npm': ['x-oauth-basic|_authToken|npm_'],
  '@secretlint/secretlint-rule-basicauth': [':[-\\w]{1,256}@'],
  '@secretlint/secretlint-rule-slack': ['xox[bparo]-|xapp-|hooks\\.slack\\.com'],
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
  '@secretlint/secretlint-rule-database-connection-string': [
    '[Mm][Oo][Nn][Gg][Oo]|[Mm][Yy][Ss][Qq][Ll]|[Pp][Oo][Ss][Tt][Gg][Rr][Ee][Ss]'
  ],
  '@secretlint/secretlint-rule-hashicorp-vault': ['hv[sbr]\\.'],
  '@secretlint/secretlint-rule-vercel': ['vc[pikar]_'],
  '@secretlint/secretlint-rule-databricks': ['dapi'],
  '@secretlint/secretlint-rule-docker': ['dckr_pat_'],
  '@secretlint/secretlint-rule-figma': ['figd_'],
  // Not a scanner: it honours `secretlint-disable` comments in the scanned text.
  '@secretlint/secretlint-rule-filter-comments': []
}

/** Whether a string holds an anchor of any rule, so that the rules may find a secret in it. */
export const mayHoldSecret: (text: string) => boolean = (
  (pattern: RegExp) => (text: string) =>
    pattern.test(text)
)(new RegExp(Object.values(secretAnchors).flat().join('|')))
