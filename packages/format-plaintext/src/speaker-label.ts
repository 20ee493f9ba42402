import type {LabelStyle, Speaker} from './types.js'

/** A line that starts a turn in a `labels` transcript. */
export interface SpeakerLabel {
  speaker: Speaker
  style: LabelStyle
  /** Text after the label on the same line, when there is any. */
  rest?: string
}

// A label is a short name; `said` is how ChatGPT's "copy conversation" writes
// them (`You said:`). The name is lazy so `User: a: b` keeps `a: b` as text.
const name = String.raw`([A-Za-z][A-Za-z0-9 ._'-]{0,31}?)(?:[ \t]+said)?`
const maxLabelLength = 40
const plain = new RegExp(`^${name}:[ \\t]*(.*)$`)
const bold = new RegExp(`^\\*\\*${name}(:?)\\*\\*(:?)[ \\t]*(.*)$`)
const heading = new RegExp(`^ {0,3}(#{1,6})[ \\t]+${name}:?(?:[ \\t]+#+)?[ \\t]*$`)

/**
 * The speaker label that `line` starts with, if any. Labels sit at the very
 * start of the line (case-insensitive): `User: text`, `**User:** text`,
 * `**User**: text`, a bold label alone on its line, or a heading that is only
 * the label (`### User`). A heading with more text (`## Claude's answer`) is
 * a heading, not a label.
 */
export function speakerLabel(line: string, speakers: ReadonlyMap<string, Speaker>): SpeakerLabel | undefined {
  // Every line of a transcript comes through here: rule lines out by their
  // first character before trying a pattern.
  const first = line.charAt(0)
  if (first === '*') return boldLabel(line, speakers)
  if (first === '#' || first === ' ') return headingLabel(line, speakers)
  if (!/[A-Za-z]/.test(first)) return undefined
  const colon = line.indexOf(':')
  // A label is at most 32 characters, plus ` said`.
  if (colon === -1 || colon > maxLabelLength) return undefined
  const match = plain.exec(line)
  return match ? labelOf(match[1], 'plain', match[2], speakers) : undefined
}

function boldLabel(line: string, speakers: ReadonlyMap<string, Speaker>): SpeakerLabel | undefined {
  const match = bold.exec(line)
  if (match) {
    const rest = match[4]
    // `**Note** that...` is emphasis; a label has a colon or stands alone.
    if (rest && !match[2] && !match[3]) return undefined
    return labelOf(match[1], 'bold', rest, speakers)
  }
  return undefined
}

function headingLabel(line: string, speakers: ReadonlyMap<string, Speaker>): SpeakerLabel | undefined {
  const match = heading.exec(line)
  return match ? labelOf(match[2], `heading-${match[1]?.length ?? 1}`, undefined, speakers) : undefined
}

function labelOf(
  label: string | undefined,
  style: LabelStyle,
  rest: string | undefined,
  speakers: ReadonlyMap<string, Speaker>
): SpeakerLabel | undefined {
  const speaker = label === undefined ? undefined : speakers.get(label.trim().toLowerCase())
  if (!speaker) return undefined
  return rest ? {speaker, style, rest} : {speaker, style}
}
