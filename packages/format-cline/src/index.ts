import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {clineTool} from './tool.js'

/**
 * Creates the format plugin for Cline and its forks Roo Code and Kilo Code:
 * the SDK store of Cline CLI 3.x and the Cline extension 4.x
 * (`~/.cline/data/sessions/<id>/`), and the task folders of Cline CLI 2.x and
 * of the VS Code extensions before their 2026 rewrites
 * (`globalStorage/<extension>/tasks/<taskId>/`), a folder of them or one of
 * their files. One conversation per task or session.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [cline()]})
 */
export function cline(): FormatPlugin {
  return {
    name: 'cline',
    description:
      'Cline (CLI and VS Code), Roo Code and Kilo Code: SDK sessions (~/.cline/data/sessions) and task folders ' +
      '(globalStorage/<extension>/tasks/<id>)',
    extensions: ['.json'],
    detect,
    parse,
    tool: clineTool
  }
}
