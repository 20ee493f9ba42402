import {isSpecStoryMark, specStoryLabel} from './specstory-label.js'
import type {Variant} from './types.js'

/** How many non-blank lines the SpecStory mark may follow. */
const markWithin = 3
const banner = /Claude Code v\d|Welcome to Claude Code/
const prompt = /^(?:>|❯) \S/
const bullet = /^(?:⏺|●) \S/

/**
 * The tool whose own transcript style `lines` are in, when they show it:
 * `specstory` for SpecStory's mark near the top or two of its turn labels;
 * `claude-terminal` for Claude Code's banner before the first prompt, or
 * prompts answered by `⏺`/`●` bullets.
 */
export function transcriptTool(lines: Iterable<{text: string}>): Variant | undefined {
  let nonBlank = 0
  let labels = 0
  let prompts = 0
  let bullets = 0
  let bannerFirst = false
  for (const {text} of lines) {
    if (!/\S/.test(text)) continue
    nonBlank++
    if (nonBlank <= markWithin && isSpecStoryMark(text)) return 'specstory'
    if (specStoryLabel(text) && ++labels >= 2) return 'specstory'
    if (prompt.test(text)) prompts++
    else if (bullet.test(text) && prompts > 0) bullets++
    else if (prompts === 0 && banner.test(text)) bannerFirst = true
  }
  return bannerFirst || (prompts > 0 && bullets > 0) ? 'claude-terminal' : undefined
}
