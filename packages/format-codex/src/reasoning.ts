import type {ThinkingPart} from '@chatmark/core/model'

/**
 * A reasoning summary as a thinking part. Codex summaries start with a bold
 * title line (`**Planning**\n\n...`), which becomes the subject.
 */
export function thinkingPart(text: string): ThinkingPart | undefined {
  if (!text.trim()) return undefined
  const titled = /^\*\*([^*\n]+)\*\*\s*\n\s*\n?([\s\S]*)$/.exec(text.trim())
  if (titled?.[1] && titled[2]?.trim()) return {type: 'thinking', subject: titled[1].trim(), text: titled[2]}
  return {type: 'thinking', text}
}
