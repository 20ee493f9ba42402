import type {Limits} from '../read/limits.js'
import type {FormatList} from './format-list.js'

/** What a normalizer holds: its formats and its limits. Each step of reading takes it. */
export interface NormalizerState {
  readonly formats: FormatList
  readonly limits: Readonly<Limits>
}
