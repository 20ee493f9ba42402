/** Words that stand in for a password in examples and documentation, lower-cased. */
const placeholderWords = new Set([
  'password',
  'passwd',
  'pass',
  'pwd',
  'secret',
  'token',
  'changeme',
  'mypassword',
  'yourpassword',
  'your_password',
  'your-password',
  'redacted',
  'example',
  'null',
  'none',
  'undefined',
  'true',
  'false'
])

/**
 * Whether a value found where a secret would be is a stand-in rather than a secret: a reference to one
 * (`$DB_PASSWORD`, `${TOKEN}`, `{{ .token }}`, `%PASSWORD%`, `<your key>`, `process.env.X`), a placeholder word
 * (`password`, `changeme`, `your-api-key-here`), a row of one character (`xxxx`, `****`), a path, or an earlier
 * marker (`[redacted: ...]`). Redacting these would hide nothing and muddle code and examples.
 */
export function isPlaceholder(value: string): boolean {
  const lower = value.toLowerCase()
  return (
    placeholderWords.has(lower) ||
    /^[$%<{[(]|[}>%]$|^\.{2}|\.{3}/.test(value) ||
    /^(.)\1*$/.test(value) ||
    /^(?:~|\.{0,2})\//.test(value) ||
    /^(?:your|my|enter|insert|replace|put)[-_ ]|[-_ ](?:here|goes[-_ ]here)$/.test(lower) ||
    /^(?:process\.env|os\.environ|env)\b/.test(value)
  )
}
