import {isPlaceholder} from './placeholder.js'
import type {SecretRule} from './secret-rule.js'

/** What may stand before or after the base64 of a key's line: a quote's `> `, a comment's `# `, string quotes. */
const linePrefix = String.raw`[ \t>#*"'+,;]*`
/** A line break in a key: a real one, or a JSON string's `\n`. */
const lineBreak = String.raw`(?:\\r?\\n|\r?\n)`
/** The header lines of an encrypted PEM key and of an armored PGP key. */
const keyHeader = String.raw`(?:Proc-Type|DEK-Info|Version|Comment|Hash|Charset):[^\n\\]{0,200}`
const keyLabel = '[ A-Z0-9]{0,40}PRIVATE KEY(?: BLOCK)?-----'

/**
 * Secrets recognised by what stands around them: a key's armor, a URL's userinfo, a header's or a variable's
 * name. Each has a placeholder check, as examples and code name these places without a secret in them.
 */
export const contextRules: readonly SecretRule[] = [
  {
    // Any PEM or PGP private key (RSA, EC, DSA, OpenSSH, PKCS#8, encrypted), however its lines are quoted (`> `,
    // `# `, a JSON string's `\n`, spaces for line breaks), to its END line; cut short (a tool's output was), to
    // its last line of base64. secretlint's rule needs a body of 100 characters starting `MI` or the OpenSSH
    // magic: it misses EC and Ed25519 keys (`MH`, `MC`) and keys in quoted lines.
    kind: 'private key',
    pattern: new RegExp(
      String.raw`-----BEGIN${keyLabel}(?:(?<body>[\w+/=\s>#*"',;\\:.()@-]{0,20000}?)-----END${keyLabel}|` +
        `(?<cut>(?:(?:${linePrefix}${lineBreak})+${linePrefix}(?:[A-Za-z0-9+/=]{16,}|${keyHeader})` +
        `(?=[ \\t"',;+]*(?:${lineBreak}|$)))*))`,
      'gd'
    ),
    anchors: ['PRIVATE KEY'],
    source: 'RFC 7468 (PEM), RFC 4716 and OpenSSH PROTOCOL.key, RFC 4880 (armored PGP keys)',
    // A line of key: 40 base64 characters in a row (an Ed25519 key's one line is 64), which no mention of the
    // header or prose between two headers has.
    plausible: (_, match) =>
      (match.groups?.['body'] ?? match.groups?.['cut'] ?? '').split(/\\[nr]/).some((piece) => /[\w+/=]{40}/.test(piece))
  },
  {
    // The password of any URL, not only http's and the databases' (`redis://:pw@`, `amqps://`, `%40` in it): the
    // userinfo is everything before the authority's last `@`, and the password what follows its first `:`.
    kind: 'password in a URL',
    pattern: new RegExp(
      String.raw`(?<![\w+.-])[A-Za-z][\w+.-]{1,30}:\/\/[^\s:/?#@"'<>\x60[\]{}|\\^]{0,256}:` +
        String.raw`(?<secret>[^\s/"'<>\x60\\]{1,256})@(?=[\w[])`,
      'dg'
    ),
    anchors: ['://[^\\s/@]{0,512}@'],
    source: 'RFC 3986, section 3.2.1 (userinfo); the WHATWG URL standard (the last `@` ends it)',
    plausible: (secret) => !isPlaceholder(decodeURIComponentSafe(secret))
  },
  {
    // `Authorization: Bearer ...`, `Basic ...`, `token ...`, `Bot ...`, in headers, curl flags and JSON.
    kind: 'authorization header',
    pattern: new RegExp(
      String.raw`(?<![\w-])(?:Proxy-)?Authorization["']?\s*[:=]\s*["'\x60]?` +
        String.raw`(?<scheme>(?:Bearer|Basic|Token|Bot|Api-Key)\s+)?(?<secret>[^\s"'\x60,;)}\]]{8,})`,
      'dgi'
    ),
    anchors: ['uthorization', 'UTHORIZATION'],
    source: 'RFC 9110, section 11.6.2 (Authorization); RFC 6750 (Bearer); RFC 7617 (Basic)',
    // Without a scheme the value must look like a credential, not a word (`Authorization: required`).
    plausible: (secret, match) =>
      !isPlaceholder(secret) && (match.groups?.['scheme'] !== undefined || (secret.length >= 20 && /\d/.test(secret)))
  },
  {
    kind: 'API key',
    pattern: new RegExp(
      String.raw`(?<![\w-])(?:x-api-key|api-key|x-auth-token|private-token|x-goog-api-key|ocp-apim-subscription-key|` +
        String.raw`x-subscription-token)["']?\s*[:=]\s*["'\x60]?(?<secret>[^\s"'\x60,;)}\]]{12,})`,
      'dgi'
    ),
    anchors: [
      '[Aa][Pp][Ii]-[Kk][Ee][Yy]',
      '[Aa][Uu][Tt][Hh]-[Tt][Oo][Kk][Ee][Nn]',
      '[Pp][Rr][Ii][Vv][Aa][Tt][Ee]-[Tt][Oo][Kk][Ee][Nn]',
      '[Ss][Uu][Bb][Ss][Cc][Rr][Ii][Pp][Tt][Ii][Oo][Nn]-(?:[Kk][Ee][Yy]|[Tt][Oo][Kk][Ee][Nn])'
    ],
    source: 'the API key headers of their vendors (Anthropic `x-api-key`, GitLab `PRIVATE-TOKEN`, Google, Azure)',
    plausible: (secret) => !isPlaceholder(secret) && /\d/.test(secret) && /[A-Za-z]/.test(secret)
  },
  // `.env` and shell assignments to an upper-case variable whose name says it holds a secret: `DB_PASSWORD=...`,
  // `export API_TOKEN="..."`, `SECRET_KEY = '...'`, `"OPENAI_API_KEY": "..."`, YAML `POSTGRES_PASSWORD: ...`
  // alone on its line. `PWD` and `OLDPWD` (the shell's folders) are not among them.
  variableRule('password', 'PASSWORD|PASSWD|PASSPHRASE|_PWD|_PASS'),
  variableRule('secret', 'SECRET|TOKEN|_KEY|APIKEY'),
  {
    // `.npmrc`: `//registry.npmjs.org/:_authToken=...`. secretlint reads it only in a file named `.npmrc`.
    kind: 'npm token',
    pattern: /(?<![\w-])_authToken[ \t]*=[ \t]*["']?(?<secret>[^\s"'$][^\s"']{3,})/dg,
    anchors: ['_authToken'],
    source: 'npm docs: npmrc, auth-related configuration (`_authToken`)',
    plausible: (secret) => !isPlaceholder(secret)
  },
  {
    // `.npmrc`'s `_auth` (base64 of `user:password`) and `_password` (base64).
    kind: 'npm password',
    pattern: /(?<![\w-])_(?:auth|password)[ \t]*=[ \t]*["']?(?<secret>[^\s"'$][^\s"']{3,})/dg,
    anchors: ['_auth', '_password'],
    source: 'npm docs: npmrc, auth-related configuration (`_auth`, `_password`)',
    plausible: (secret) => !isPlaceholder(secret)
  },
  {
    // An Azure connection string's key: Storage's `AccountKey=`, Service Bus' and Event Hubs' `SharedAccessKey=`.
    kind: 'Azure access key',
    pattern: /(?<![\w-])(?:AccountKey|SharedAccessKey|AccessKey)=(?<secret>[A-Za-z0-9+/]{40,100}={0,2})/dg,
    anchors: ['AccountKey=', 'AccessKey='],
    source: 'Azure docs: Storage connection strings (AccountKey), Service Bus SAS (SharedAccessKey)'
  },
  {
    // The signature of an Azure shared access signature URL (`?sv=...&sig=...`), which is the credential.
    kind: 'Azure SAS signature',
    pattern: /[?&;]sig=(?<secret>[A-Za-z0-9%+/=]{30,})/dg,
    anchors: ['sig='],
    source: 'Azure docs: shared access signatures (the `sig` field)'
  },
  {
    // `curl -u user:password` (and `--user`).
    kind: 'password',
    pattern:
      /(?<![\w-])curl\b[^\n]{0,500}?\s(?:-u|--user)[ =]?["']?[^\s:"'`<>]{1,256}:(?<secret>[^\s"'`<>;)]{1,256})/dg,
    anchors: ['-u'],
    source: `curl's manual (-u, --user <user:password>); gitleaks rule \`curl-auth-user\``,
    plausible: (secret) => !isPlaceholder(secret)
  }
]

/** `%`-escapes decoded where they are valid (a password is compared with placeholders as it reads). */
function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text)
  } catch {
    return text
  }
}

/**
 * A rule for assignments to variables whose names end with one of `suffixes` (an alternation). A value is a secret
 * unless it stands in for one; a `secret` (a key, a token) also has letters and digits, as generated keys do,
 * where names and words (`SORT_KEY=name`, `ANNOTATION_KEY = '_rollupAnnotations'`) have none.
 */
function variableRule(kind: 'password' | 'secret', suffixes: string): SecretRule {
  // An unquoted value ends at a space, a shell operator or a bracket (Markdown's `](` after a link's text).
  return {
    kind,
    pattern: new RegExp(
      String.raw`(?<![\w$.{-])(?<quote>["']?)[A-Z][A-Z0-9_]{0,60}?(?:${suffixes})\k<quote>` +
        String.raw`(?:=(?<secret>[^\s"'\x60;&|()[\]{}<>]{1,512})|` +
        String.raw`[ \t]*[:=][ \t]*(?<open>["'])(?<secret2>[^"'\n]{1,512})\k<open>|` +
        String.raw`:[ \t]+(?<secret3>[^\s"'\x60#]{1,512})[ \t]*$)`,
      'dgm'
    ),
    anchors: [suffixes],
    source: 'the .env format (dotenv: `NAME=value`) and POSIX shell variable assignment',
    plausible: (value) =>
      value.length >= 4 &&
      !isPlaceholder(value) &&
      (kind === 'password' || (value.length >= 8 && /\d/.test(value) && /[A-Za-z]/.test(value)))
  }
}
