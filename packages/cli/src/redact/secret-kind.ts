/** What a secret is called in its marker, by the secretlint rule (and message) that found it. */
const kinds: Readonly<Record<string, string>> = {
  aws: 'AWS access key ID',
  'aws/AWSAccessKeyID': 'AWS access key ID',
  'aws/AWSSecretAccessKey': 'AWS secret access key',
  'aws/AWSAccountID': 'AWS account ID',
  'slack/SLACK_TOKEN': 'Slack token',
  'slack/IncomingWebhook': 'Slack webhook',
  'npm/PackageJSON_xOauthToken': 'GitHub token',
  privatekey: 'private key',
  github: 'GitHub token',
  gitlab: 'GitLab token',
  openai: 'OpenAI API key',
  anthropic: 'Anthropic API key',
  basicauth: 'password in a URL',
  'database-connection-string': 'database password',
  npm: 'npm token',
  sendgrid: 'SendGrid API key',
  shopify: 'Shopify token',
  linear: 'Linear API key',
  '1password': '1Password service account token',
  groq: 'Groq API key',
  huggingface: 'Hugging Face token',
  notion: 'Notion token',
  grafana: 'Grafana token',
  'hashicorp-vault': 'HashiCorp Vault token',
  vercel: 'Vercel token',
  databricks: 'Databricks token',
  docker: 'Docker token',
  figma: 'Figma token'
}

/**
 * The kind of secret a secretlint message reports, as the redaction marker names it
 * (`[redacted: GitHub token]`); a rule not listed is named after itself (`example secret`).
 */
export function secretKind(ruleId: string, messageId: string): string {
  const rule = ruleId.replace(/^@secretlint\/secretlint-rule-/, '')
  return kinds[`${rule}/${messageId}`] ?? kinds[rule] ?? `${rule} secret`
}

/** Every kind secretlint's rules are named by (for the README's list, which a test compares with it). */
export const secretlintKinds: readonly string[] = [...new Set(Object.values(kinds))]
