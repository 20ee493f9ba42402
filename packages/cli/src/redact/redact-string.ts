import type {SecretReading} from './find-secrets.js'
import {findSecrets, secretReadings} from './find-secrets.js'
import type {SecretScanner} from './secret-scanners.js'
import {secretScanners} from './secret-scanners.js'

/** A string with its secrets replaced, and how many there were. */
export interface RedactedString {
  text: string
  count: number
}

/**
 * Replaces each secret in a string with a marker naming its kind, `[redacted: GitHub token]`. The rules are
 * loaded only when the string may hold a secret (see `secretReadings`).
 */
export async function redactString(text: string): Promise<RedactedString> {
  const readings = secretReadings(text)
  return readings.length === 0 ? {text, count: 0} : redactReadings(text, readings, await secretScanners())
}

/** {@link redactString} with the string's readings found and the rules loaded. */
export function redactReadings(
  text: string,
  readings: readonly SecretReading[],
  scanners: readonly SecretScanner[]
): RedactedString {
  const found = findSecrets(readings, scanners)
  if (found.length === 0) return {text, count: 0}
  let out = ''
  let at = 0
  for (const secret of found) {
    out += `${text.slice(at, secret.start)}[redacted: ${secret.kind}]`
    at = secret.end
  }
  return {text: out + text.slice(at), count: found.length}
}
