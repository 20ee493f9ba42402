import type {Sample, Verdict} from '@chatmark/core'

/** TODO */
export function detect(_sample: Sample): Verdict {
  return {confidence: 'none', reason: 'not implemented'}
}
