import {Buffer} from 'node:buffer'

// Made-up secrets, one or more of every kind redaction names (packages/cli/README.md, "Secret redaction"), each
// in a line of text as a person or a tool would write it. None is a real credential, nor any tool's documented
// example (some rules let those pass).

/** `length` letters and digits, different for each seed. */
export function alnum(length: number, seed: number): string {
  const letters = 'aB3dE5fG7hJ9kL1mN3pQ5rS7tV9wX1yZ2c4D6e8F0gH2iK4jM6nP8qR0sT2uW4vY6xz'
  return Array.from({length}, (_, i) => letters[(i * 7 + seed * 13 + ((i * seed) % 5)) % letters.length]).join('')
}

const hex = (length: number, seed: number): string =>
  Array.from({length}, (_, i) => '0123456789abcdef'[(i * 5 + seed * 3 + ((i * i) % 7)) % 16]).join('')
const digits = (length: number, seed: number): string =>
  Array.from({length}, (_, i) => String((i * 3 + seed + 1) % 10)).join('')
const upper = (length: number, seed: number): string => alnum(length, seed).toUpperCase()
const letters = (length: number, seed: number): string => alnum(length, seed).replace(/\d/g, 'q')
const base64 = (text: string): string => Buffer.from(text).toString('base64')
const base64url = (text: string): string => Buffer.from(text).toString('base64url')

/** One secret in its line: the kind its marker names, and the text that must not be anywhere in an output. */
export interface SecretSample {
  kind: string
  text: string
  /** Pieces of the secret (letters and digits, so no writer escapes them) that must not appear. */
  cores: string[]
}

/** A sample whose core is the whole random part. */
const sample = (kind: string, text: string, ...cores: string[]): SecretSample => ({kind, text, cores})

/** A PEM body: `lines` lines of 64 base64 characters, the first starting as a DER key does. */
function pemBody(magic: string, lines: number, seed: number): string[] {
  return Array.from({length: lines}, (_, line) => (line === 0 ? magic : '') + alnum(64, seed + line)).map((text) =>
    text.slice(0, 64)
  )
}

const rsa = pemBody('MIIEowIBAAKCAQEA', 4, 21)
const ec = pemBody('MHcCAQEEI', 2, 31)
const ed25519 = `MC4CAQAwBQYDK2VwBCIEI${alnum(43, 41)}`
const openssh = pemBody('b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQ', 3, 51)
const pgp = pemBody('lQOYBGS', 3, 61)
const encrypted = pemBody('MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI', 3, 71)
const pkcs1 = pemBody('MIICXAIBAAKBgQC', 3, 81)

const jwtClaims = base64url(`{"sub":"${digits(10, 1)}","name":"Ada"}`)
const jwt = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${jwtClaims}.${alnum(43, 91)}`

/** A 1Password service account token: `ops_` and base64 JSON that ends in `}` alone (`fQ==`). */
function onePassword(): string {
  const account = {
    signInAddress: 'my.1password.com',
    userAuth: {method: 'SRPg-4096', alg: 'PBES2g-HS256'},
    email: `${alnum(20, 5)}@1passwordserviceaccounts.com`,
    srpX: hex(64, 3),
    muk: {alg: 'A256GCM', ext: true, k: alnum(43, 7), key_ops: ['encrypt', 'decrypt'], kty: 'oct', kid: 'mp'},
    secretKey: `A3-${upper(6, 9)}`,
    throttleSecret: {seed: hex(64, 11), deviceUuid: alnum(26, 13)},
    deviceUuid: alnum(26, 15)
  }
  let json = JSON.stringify(account)
  while (json.length % 3 !== 1) json = `${json.slice(0, -1)} }`
  return `ops_${base64(json)}`
}

const azureKey = `${alnum(86, 17)}==`
/** A key's lines reversed: base64 still, but not starting as DER does (secretlint's rule wants `MI`). */
const reversed = rsa.map((line) => line.split('').reverse().join(''))

/** Every kind, with one sample or more. */
export const secretSamples: readonly SecretSample[] = [
  sample('OpenAI API key', `key: sk-proj-${alnum(74, 1)}T3BlbkFJ${alnum(74, 2)}`, alnum(74, 1), alnum(74, 2)),
  sample('OpenAI API key', `OPENAI_API_KEY is sk-svcacct-${alnum(60, 3)} now`, alnum(60, 3)),
  sample('Anthropic API key', `use sk-ant-api03-${alnum(93, 4)}AA here`, alnum(93, 4)),
  sample('Anthropic admin API key', `admin sk-ant-admin01-${alnum(93, 5)}AA`, alnum(93, 5)),
  sample('Anthropic OAuth token', `CLAUDE_CODE_OAUTH_TOKEN set to sk-ant-oat01-${alnum(93, 6)}AA`, alnum(93, 6)),
  sample('GitHub token', `push with ghp_${alnum(36, 7)} please`, alnum(36, 7)),
  sample('GitHub token', `fine-grained github_pat_${alnum(82, 8)}`, alnum(82, 8)),
  sample('GitHub token', `"repository": "https://${alnum(12, 9)}:x-oauth-basic@github.com/ada/app.git"`, alnum(12, 9)),
  sample('GitLab token', `export GL=glpat-${alnum(20, 10)}`, alnum(20, 10)),
  sample('GitLab token', `runner glrt-${alnum(24, 11)} registered`, alnum(24, 11)),
  sample('AWS access key ID', `id AKIA${upper(16, 12).replace(/[^A-Z0-9]/g, 'Q')} in use`, upper(16, 12).slice(0, 12)),
  // Two groups with their dash as the core: four digits alone turn up by chance in a vault's hashes and temporary
  // folder names.
  sample(
    'AWS account ID',
    `aws_account_id = ${digits(4, 3)}-${digits(4, 5)}-${digits(4, 7)}`,
    `${digits(4, 5)}-${digits(4, 7)}`
  ),
  sample('AWS secret access key', `aws_secret_access_key = ${alnum(36, 13)}/+Zq`, alnum(36, 13)),
  sample('Slack token', `bot xoxb-${digits(12, 14)}-${digits(13, 15)}-${alnum(24, 16)}`, alnum(24, 16)),
  sample(
    'Slack webhook',
    `post to https://hooks.slack.com/services/T${upper(8, 17)}/B${upper(8, 18)}/${alnum(24, 19)}`,
    alnum(24, 19)
  ),
  sample('SendGrid API key', `mail key SG.${alnum(22, 20)}.${alnum(43, 21)}`, alnum(22, 20), alnum(43, 21)),
  sample('npm token', `//registry.npmjs.org/:_authToken=npm_${alnum(36, 22)}`, alnum(36, 22)),
  sample(
    'npm token',
    `//registry.npmjs.org/:_authToken=${hex(8, 23)}-${hex(4, 24)}-${hex(4, 25)}-${hex(12, 26)}`,
    hex(12, 26)
  ),
  sample('npm password', `_password=${base64(`${alnum(14, 27)}`)}`, base64(alnum(14, 27)).slice(0, 16)),
  sample('Shopify token', `shop shpat_${hex(32, 28)}`, hex(32, 28)),
  sample('Linear API key', `linear lin_api_${alnum(40, 29)}`, alnum(40, 29)),
  sample('Groq API key', `groq gsk_${alnum(52, 30)}`, alnum(52, 30)),
  sample('Hugging Face token', `hf hf_${letters(34, 31)}`, letters(34, 31)),
  sample('Hugging Face token', `org api_org_${letters(34, 32)}`, letters(34, 32)),
  sample('Notion token', `notion ntn_${digits(11, 33)}${alnum(35, 34)}`, alnum(35, 34)),
  sample('Grafana token', `grafana glsa_${alnum(32, 35)}_${hex(8, 36)}`, alnum(32, 35)),
  sample('HashiCorp Vault token', `VAULT hvs.${alnum(95, 37)}`, alnum(95, 37)),
  sample('Vercel token', `vercel vcp_${alnum(24, 38)}`, alnum(24, 38)),
  sample('Databricks token', `databricks dapi${hex(32, 39)}`, hex(32, 39)),
  sample('Docker token', `docker login -p dckr_pat_${alnum(27, 40)}`, alnum(27, 40)),
  sample('Figma token', `figma figd_${alnum(40, 41)}`, alnum(40, 41)),
  sample('1Password service account token', `op ${onePassword()}`, onePassword().slice(30, 70)),
  sample('database password', `db postgresql://deploy:${alnum(20, 42)}!@db.internal:5432/app`, alnum(20, 42)),
  sample('database password', `MongoDB+SRV://app:${alnum(18, 43)}%21@cluster0.example.net/prod`, alnum(18, 43)),
  sample('database password', `mysql://root:${alnum(16, 44)}@127.0.0.2:3306/shop`, alnum(16, 44)),
  sample('password in a URL', `proxy https://deploy:${alnum(16, 45)}@proxy.example.com:8080/`, alnum(16, 45)),
  sample('password in a URL', `cache redis://:${alnum(16, 46)}@cache.internal:6379/0`, alnum(16, 46)),
  sample('password in a URL', `queue amqps://guest:${alnum(12, 47)}%40x@rabbit.internal/vhost`, alnum(12, 47)),
  sample('password in a URL', `ftp ftp://ada:${alnum(10, 48)}#1@files.example.org/pub`, alnum(10, 48)),
  sample(
    'private key',
    `-----BEGIN RSA PRIVATE KEY-----\n${rsa.join('\n')}\n-----END RSA PRIVATE KEY-----`,
    ...rsa.slice(1)
  ),
  sample('private key', `-----BEGIN EC PRIVATE KEY-----\n${ec.join('\n')}\n-----END EC PRIVATE KEY-----`, ...ec),
  sample('private key', `-----BEGIN PRIVATE KEY-----\n${ed25519}\n-----END PRIVATE KEY-----`, ed25519.slice(21)),
  sample(
    'private key',
    `-----BEGIN OPENSSH PRIVATE KEY-----\n${openssh.join('\n')}\n-----END OPENSSH PRIVATE KEY-----`,
    ...openssh.slice(1)
  ),
  sample(
    'private key',
    `-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: ada's key\n\n${pgp.join('\n')}\n=AbCd\n` +
      '-----END PGP PRIVATE KEY BLOCK-----',
    ...pgp.slice(1)
  ),
  sample(
    'private key',
    `-----BEGIN ENCRYPTED PRIVATE KEY-----\n${encrypted.join('\n')}\n-----END ENCRYPTED PRIVATE KEY-----`,
    ...encrypted.slice(1)
  ),
  // A key quoted in Markdown, and a key in a JSON string (a service account file, `cat`ed).
  sample(
    'private key',
    `> -----BEGIN RSA PRIVATE KEY-----\n${pkcs1.map((line) => `> ${line}`).join('\n')}\n` +
      '> -----END RSA PRIVATE KEY-----',
    ...pkcs1.slice(1)
  ),
  sample(
    'private key',
    `{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\n${reversed.join('\\n')}` +
      '\\n-----END PRIVATE KEY-----\\n"}',
    ...reversed.slice(1)
  ),
  sample('Stripe secret key', `stripe sk_live_${alnum(24, 49)}`, alnum(24, 49)),
  sample('Stripe secret key', `restricted rk_test_${alnum(30, 50)}`, alnum(30, 50)),
  sample('Stripe webhook secret', `whsec_${alnum(32, 51)}`, alnum(32, 51)),
  sample('Google API key', `maps AIza${alnum(35, 52)}`, alnum(35, 52)),
  sample('Google OAuth client secret', `client GOCSPX-${alnum(28, 53)}`, alnum(28, 53)),
  sample('Google OAuth token', `token ya29.${alnum(60, 54)}`, alnum(60, 54)),
  sample('JSON Web Token', `session ${jwt}`, alnum(43, 91)),
  sample(
    'Discord bot token',
    `bot MTIz${alnum(22, 55)}.${alnum(6, 56)}.${alnum(38, 57)}`,
    alnum(22, 55),
    alnum(38, 57)
  ),
  sample('Discord webhook', `https://discord.com/api/webhooks/${digits(18, 58)}/${alnum(68, 59)}`, alnum(68, 59)),
  sample('Telegram bot token', `bot ${digits(10, 60)}:AA${alnum(33, 61)}`, alnum(33, 61)),
  sample('Azure AD client secret', `client secret Ab18Q~${alnum(34, 62)}`, alnum(34, 62)),
  sample(
    'Azure access key',
    `DefaultEndpointsProtocol=https;AccountName=store;AccountKey=${azureKey};EndpointSuffix=core.windows.net`,
    azureKey.slice(0, 40)
  ),
  sample(
    'Azure SAS signature',
    `https://store.blob.core.windows.net/c/f.txt?sv=2022-11-02&sp=r&sig=${alnum(43, 63)}%3D`,
    alnum(43, 63)
  ),
  sample(
    'Microsoft Teams webhook',
    `https://contoso.webhook.office.com/webhookb2/${hex(8, 64)}-aaaa-bbbb-cccc-${hex(12, 65)}@` +
      `${hex(8, 66)}-aaaa-bbbb-cccc-${hex(12, 67)}/IncomingWebhook/${hex(32, 68)}/` +
      `${hex(8, 69)}-aaaa-bbbb-cccc-${hex(12, 70)}`,
    hex(32, 68)
  ),
  sample('Slack token', `config xoxe.xoxp-1-${upper(150, 71)}`, upper(150, 71).slice(0, 40)),
  sample('PyPI token', `pypi-AgEIcHlwaS5vcmc${alnum(60, 72)}`, alnum(60, 72)),
  sample('DigitalOcean token', `do dop_v1_${hex(64, 73)}`, hex(64, 73)),
  sample('Heroku API key', `heroku HRKU-AA${alnum(58, 74)}`, alnum(58, 74)),
  sample('Sentry token', `sentry sntryu_${hex(64, 75)}`, hex(64, 75)),
  sample('Perplexity API key', `pplx-${alnum(48, 76)}`, alnum(48, 76)),
  sample('Doppler token', `doppler dp.pt.${alnum(43, 77)}`, alnum(43, 77)),
  sample('Pulumi token', `pulumi pul-${hex(40, 78)}`, hex(40, 78)),
  sample('Terraform Cloud token', `tf ${alnum(14, 79)}.atlasv1.${alnum(64, 80)}`, alnum(64, 80)),
  sample(
    'age secret key',
    `AGE-SECRET-KEY-1${'QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'.repeat(2).slice(3, 61)}`,
    'ZRY9X8GF2TVDW0S3JN54KHCE6MUA7L'
  ),
  sample('Postman API key', `PMAK-${hex(24, 81)}-${hex(34, 82)}`, hex(34, 82)),
  sample('Atlassian API token', `jira ATATT3${alnum(186, 83)}`, alnum(186, 83).slice(0, 60)),
  sample('Fly.io token', `fly fo1_${alnum(43, 84)}`, alnum(43, 84)),
  sample('Square token', `square sq0atp-${alnum(22, 85)}`, alnum(22, 85)),
  sample('Supabase key', `supabase sbp_${hex(40, 86)}`, hex(40, 86)),
  sample('Cloudflare origin CA key', `v1.0-${hex(24, 87)}-${hex(146, 88)}`, hex(146, 88).slice(0, 60)),
  sample('Dynatrace token', `dt0c01.${upper(24, 89)}.${alnum(64, 90)}`, alnum(64, 90)),
  sample('Amazon Bedrock API key', `bedrock ABSK${alnum(120, 92)}`, alnum(120, 92).slice(0, 60)),
  sample('New Relic API key', `NRAK-${upper(27, 93)}`, upper(27, 93)),
  sample('RubyGems API key', `gem rubygems_${hex(48, 94)}`, hex(48, 94)),
  sample(
    'authorization header',
    `curl -H "Authorization: Bearer ${alnum(40, 95)}" https://api.example.com`,
    alnum(40, 95)
  ),
  sample(
    'authorization header',
    `Authorization: Basic ${base64(`ada:${alnum(12, 96)}`)}`,
    base64(`ada:${alnum(12, 96)}`)
  ),
  sample('API key', `x-api-key: ${alnum(40, 97)}`, alnum(40, 97)),
  sample('password', `DB_PASSWORD=${alnum(14, 98)}`, alnum(14, 98)),
  sample('password', `  POSTGRES_PASSWORD: ${alnum(14, 99)}`, alnum(14, 99)),
  sample('secret', `export API_TOKEN="${alnum(32, 100)}"`, alnum(32, 100)),
  sample('secret', `SECRET_KEY = '${alnum(50, 101)}'`, alnum(50, 101)),
  sample('password', `curl -u admin:${alnum(14, 102)} https://api.example.com/v1`, alnum(14, 102)),
  // A token wrapped in base64 (a credentials file or a header value encoded for an environment variable).
  sample(
    'GitHub token in base64',
    `echo ${base64(`ghp_${alnum(36, 103)}`)} | base64 -d`,
    base64(`ghp_${alnum(36, 103)}`).slice(8, 40)
  ),
  sample(
    'Stripe secret key in base64',
    `STRIPE=${base64url(`{"key":"sk_live_${alnum(24, 104)}"}`)}`,
    base64url(`{"key":"sk_live_${alnum(24, 104)}"}`).slice(8, 40)
  )
]

/**
 * Text that looks like a secret's surroundings and holds none: each must come through unchanged. `xoxo-gossip-girl`
 * was taken for a Slack token.
 */
export const ordinaryTexts: readonly string[] = [
  'xoxo-gossip-girl',
  'password = getPassword()',
  'cd $PWD && echo $OLDPWD',
  'PWD=/home/ada/app',
  'SORT_KEY=name',
  'MAX_TOKENS=4096',
  'TOKENIZERS_PARALLELISM=false',
  'export GITHUB_TOKEN=$GH_TOKEN',
  // A reference to a variable, as a shell or a template writes it.
  ['DB_PASSWORD=$', '{DB_PASSWORD}'].join(''),
  'Authorization: required',
  ['Authorization: Bearer $', '{TOKEN}'].join(''),
  'postgres://localhost:5432/app',
  'https://ada@example.com/profile',
  'postgres://user:password@localhost/db',
  'the -----BEGIN RSA PRIVATE KEY----- line starts a key',
  'commit 3f786850e387550fdab836ed7e6dc881de23001b',
  'id 123e4567-e89b-12d3-a456-426614174000',
  'SGVsbG8sIHdvcmxkISBIZWxsbywgd29ybGQh is a greeting',
  'see https://example.com/a/b?x=1&y=2',
  'a sk-learn model and gh_pages'
]
