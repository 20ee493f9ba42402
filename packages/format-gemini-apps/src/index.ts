import type {FormatPlugin} from '@chatmark/core/read'
import {detect} from './detect.js'
import {parse} from './parse.js'
import {geminiAppsTool} from './tool.js'

/**
 * Creates the format plugin for Gemini Apps activity from Google Takeout
 * (`Takeout/My Activity/Gemini Apps/MyActivity.json` or `My Activity.html`,
 * also read from the Takeout `.zip`). Activities are grouped into
 * conversations by their conversation URL, else by 30-minute gaps.
 *
 * @example
 *   const normalizer = createNormalizer({formats: [geminiApps()]})
 */
export function geminiApps(): FormatPlugin {
  return {
    name: 'gemini-apps',
    description: 'Gemini Apps activity from Google Takeout (My Activity/Gemini Apps/MyActivity.json or .html)',
    extensions: ['.json', '.html'],
    // Takeout names every product's file alike (`My Activity/YouTube/MyActivity.json`...): an archive of several
    // products has an export per folder, and the detector declines the others by their header.
    archiveMembers: ['MyActivity.json', 'My Activity.json', 'MyActivity.html', 'My Activity.html'],
    detect,
    parse,
    tool: geminiAppsTool
  }
}
