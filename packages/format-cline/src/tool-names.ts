import type {ToolIdentity} from '@chatmark/core/read'
import type {Variant} from './variant.js'

/** The tool each variant is, as its notes and the vault name it. */
export const toolNames: Readonly<Record<Variant, ToolIdentity>> = {
  cline: {name: 'Cline', slug: 'cline'},
  'roo-code': {name: 'Roo Code', slug: 'roo-code'},
  'kilo-code': {name: 'Kilo Code', slug: 'kilo-code'}
}
