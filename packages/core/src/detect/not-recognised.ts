import type {Detection} from './dispatch.js'

/**
 * Why an input found in a folder is not one to read unasked, or `undefined`
 * when a format recognises it (`likely` or better): no format claimed it, or
 * one did only as a possible match (a stray text file, a broken `.json`, a
 * binary file). A folder holds more than sessions; an input named by the
 * person is read whatever this says.
 */
export function notRecognised(detection: Detection): string | undefined {
  if (detection.format === undefined) return detection.explanation
  const verdict = detection.verdicts.find((candidate) => candidate.format === detection.format)
  if (verdict?.confidence === 'possible') return `only a possible match for ${detection.format} (${verdict.reason})`
  return undefined
}
