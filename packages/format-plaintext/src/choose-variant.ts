import {createLineScanner} from './line-scanner.js'
import type {Scan} from './line-scanner.js'
import {transcriptTool} from './transcript-tool.js'
import type {Settings, Variant} from './types.js'

/** The variant chosen for some lines, with the scan that chose it. */
export interface Choice {
  variant: Variant
  scan: Scan
}

/**
 * Picks the transcript style of `lines` (the sample's, or the input's head):
 * - the style of a tool whose transcripts show it (see {@link transcriptTool}),
 *   when it finds turns;
 * - `marker` when the first turn is a `>` prompt (after any front matter and
 *   title) and at least two turns are found: a Markdown note that merely
 *   contains block quotes does not start with one;
 * - else `labels` when at least two labelled turns are found;
 * - else `prose`.
 */
export function chooseVariant(input: Iterable<{text: string; line: number}>, settings: Settings): Choice {
  const lines = [...input]
  const tool = transcriptTool(lines)
  if (tool) {
    const scanner = createLineScanner(tool, settings.speakers)
    for (const {text, line} of lines) scanner.push(text, line)
    const scan = scanner.end()
    if (scan.turns.length > 0) return {variant: tool, scan}
  }
  const marker = createLineScanner('marker', settings.speakers)
  const labels = createLineScanner('labels', settings.speakers)
  const prose = createLineScanner('prose', settings.speakers)
  for (const {text, line} of lines) {
    marker.push(text, line)
    labels.push(text, line)
    prose.push(text, line)
  }

  const markerScan = marker.end()
  if (markerScan.turns[0]?.role === 'user' && markerScan.turns.length >= 2) return {variant: 'marker', scan: markerScan}
  const labelScan = labels.end()
  if (labelScan.turns.filter((turn) => turn.role !== 'other').length >= 2) return {variant: 'labels', scan: labelScan}
  return {variant: 'prose', scan: prose.end()}
}
