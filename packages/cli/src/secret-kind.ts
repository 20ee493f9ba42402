/** What a secret is called in its marker, by the rule (and message) that found it; others are named after the rule. */
const kinds: Readonly<Record<string, string>> = {
  'aws/AWSAccessKeyID': 'AWS access key ID',
  'aws/AWSSecretAccessKey': 'AWS secret access key',
  'aws/AWSAccountID': 'AWS account ID',
  'slack/SLACK_TOKEN': 'Slack token',
  'slack/IncomingWebhooks': 'Slack webhook',
  privatekey: 'private key',
  github: 'GitHub token',
  gitlab: 'GitLab token',
  openai: 'OpenAI API key',
  anthropic: 'Anthropic API key',
  basicauth: 'password in a URL',
  'database-connection-string': 'database password',
  npm: 'npm token'
}

/**
 * The kind of secret a secretlint message reports, as the redaction marker names it
 * (`[redacted: GitHub token]`).
 */
export function secretKind(ruleId: string, messageId: string): string {
  const rule = ruleId.replace(/^@secretlint\/secretlint-rule-/, '')
  return kinds[`${rule}/${messageId}`] ?? kinds[rule] ?? `${rule} secret`
}
