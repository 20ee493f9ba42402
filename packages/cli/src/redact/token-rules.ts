import type {SecretRule} from './secret-rule.js'

/**
 * A token known by its own shape: `body` (regular-expression source) not inside a longer run of letters and
 * digits.
 */
function token(kind: string, body: string, anchors: readonly string[], source: string): SecretRule {
  return {kind, pattern: new RegExp(`(?<![A-Za-z0-9])(?:${body})(?![A-Za-z0-9])`, 'g'), anchors, source}
}

const gitleaks = (id: string): string => `gitleaks rule \`${id}\``

/**
 * Tokens that secretlint's recommended rules (12.0) miss, each recognised by a prefix its issuer gives it and
 * the shape after it. Every shape is from the issuer's documentation or a gitleaks rule (config/gitleaks.toml),
 * so that ordinary text (an identifier, a hash, a UUID) is never taken for one. Anchors are short and shared
 * where a family has one (`sk-`, `xox[bparoe]-`): the prefilter tries each at every `-` of a text.
 */
export const tokenRules: readonly SecretRule[] = [
  token('Anthropic API key', 'sk-ant-api\\d\\d-[\\w-]{32,200}', ['sk-'], gitleaks('anthropic-api-key')),
  token('Anthropic admin API key', 'sk-ant-admin\\d\\d-[\\w-]{32,200}', ['sk-'], gitleaks('anthropic-admin-api-key')),
  token(
    'Anthropic OAuth token',
    'sk-ant-o(?:at|rt)\\d\\d-[\\w-]{32,200}',
    ['sk-'],
    'Claude Code docs: `claude setup-token` (CLAUDE_CODE_OAUTH_TOKEN, `sk-ant-oat01-`)'
  ),
  token('OpenAI API key', 'sk-(?:proj|svcacct|admin)-[\\w-]{40,300}', ['sk-'], gitleaks('openai-api-key')),
  token(
    'GitLab token',
    '(?:glpat|glptt|gldt|glrt|glcbt|glsoat|glft|glimt|glagent|gloas|glffct)-[\\w.-]{20,300}|GR1348941[\\w-]{20,}',
    ['gl(?:pat|ptt|dt|rt|cbt|soat|ft|imt|agent|oas|ffct)-', 'GR1348941'],
    'GitLab docs: token prefixes; gitleaks rules `gitlab-*`'
  ),
  token(
    'Stripe secret key',
    '(?:sk|rk)_(?:live|test|prod)_[A-Za-z0-9]{10,247}',
    ['[sr]k_(?:live|test|prod)_'],
    gitleaks('stripe-access-token')
  ),
  token(
    'Stripe webhook secret',
    'whsec_[A-Za-z0-9+/=]{24,}',
    ['whsec_'],
    'Stripe docs: webhook signing secrets (`whsec_`)'
  ),
  token('Google API key', 'AIza[\\w-]{35}', ['AIza'], gitleaks('gcp-api-key')),
  token(
    'Google OAuth client secret',
    'GOCSPX-[\\w-]{28}',
    ['GOCSPX-'],
    'Google Cloud docs: OAuth client secrets (`GOCSPX-`)'
  ),
  token('Google OAuth token', 'ya29\\.[\\w-]{30,}', ['ya29\\.'], 'Google OAuth 2.0 docs: access tokens (`ya29.`)'),
  token('JSON Web Token', 'eyJ[\\w-]{15,}\\.eyJ[\\w-]{15,}\\.[\\w-]*', ['\\.eyJ'], `RFC 7519; ${gitleaks('jwt')}`),
  token(
    'Discord bot token',
    '[MNO][\\w-]{23,27}\\.[\\w-]{6}\\.[\\w-]{27,40}',
    ['\\.[\\w-]{6}\\.'],
    'Discord docs: bot tokens (a base64 user id, a timestamp and an HMAC, dot-separated)'
  ),
  token(
    'Discord webhook',
    'https://(?:(?:ptb|canary)\\.)?discord(?:app)?\\.com/api/webhooks/\\d{17,20}/[\\w-]{60,90}',
    ['discord(?:app)?\\.com/api/webhooks'],
    'Discord docs: Execute Webhook (`/webhooks/{webhook.id}/{webhook.token}`)'
  ),
  token(
    'Telegram bot token',
    '\\d{5,16}:A[\\w-]{34}',
    ['\\d:A'],
    `Telegram Bot API docs: authorizing your bot; ${gitleaks('telegram-bot-api-token')}`
  ),
  token('Azure AD client secret', '[\\w~.]{3}\\dQ~[\\w~.-]{31,34}', ['\\dQ~'], gitleaks('azure-ad-client-secret')),
  token(
    'Microsoft Teams webhook',
    'https://[\\w-]+\\.webhook\\.office\\.com/webhookb2/[^\\s"\'<>`]{40,}',
    ['webhook\\.office\\.com'],
    gitleaks('microsoft-teams-webhook')
  ),
  token(
    'Slack token',
    'xoxe\\.xox[bp]-\\d-[A-Za-z0-9]{100,200}|xoxe-\\d-[A-Za-z0-9]{100,200}',
    ['xox[bparoe]-'],
    gitleaks('slack-config-access-token')
  ),
  token(
    'Slack webhook',
    '(?:https://)?hooks\\.slack\\.com/(?:services|workflows|triggers)/[A-Za-z0-9+/_-]{20,120}',
    ['hooks\\.slack\\.com'],
    gitleaks('slack-webhook-url')
  ),
  token('Hugging Face token', 'api_org_[A-Za-z]{34}', ['api_org_'], gitleaks('huggingface-organization-api-token')),
  token('PyPI token', 'pypi-AgEIcHlwaS5vcmc[\\w-]{50,}', ['pypi-AgEI'], gitleaks('pypi-upload-token')),
  token('DigitalOcean token', 'do[opr]_v1_[a-f0-9]{64}', ['_v1_'], gitleaks('digitalocean-pat')),
  token('Heroku API key', 'HRKU-[\\w-]{58,64}', ['HRKU-'], gitleaks('heroku-api-key-v2')),
  token('Sentry token', 'sntry[us]_[\\w+/=]{40,400}', ['sntry[us]_'], gitleaks('sentry-user-token')),
  token('Perplexity API key', 'pplx-[A-Za-z0-9]{48}', ['pplx-'], gitleaks('perplexity-api-key')),
  token(
    'Doppler token',
    'dp\\.(?:pt|st|sa|ct|scim|audit)\\.[A-Za-z0-9]{40,44}',
    ['dp\\.(?:pt|st|sa|ct|scim|audit)\\.'],
    `Doppler docs: token formats; ${gitleaks('doppler-api-token')}`
  ),
  token('Pulumi token', 'pul-[a-f0-9]{40}', ['pul-'], gitleaks('pulumi-api-token')),
  token(
    'Terraform Cloud token',
    '[A-Za-z0-9]{14}\\.atlasv1\\.[\\w=-]{60,70}',
    ['\\.atlasv1\\.'],
    gitleaks('hashicorp-tf-api-token')
  ),
  token(
    'age secret key',
    'AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}',
    ['AGE-SECRET-KEY-'],
    gitleaks('age-secret-key')
  ),
  token('Postman API key', 'PMAK-[a-f0-9]{24}-[a-f0-9]{34}', ['PMAK-'], gitleaks('postman-api-token')),
  token('Atlassian API token', 'ATATT3[\\w=-]{150,250}', ['ATATT3'], gitleaks('atlassian-api-token')),
  token(
    'Fly.io token',
    'fo1_[\\w-]{43}|fm[12][ar]?_[A-Za-z0-9+/]{100,}={0,3}',
    ['fo1_', 'fm[12][ar]?_'],
    gitleaks('flyio-access-token')
  ),
  token('Square token', 'sq0(?:atp|csp)-[\\w-]{22,60}', ['sq0(?:atp|csp)-'], gitleaks('square-access-token')),
  token(
    'Supabase key',
    'sbp_[a-f0-9]{40}|sb_secret_[\\w-]{20,}',
    ['sbp_', 'sb_secret_'],
    'Supabase docs: access tokens (`sbp_`) and secret API keys (`sb_secret_`)'
  ),
  token(
    'Cloudflare origin CA key',
    'v1\\.0-[a-f0-9]{24}-[a-f0-9]{146}',
    ['v1\\.0-'],
    gitleaks('cloudflare-origin-ca-key')
  ),
  token(
    'Dynatrace token',
    'dt0c01\\.[A-Za-z0-9]{24}\\.[A-Za-z0-9]{64}',
    ['dt0c01\\.'],
    gitleaks('dynatrace-api-token')
  ),
  token(
    'Amazon Bedrock API key',
    'ABSK[A-Za-z0-9+/]{109,269}={0,2}',
    ['ABSK'],
    gitleaks('aws-amazon-bedrock-api-key-long-lived')
  ),
  token('New Relic API key', 'NRAK-[A-Za-z0-9]{27}', ['NRAK-'], gitleaks('new-relic-user-api-key')),
  token('RubyGems API key', 'rubygems_[a-f0-9]{48}', ['rubygems_'], gitleaks('rubygems-api-token'))
]
