import {base64Runs} from './base64-runs.js'
import type {FoundSecret} from './found-secret.js'
import {mergedSecrets} from './found-secret.js'
import {readableText, sourcePosition} from './readable-text.js'
import {mayHoldSecret} from './secret-anchors.js'
import type {SecretScanner} from './secret-scanners.js'

/**
 * A reading of a string that may hold a secret: the string itself, the string as a Markdown reader reads it
 * (escapes resolved), or a run of base64 in it, decoded. `place` maps a secret found in `text` to the span of the
 * string it is replaced in, with the kind the marker gives it.
 */
export interface SecretReading {
  text: string
  place(secret: FoundSecret): FoundSecret
}

/**
 * The readings of a string that hold the text some rule's secrets must contain. Most strings have none, and
 * finding that runs no rule (and loads none): three regular expressions, and a probe for base64 every 24
 * characters.
 */
export function secretReadings(source: string): SecretReading[] {
  const readings: SecretReading[] = []
  if (mayHoldSecret(source)) readings.push({text: source, place: (secret) => secret})
  const readable = readableText(source)
  if (readable && mayHoldSecret(readable.text)) {
    readings.push({
      text: readable.text,
      place: (secret) => ({
        ...secret,
        start: sourcePosition(readable, secret.start),
        end: sourcePosition(readable, secret.end)
      })
    })
  }
  for (const run of base64Runs(source)) {
    if (!mayHoldSecret(run.decoded)) continue
    // The run is replaced whole: a secret's base64 does not fall on the run's own character boundaries.
    readings.push({
      text: run.decoded,
      place: (secret) => ({start: run.start, end: run.end, kind: `${secret.kind} in base64`})
    })
  }
  return readings
}

/** The secrets in a string, from its readings (see {@link secretReadings}), each once. */
export function findSecrets(readings: readonly SecretReading[], scanners: readonly SecretScanner[]): FoundSecret[] {
  const found: FoundSecret[] = []
  for (const reading of readings) {
    for (const scanner of scanners) {
      if (!scanner.anchor.test(reading.text)) continue
      for (const secret of scanner.find(reading.text)) found.push(reading.place(secret))
    }
  }
  return mergedSecrets(found)
}
