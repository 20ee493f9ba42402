import type {Detection} from '@chatmark/core'
import {confidences} from '@chatmark/core'
import {printable} from '../base/printable.js'

/**
 * Why an input read with a forced format (`--format gemini`) that gave no
 * conversation with a turn in it failed, naming the format detection would
 * have chosen: ``\`gemini\` read no conversation from a.jsonl (detected as:
 * claude)``. Without this a wrong guess wrote an empty note and passed for a
 * success. `undefined` when detection chooses the forced format too: the
 * input is then an empty session of that format, as it is read without
 * `--format`.
 */
export function readNothing(format: string, name: string, detection: Detection): string | undefined {
  const detected = detectedAs(detection)
  if (detected === format) return undefined
  return `\`${format}\` read no conversation from ${printable(name)} (detected as: ${detected ?? 'nothing'})`
}

/** The format the dispatcher would choose from these verdicts: the highest, the first of a tie (see `dispatch`). */
function detectedAs(detection: Detection): string | undefined {
  for (const confidence of confidences) {
    if (confidence === 'none') break
    const verdict = detection.verdicts.find((candidate) => candidate.confidence === confidence)
    if (verdict) return verdict.format
  }
  return undefined
}
